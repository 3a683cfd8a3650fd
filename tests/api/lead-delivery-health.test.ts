/**
 * Delivery state staff can believe (issue 25 §4), both databases: GET /api/admin/leads/delivery says per
 * channel whether it is set up at all, how many deliveries wait and since when, the dead letters and the
 * last success, counted over the caller's dealership(s) only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, post } from './lead-fixtures.ts';
import { signedIn } from './staff-helpers.ts';

type Channel = {
  channel: string;
  configured: boolean;
  setting: string;
  undelivered: number;
  oldest_undelivered_at: string | null;
  dead: number;
  last_delivered_at: string | null;
};
type Health = { '@type': string; channels: Channel[] };
const WEST = 'motus-subaru-west-rand';
const PTA = 'motus-subaru-pretoria';

describe.each(ENGINES)('lead delivery health on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV); // no SMTP_URL, no CRM_WEBHOOK_URL
  });
  afterAll(() => api.close());
  const health = async (headers: Record<string, string>) => {
    const r = await api.json<Health>('/api/admin/leads/delivery', { headers });
    expect(r.status).toBe(200);
    return Object.fromEntries(r.body.channels.map((c) => [c.channel, c])) as Record<string, Channel>;
  };

  it('says e-mail and the CRM are not set up, and counts waiting, dead and delivered leads per dealership', async () => {
    const admin = (await signedIn(api, 'admin')).headers;
    const westDealer = (await signedIn(api, 'dealer', { dealers: [WEST] })).headers;
    const before = await health(admin);
    const was = before.email as Channel;
    expect(before.email).toMatchObject({ configured: false, setting: 'SMTP_URL' });
    expect(before.webhook).toMatchObject({ configured: false, setting: 'CRM_WEBHOOK_URL', undelivered: 0 });

    const ids: string[] = [];
    for (const dealer of [WEST, WEST, PTA, PTA]) {
      const r = await post(api, '/api/customer_enquiries', enquiry({ dealer_slug: dealer }));
      expect(r.status).toBe(201);
      ids.push(String((r.body as { id: string }).id));
    }
    const db = withLeadTables(api.deps.db);
    const t0 = Date.UTC(2026, 10, 20, 8, 0, 0);
    // Fixtures of what a worker would have done: the first West Rand lead waits since 20 Nov, the second
    // is a dead letter; one Pretoria lead was delivered on 21 Nov, the other waits since 22 Nov.
    const set = (id: string, values: Record<string, unknown>) =>
      db
        .updateTable('lead_outbox')
        .set(values)
        .where('lead_id', '=', id)
        .where('channel', '=', 'email')
        .execute();
    await set(ids[0] as string, { created_at: t0 });
    await set(ids[1] as string, { status: 'dead', attempts: 8, created_at: t0 + 1000 });
    await set(ids[2] as string, { status: 'delivered', attempts: 1, delivered_at: t0 + 86_400_000 });
    await set(ids[3] as string, { created_at: t0 + 2 * 86_400_000 });

    const all = (await health(admin)).email as Channel;
    expect(all.undelivered - was.undelivered).toBe(2);
    expect(all.dead - was.dead).toBe(1);
    expect(all.oldest_undelivered_at).toBe('2026-11-20T08:00:00.000Z');
    expect(all.last_delivered_at).toBe('2026-11-21T08:00:00.000Z');

    // The West Rand dealer user sees their own: nothing of Pretoria's delivery or waiting lead.
    const west = (await health(westDealer)).email as Channel;
    expect(west).toMatchObject({
      configured: false,
      undelivered: 1,
      dead: 1,
      oldest_undelivered_at: '2026-11-20T08:00:00.000Z',
      last_delivered_at: null,
    });
  });

  it('is for staff only', async () => {
    expect((await api.fetch('/api/admin/leads/delivery')).status).toBe(401);
  });
});

describe('lead delivery health with SMTP and the CRM configured', () => {
  it('says both channels are set up', async () => {
    const api = await openTestApi('sqlite', {
      ...LEAD_ENV,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      CRM_WEBHOOK_URL: 'https://crm.example.co.za/leads',
      CRM_WEBHOOK_SECRET: 'a-webhook-secret-of-enough-length',
    });
    try {
      const admin = (await signedIn(api, 'admin')).headers;
      const r = await api.json<Health>('/api/admin/leads/delivery', { headers: admin });
      expect(r.body.channels.map((c) => [c.channel, c.configured])).toEqual([
        ['email', true],
        ['webhook', true],
      ]);
    } finally {
      await api.close();
    }
  });
});
