/**
 * POPIA duties (issue 13) on every engine: a data-subject export holds everything about the person,
 * decrypted, as JSON and CSV; an erasure leaves no table holding their e-mail address or ID number (every
 * table is scanned); both are recorded without the personal data; retention erases leads by age.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../src/domain/sa-id.ts';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { monthsBefore, purgeExpired } from '../../src/server/leads/retention.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, finance, LEAD_ENV, post, unique } from './lead-fixtures.ts';
import { signedIn } from './staff-helpers.ts';

type Result = {
  action: string;
  matched_by: string;
  leads: number;
  rows_removed: Record<string, number>;
  data?: {
    id: string;
    record: Record<string, unknown>;
    finance_details: Record<string, unknown> | null;
    consent: unknown;
    notes: { text: string }[];
    access_log: { action: string }[];
  }[];
};

const ID_NUMBER = `920220472008${luhnCheckDigit('920220472008')}`;
const OTHER_ID = `850101500908${luhnCheckDigit('850101500908')}`;

describe.each(ENGINES)('POPIA data-subject requests and retention on %s', (engine) => {
  let api: TestApi;
  let admin: Record<string, string>;
  const email = `Naledi.${unique()}@Example.co.za`;
  const ids: string[] = [];
  let bystander: string;

  const request = (body: unknown, h = admin) =>
    api.json<Result>('/api/admin/privacy_requests', {
      method: 'POST',
      headers: { ...h, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Every row of every table, as text (the erasure proof). */
  async function everything(): Promise<string> {
    const tables =
      engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
            api.deps.db,
          )
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            api.deps.db,
          );
    let out = '';
    for (const { name } of tables.rows) {
      const rows = await sql`select * from ${sql.table(name)}`.execute(api.deps.db);
      out += JSON.stringify(rows.rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    }
    return out.toLowerCase();
  }

  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
    admin = (await signedIn(api, 'admin')).headers;
    // Two enquiries under the address, and a finance application with another address but the same ID number.
    for (const body of [enquiry({ email }), enquiry({ email: email.toLowerCase() })]) {
      const r = await post(api, '/api/customer_enquiries', body);
      expect(r.status).toBe(201);
      ids.push(String(r.body.id));
    }
    const f = await post(api, '/api/finance_applications', finance({ email, idNumber: ID_NUMBER }));
    expect(f.status).toBe(201);
    ids.push(String(f.body.id));
    const other = await post(
      api,
      '/api/finance_applications',
      finance({ idNumber: ID_NUMBER, email: `alias.${unique()}@example.co.za` }),
    );
    ids.push(String(other.body.id));
    bystander = String((await post(api, '/api/customer_enquiries', enquiry())).body.id);
    // Staff worked and revealed it: notes and audit entries that belong to the person too.
    await api.fetch(`/api/admin/leads/${ids[0]}`, {
      method: 'PATCH',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'Contacted', note: `Spoke to Naledi, ID ${ID_NUMBER}` }),
    });
    await api.fetch(`/api/admin/leads/${ids[2]}/reveal`, { method: 'POST', headers: admin });
  });
  afterAll(() => api.close());

  it('refuses other roles, and a request naming neither or both', async () => {
    const financeStaff = (await signedIn(api, 'finance')).headers;
    expect((await request({ action: 'export', email }, financeStaff)).status).toBe(403);
    expect((await request({ action: 'export' })).status).toBe(422);
    expect((await request({ action: 'export', email, id_number: ID_NUMBER })).status).toBe(422);
    const bad = await request({ action: 'export', id_number: '123' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('ID number must be 13 digits');
  });

  it('exports everything held about the person, decrypted, by e-mail or by ID number', async () => {
    const r = await request({ action: 'export', email: email.toUpperCase() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: 'export', matched_by: 'email', leads: 4 });
    const data = r.body.data ?? [];
    expect(data.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(data.map((d) => d.id)).not.toContain(bystander);
    const app = data.find((d) => d.id === ids[2]);
    expect(app?.finance_details).toMatchObject({ idNumber: ID_NUMBER, bankName: 'First National Bank' });
    expect(app?.consent).toBeTruthy();
    expect(app?.access_log.map((a) => a.action)).toContain('lead.reveal');
    expect(data.find((d) => d.id === ids[0])?.notes[0]?.text).toContain('Spoke to Naledi');
    const byId = await request({ action: 'export', id_number: ID_NUMBER });
    expect(byId.body).toMatchObject({ matched_by: 'id_number', leads: 4 });

    const csv = await api.fetch('/api/admin/privacy_requests', {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'export', email, format: 'csv' }),
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('lead_id,section,field,value');
    expect(text).toContain(ID_NUMBER);
    expect(text.toLowerCase()).toContain(email.toLowerCase());
    expect(text).toContain('First National Bank');
  });

  it('previews what an erasure would delete, without changing or recording anything', async () => {
    const preview = (body: unknown, h = admin) =>
      api.json<{
        leads: number;
        enquiries: number;
        finance_applications: number;
        forms: string[];
        dealerships: string[];
        first_received_at: string | null;
        rows: Record<string, number>;
      }>('/api/admin/privacy_requests/preview', {
        method: 'POST',
        headers: { ...h, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const financeStaff = (await signedIn(api, 'finance')).headers;
    expect((await preview({ email }, financeStaff)).status).toBe(403);
    expect((await preview({})).status).toBe(422);
    expect((await preview({ id_number: '12' })).status).toBe(422);
    const db = withLeadTables(api.deps.db);
    const recordsBefore = (await db.selectFrom('privacy_requests').select('id').execute()).length;
    const r = await preview({ id_number: ID_NUMBER });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      leads: 4,
      enquiries: 2,
      finance_applications: 2,
      matched_by: 'id_number',
    });
    expect(r.body.forms).toEqual(['contact', 'finance']);
    expect(r.body.first_received_at).toBeTruthy();
    expect(r.body.rows).toMatchObject({ leads: 4, lead_notes: 1, lead_consents: 4 });
    expect(r.body.rows.audit_log).toBeGreaterThanOrEqual(2); // the status move and the reveal
    expect(JSON.stringify(r.body).toLowerCase()).not.toContain(email.toLowerCase());
    expect((await db.selectFrom('privacy_requests').select('id').execute()).length).toBe(recordsBefore);
    expect((await preview({ email: `nobody.${unique()}@example.co.za` })).body).toMatchObject({
      leads: 0,
      forms: [],
      first_received_at: null,
    });
  });

  it('erases the person from every table, keeps a record without their data, and leaves others alone', async () => {
    expect(await everything()).toContain(email.toLowerCase());
    const r = await request({ action: 'erasure', id_number: ID_NUMBER });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: 'erasure', leads: 4 });
    expect(r.body.rows_removed.leads).toBe(4);
    expect(r.body.rows_removed.idempotency_keys).toBeGreaterThan(0);
    const all = await everything();
    expect(all).not.toContain(email.toLowerCase());
    expect(all).not.toContain(ID_NUMBER);
    for (const id of ids) expect(all).not.toContain(id);
    expect(all).toContain(bystander);
    const records = await withLeadTables(api.deps.db).selectFrom('privacy_requests').selectAll().execute();
    expect(records.map((x) => x.action)).toEqual(expect.arrayContaining(['export', 'erasure']));
    expect((await request({ action: 'export', email })).body.leads).toBe(0);
    const list = await api.json<{ 'hydra:member': { action: string; actor: string }[] }>(
      '/api/admin/privacy_requests',
      { headers: admin },
    );
    expect(list.status).toBe(200);
    expect(list.body['hydra:member'].map((x) => x.action)).toEqual(
      expect.arrayContaining(['export', 'erasure']),
    );
    expect(JSON.stringify(list.body).toLowerCase()).not.toContain(email.toLowerCase());
    expect(JSON.stringify(list.body)).not.toContain(ID_NUMBER);
  });

  it('erases what quotes an address with _ or %, and not what quotes a look-alike (they are not wildcards)', async () => {
    const tag = unique().replace(/\D/g, '');
    const person = `a_b.${tag}@example.co.za`;
    const lookalike = `axb.${tag}@example.co.za`;
    const r = await post(api, '/api/customer_enquiries', enquiry({ email: person }));
    expect(r.status).toBe(201);
    const entry = (id: string, quoted: string) => ({
      id,
      at: new Date().toISOString(),
      actor_type: 'system',
      action: 'test.note',
      after: JSON.stringify({ email: quoted }),
    });
    await sql`insert into audit_log (id, at, actor_type, action, after) values ${sql.join(
      [entry(`p-${tag}`, person), entry(`l-${tag}`, lookalike)].map(
        (e) => sql`(${e.id}, ${e.at}, ${e.actor_type}, ${e.action}, ${e.after})`,
      ),
    )}`.execute(api.deps.db);
    const erased = await request({ action: 'erasure', email: person });
    expect(erased.body).toMatchObject({ action: 'erasure', leads: 1 });
    const all = await everything();
    expect(all).not.toContain(person);
    expect(all).toContain(lookalike);
  });

  it('erases enquiries after 24 months and finance applications after 12, recording only the count', async () => {
    const db = withLeadTables(api.deps.db);
    const now = new Date();
    const make = async (
      path: '/api/customer_enquiries' | '/api/finance_applications',
      body: unknown,
      months: number,
    ) => {
      const r = await post(api, path, body);
      const created = new Date(monthsBefore(now, months)).toISOString();
      await db
        .updateTable('leads')
        .set({ created_at: created })
        .where('id', '=', String(r.body.id))
        .execute();
      return String(r.body.id);
    };
    const oldEnquiry = await make('/api/customer_enquiries', enquiry(), 25);
    const youngEnquiry = await make('/api/customer_enquiries', enquiry(), 13);
    const oldFinance = await make('/api/finance_applications', finance({ idNumber: OTHER_ID }), 13);
    const youngFinance = await make('/api/finance_applications', finance(), 11);
    const r = await purgeExpired(db, { leadMonths: 24, financeMonths: 12 }, 'test', now);
    expect(r.leads).toBe(2);
    const left = (await db.selectFrom('leads').select('id').execute()).map((l) => l.id);
    expect(left).not.toContain(oldEnquiry);
    expect(left).not.toContain(oldFinance);
    expect(left).toEqual(expect.arrayContaining([youngEnquiry, youngFinance, bystander]));
    expect(await everything()).not.toContain(oldFinance);
    const rec = await db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('action', '=', 'retention')
      .execute();
    expect(rec).toHaveLength(1);
    expect(rec[0]).toMatchObject({ matched_by: 'age', leads: 2, actor: 'test' });
  });
});
