/** Idempotency-Key, the duplicate window and the per-client rate limit, on every engine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/client.ts';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, post } from './lead-fixtures.ts';

const PATH = '/api/customer_enquiries';

describe.each(ENGINES)('lead idempotency and rate limits on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
  });
  afterAll(() => api.close());

  const leadsWithEmail = async (email: string) =>
    (await leadDb(api).selectFrom('leads').select('record').execute()).filter(
      (r) => JSON.parse(r.record).email === email,
    ).length;

  it('a retried POST with the same Idempotency-Key and body returns the first answer and makes one lead', async () => {
    const body = enquiry();
    const first = await post(api, PATH, body, { 'Idempotency-Key': 'k-same-1' });
    const again = await post(api, PATH, body, {
      'Idempotency-Key': 'k-same-1',
      'X-Forwarded-For': '10.9.9.9',
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await leadsWithEmail(body.email)).toBe(1);
  });

  it('the same key with a different body answers 422 and stores nothing new', async () => {
    const body = enquiry();
    await post(api, PATH, body, { 'Idempotency-Key': 'k-diff-1' });
    const other = await post<{ detail: string }>(
      api,
      PATH,
      { ...body, message: 'Something else' },
      { 'Idempotency-Key': 'k-diff-1' },
    );
    expect(other.status).toBe(422);
    expect(other.body.detail).toMatch(/^Idempotency-Key: /);
    expect(await leadsWithEmail(body.email)).toBe(1);
  });

  it('answers 409 while the first request with the key is still in flight', async () => {
    const body = enquiry();
    const { canonicalJson, sha256 } = await import('../../src/server/leads/idempotency.ts');
    // The first request has claimed the key and not finished yet.
    await leadDb(api)
      .insertInto('idempotency_keys')
      .values({
        key: 'customer_enquiries key:k-busy',
        request_hash: sha256(canonicalJson(body)),
        state: 'in_flight',
        response_status: null,
        response_body: null,
        created_at: Date.now(),
        owner: 'another-request',
        expires_at: Date.now() + 60_000,
      })
      .execute();
    const r = await post(api, PATH, body, { 'Idempotency-Key': 'k-busy' });
    expect(r.status).toBe(409);
    expect(await leadsWithEmail(body.email)).toBe(0);
  });

  it('ten concurrent POSTs with one key make exactly one lead; each answer is that lead or a 409', async () => {
    const body = enquiry();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(api, PATH, body, { 'Idempotency-Key': 'k-race' })),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(new Set(created.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await leadsWithEmail(body.email)).toBe(1);
  });

  it('a 422 releases the key, so the corrected form can be sent with it', async () => {
    const bad = await post(api, PATH, enquiry({ terms: false }), { 'Idempotency-Key': 'k-fix' });
    expect(bad.status).toBe(422);
    const fixed = await post(api, PATH, enquiry(), { 'Idempotency-Key': 'k-fix' });
    expect(fixed.status).toBe(201);
  });

  it('rejects a malformed Idempotency-Key with 400', async () => {
    expect((await post(api, PATH, enquiry(), { 'Idempotency-Key': 'x'.repeat(201) })).status).toBe(400);
  });

  it('a double click without a key makes one lead: the same payload from the same client is answered with the first lead', async () => {
    const body = enquiry();
    const ip = { 'X-Forwarded-For': '10.77.0.1' };
    const [a, b] = await Promise.all([post(api, PATH, body, ip), post(api, PATH, body, ip)]);
    const after = await post(api, PATH, body, ip);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([201]));
    expect(after.status).toBe(201);
    expect(after.body.id).toBe((a.status === 201 ? a : b).body.id);
    expect(await leadsWithEmail(body.email)).toBe(1);
    // Another message is another lead.
    expect((await post(api, PATH, { ...body, message: 'And a second question.' }, ip)).body.id).not.toBe(
      after.body.id,
    );
  });
});

describe.each(ENGINES)('lead rate limit on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, { RATE_LIMIT_LEADS: '3/1h', TRUST_PROXY: '1' });
  });
  afterAll(() => api.close());

  it('answers 429 with Retry-After once a client exceeds the limit, and other clients go on', async () => {
    const ip = { 'X-Forwarded-For': '192.0.2.10' };
    for (let i = 0; i < 3; i++) expect((await post(api, PATH, enquiry(), ip)).status).toBe(201);
    const over = await post<{ detail: string }>(api, PATH, enquiry(), ip);
    expect(over.status).toBe(429);
    const retry = Number(over.res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(over.body.detail).toContain(`${retry} seconds`);
    expect((await post(api, PATH, enquiry(), { 'X-Forwarded-For': '192.0.2.11' })).status).toBe(201);
  });

  it('counts invalid submissions too, and shares the count between instances on one database', async () => {
    const ip = { 'X-Forwarded-For': '192.0.2.20' };
    const second = await openDb(api.deps.config.databaseUrl);
    try {
      const other = createApi({ ...api.deps, db: second.db });
      const viaOther = (body: unknown) =>
        Promise.resolve(
          other.request(PATH, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...ip },
            body: JSON.stringify(body),
          }),
        );
      expect((await post(api, PATH, {}, ip)).status).toBe(422);
      expect((await viaOther(enquiry())).status).toBe(201);
      expect((await post(api, PATH, enquiry(), ip)).status).toBe(201);
      expect((await viaOther(enquiry())).status).toBe(429);
    } finally {
      await second.destroy();
    }
  });
});

function leadDb(api: TestApi) {
  return withLeadTables(api.deps.db);
}
