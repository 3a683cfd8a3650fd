/**
 * Issue 12, finding 1: one Idempotency-Key made two leads when the first request took more than 30 s.
 * The claim now has a fenced owner: a request whose claim was taken over cannot commit, and a request
 * that is committing holds its claim locked, so a retry cannot take it over.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { canonicalJson, completeKey, KeyTakenOver, sha256 } from '../../src/server/leads/idempotency.ts';
import { type NewLead, storeLead } from '../../src/server/leads/store.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, post } from './lead-fixtures.ts';

const PATH = '/api/customer_enquiries';

describe.each(ENGINES)('fenced idempotency keys on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
  });
  afterAll(() => api.close());

  const db = () => withLeadTables(api.deps.db);
  const leadsWithEmail = async (email: string) =>
    (await db().selectFrom('leads').select('record').execute()).filter(
      (r) => JSON.parse(r.record).email === email,
    ).length;
  /** The claim a first request made `ageMs` ago and has not completed. */
  const claimedEarlier = (name: string, body: unknown, owner: string, ageMs: number) =>
    db()
      .insertInto('idempotency_keys')
      .values({
        key: `customer_enquiries key:${name}`,
        request_hash: sha256(canonicalJson(body)),
        state: 'in_flight',
        response_status: null,
        response_body: null,
        created_at: Date.now() - ageMs,
        expires_at: Date.now() + 3_600_000,
        owner,
      })
      .execute();

  it('a request whose claim was taken over after 30 s cannot commit a second lead', async () => {
    const body = enquiry();
    await claimedEarlier('k-slow', body, 'first-request', 31_000);
    // The retry takes the abandoned-looking claim over and stores the lead.
    const retry = await post<{ id: string }>(api, PATH, body, { 'Idempotency-Key': 'k-slow' });
    expect(retry.status).toBe(201);
    // Then the slow first request finally reaches its commit: refused, nothing stored.
    const slow: NewLead = {
      id: '11111111-2222-4333-8444-555555555555',
      kind: 'enquiry',
      form_name: 'contact',
      lead_type: 'General Enquiry',
      source_code: 'Group Website Contact Form',
      dealer_slug: 'motus-subaru-west-rand',
      record: { email: body.email },
      sensitive: null,
      ip_hash: 'x',
      created_at: new Date().toISOString(),
      consent: { agreed: [] },
    };
    await expect(
      storeLead(
        api.deps,
        slow,
        { status: 201, body: '{}' },
        { key: 'customer_enquiries key:k-slow', owner: 'first-request' },
      ),
    ).rejects.toBeInstanceOf(KeyTakenOver);
    expect(await leadsWithEmail(body.email)).toBe(1);
    // And every later retry gets the one lead.
    const again = await post<{ id: string }>(api, PATH, body, { 'Idempotency-Key': 'k-slow' });
    expect(again.body.id).toBe(retry.body.id);
    expect(again.res.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('a request that is committing cannot be taken over, however long it takes', async () => {
    const body = enquiry();
    await claimedEarlier('k-committing', body, 'committing-request', 31_000);
    const answer = JSON.stringify({ '@id': '/api/customer_enquiries/first', id: 'first' });
    api.checkContract = false; // the replayed first answer is a stand-in, not a real record
    let retry: Promise<{ status: number; body: { id?: string }; res: Response }> | undefined;
    await api.deps.db.transaction().execute(async (trx) => {
      await completeKey(
        withLeadTables(trx),
        'customer_enquiries key:k-committing',
        'committing-request',
        201,
        answer,
      );
      // The retry arrives while the first request's transaction is still open…
      retry = post(api, PATH, body, { 'Idempotency-Key': 'k-committing' });
      if (engine === 'postgres') await blockedOnLock(api);
    });
    // …and, once it commits, gets the first answer instead of making a lead of its own.
    const r = await (retry as NonNullable<typeof retry>);
    expect(r.status).toBe(201);
    expect(r.body.id).toBe('first');
    expect(r.res.headers.get('Idempotent-Replayed')).toBe('true');
    api.checkContract = true;
    expect(await leadsWithEmail(body.email)).toBe(0);
  });
});

/** Waits (bounded) until some session of this test database waits for a row lock. */
async function blockedOnLock(api: TestApi) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(api.deps.db);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the retry never waited for the committing request');
}
