/**
 * X-Forwarded-For is anyone's to send: with TRUST_PROXY=0 it is ignored (every forged address shares
 * the caller's real rate-limit bucket); with TRUST_PROXY=1 the proxy's last entry is the client.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, post } from './lead-fixtures.ts';

const PATH = '/api/customer_enquiries';

describe.each(ENGINES)('TRUST_PROXY on %s', (engine) => {
  const apis: TestApi[] = [];
  // A day-long fixed window: a minute-long one failed now and then when the three posts straddled its edge.
  const open = async (trustProxy: string) => {
    const api = await openTestApi(engine, { RATE_LIMIT_LEADS: '2/24h', TRUST_PROXY: trustProxy });
    apis.push(api);
    return api;
  };
  afterAll(() => Promise.all(apis.map((a) => a.close())));

  it('ignores X-Forwarded-For with TRUST_PROXY=0: forged addresses do not escape the rate limit', async () => {
    const api = await open('0');
    const statuses = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      statuses.push((await post(api, PATH, enquiry(), { 'X-Forwarded-For': ip })).status);
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('honours X-Forwarded-For with TRUST_PROXY=1: the right-most entry is the client', async () => {
    const api = await open('1');
    const statuses = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      statuses.push((await post(api, PATH, enquiry(), { 'X-Forwarded-For': `203.0.113.9, ${ip}` })).status);
    expect(statuses).toEqual([201, 201, 201]);
    // The spoofable left part is not the client: the same right-most entry shares one bucket.
    const same = { 'X-Forwarded-For': '203.0.113.50, 198.51.100.77' };
    const other = { 'X-Forwarded-For': '203.0.113.51, 198.51.100.77' };
    expect((await post(api, PATH, enquiry(), same)).status).toBe(201);
    expect((await post(api, PATH, enquiry(), other)).status).toBe(201);
    expect((await post(api, PATH, enquiry(), same)).status).toBe(429);
  });
});
