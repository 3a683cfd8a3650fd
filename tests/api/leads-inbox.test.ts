/**
 * The leads inbox (issue 13) on every engine: a dealer user sees only their dealership's leads (a lead of
 * another is a 404, even by id), filters and search, the status workflow, assignee and notes, the new-lead
 * count, CSV export, reveal of finance fields (admin and finance only, audited) and retry of a dead delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../src/domain/zoned-date.ts';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, finance, LEAD_ENV, post } from './lead-fixtures.ts';
import { signedIn } from './staff-helpers.ts';

type Lead = {
  id: string;
  created_at?: string;
  status: string;
  email: string;
  dealer_slug: string;
  response_minutes: number | null;
  first_response_at: string | null;
  next_statuses: string[];
  notes: { body: string; author: string }[];
  assignee: { id: string; name: string } | null;
  delivery: { channel: string; status: string; can_retry: boolean }[];
  sensitive: string[] | null;
  record: Record<string, unknown>;
};
type Page = { 'hydra:member': Lead[]; 'hydra:totalItems': number };
type Headers = Record<string, string>;

const WEST = 'motus-subaru-west-rand';
const PTA = 'motus-subaru-pretoria';

describe.each(ENGINES)('leads inbox on %s', (engine) => {
  let api: TestApi;
  let admin: Headers;
  let westDealer: Headers;
  let finance_: Headers;
  let west: Lead & { id: string };
  let pta: { id: string; email: string };
  let fin: { id: string; email: string };
  const westEmail = `west.${Date.now()}@example.co.za`;

  const get = <T = Lead>(path: string, h: Headers) => api.json<T>(path, { headers: h });
  const patch = (id: string, body: unknown, h: Headers) =>
    api.json<Lead>(`/api/admin/leads/${id}`, {
      method: 'PATCH',
      headers: { ...h, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
    admin = (await signedIn(api, 'admin')).headers;
    westDealer = (await signedIn(api, 'dealer', { dealers: [WEST] })).headers;
    finance_ = (await signedIn(api, 'finance')).headers;
    const a = await post(api, '/api/customer_enquiries', enquiry({ dealer_slug: WEST, email: westEmail }));
    const b = await post(api, '/api/customer_enquiries', enquiry({ dealer_slug: PTA, first_name: 'Pieter' }));
    const f = await post(api, '/api/finance_applications', finance({ dealership: WEST }));
    west = a.body as unknown as Lead;
    pta = b.body as unknown as { id: string; email: string };
    fin = f.body as unknown as { id: string; email: string };
  });
  afterAll(() => api.close());

  it('shows a dealer user only their dealership, and another dealership’s lead is a 404 even by id', async () => {
    const page = await get<Page>('/api/admin/leads', westDealer);
    expect(page.status).toBe(200);
    const ids = page.body['hydra:member'].map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining([west.id, fin.id]));
    expect(ids).not.toContain(pta.id);
    expect(page.body['hydra:member'].every((l) => l.dealer_slug === WEST)).toBe(true);
    expect((await get(`/api/admin/leads/${pta.id}`, westDealer)).status).toBe(404);
    expect((await get(`/api/customer_enquiries/${pta.id}`, westDealer)).status).toBe(404);
    expect((await patch(pta.id, { status: 'Contacted' }, westDealer)).status).toBe(404);
    // Asking for the other dealership by filter gives nothing, not its leads.
    const other = await get<Page>(`/api/admin/leads?dealer[]=${PTA}`, westDealer);
    expect(other.body['hydra:totalItems']).toBe(0);
    expect((await get(`/api/customer_enquiries/${west.id}`, westDealer)).status).toBe(200);
  });

  it('shows admins every dealership', async () => {
    const page = await get<Page>('/api/admin/leads?itemsPerPage=200', admin);
    const ids = page.body['hydra:member'].map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining([west.id, pta.id, fin.id]));
  });

  it('filters by form, kind, status, dealership and date, and searches name, e-mail and phone', async () => {
    const ids = async (query: string) =>
      (await get<Page>(`/api/admin/leads?${query}`, admin)).body['hydra:member'].map((l) => l.id);
    expect(await ids('kind=finance')).toContain(fin.id);
    expect(await ids('kind=finance')).not.toContain(west.id);
    expect(await ids('form_name=contact')).toContain(west.id);
    expect(await ids(`dealer[]=${PTA}`)).toEqual([pta.id]);
    expect(await ids(`q=${encodeURIComponent(westEmail.toUpperCase())}`)).toEqual([west.id]);
    expect(await ids('q=pieter')).toEqual([pta.id]);
    expect(await ids('q=082%20555%200101')).toEqual([fin.id]);
    // A bare date is a day on the group's clock (Africa/Johannesburg), as staff there read "today".
    const today = dayIn(new Date(), 'Africa/Johannesburg');
    expect(await ids(`created_at[after]=${today}&created_at[before]=${today}`)).toContain(west.id);
    expect(await ids('created_at[before]=2020-01-01')).toEqual([]);
    const received = Date.parse(west.created_at as string);
    const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    expect(await ids(`created_at[after]=${at(received)}&created_at[before]=${at(received)}`)).toEqual([
      west.id,
    ]);
    expect(await ids(`created_at[after]=${at(received + 1)}`)).not.toContain(west.id);
  });

  it('refuses a malformed filter with a 400 that names it, on the list and the CSV', async () => {
    const cases: [string, string][] = [
      ['status=Won', 'status'],
      ['kind=lead', 'kind'],
      ['form_name=fax', 'form_name'],
      ['dealer[]=nowhere', 'dealer[]'],
      ['created_at[after]=yesterday', 'created_at[after]'],
      ['created_at[after]=2026-02-30', 'created_at[after]'],
      ['created_at[before]=2026-11-25T10:00', 'created_at[before]'],
      ['created_at[after]=2026-11-26&created_at[before]=2026-11-01', 'created_at[after]'],
      ['page=99999999999999999999', 'page'],
      ['order[email]=asc', 'order[email]'],
    ];
    for (const [query, named] of cases)
      for (const path of ['/api/admin/leads', '/api/admin/leads/export.csv']) {
        const res = await get<{ detail: string }>(`${path}?${query}`, admin);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.detail, query).toContain(`${named}:`);
      }
  });

  it("names the dealerships a user's leads come from: a dealer's own, every one for admins", async () => {
    type Dealers = { 'hydra:member': { slug: string; name: string }[] };
    const mine = (await get<Dealers>('/api/admin/leads/dealerships', westDealer)).body['hydra:member'];
    expect(mine).toEqual([
      expect.objectContaining({ slug: WEST, name: expect.stringContaining('West Rand') }),
    ]);
    const all = (await get<Dealers>('/api/admin/leads/dealerships', admin)).body['hydra:member'];
    expect(all.map((d) => d.slug)).toEqual(expect.arrayContaining([WEST, PTA]));
    expect((await api.json('/api/admin/leads/dealerships')).status).toBe(401);
  });

  it('pages in Hydra style', async () => {
    const page = await get<Page & { 'hydra:view': { 'hydra:next'?: string } }>(
      '/api/admin/leads?itemsPerPage=1&order[created_at]=asc',
      admin,
    );
    expect(page.body['hydra:member']).toHaveLength(1);
    expect(page.body['hydra:totalItems']).toBeGreaterThanOrEqual(3);
    expect(page.body['hydra:view']['hydra:next']).toContain('page=2');
    expect((await get('/api/admin/leads?order[email]=asc', admin)).status).toBe(400);
  });

  it('moves a lead New → Contacted → Appointment → Sold and refuses other moves with a 409', async () => {
    const before = (await get<{ new: number }>('/api/admin/leads/count', westDealer)).body.new;
    const detail = await get(`/api/admin/leads/${west.id}`, westDealer);
    expect(detail.body).toMatchObject({
      status: 'New',
      next_statuses: ['Contacted', 'Lost'],
      response_minutes: null,
    });
    const skip = await patch(west.id, { status: 'Appointment' }, westDealer);
    expect(skip.status).toBe(409);
    expect(JSON.stringify(skip.body)).toContain('from New a lead can go to Contacted or Lost');
    const unknown = await patch(west.id, { status: 'Won' }, westDealer);
    expect(unknown.status).toBe(422);
    const contacted = await patch(
      west.id,
      { status: 'Contacted', note: 'Called, will come Saturday' },
      westDealer,
    );
    expect(contacted.status).toBe(200);
    expect(contacted.body).toMatchObject({ status: 'Contacted', response_minutes: 0 });
    expect(contacted.body.first_response_at).toBeTruthy();
    expect(contacted.body.notes.map((n) => n.body)).toEqual(['Called, will come Saturday']);
    expect((await get<{ new: number }>('/api/admin/leads/count', westDealer)).body.new).toBe(before - 1);
    expect((await patch(west.id, { status: 'New' }, westDealer)).status).toBe(409);
    expect((await patch(west.id, { status: 'Appointment' }, westDealer)).status).toBe(200);
    expect((await patch(west.id, { status: 'Sold' }, westDealer)).body.status).toBe('Sold');
    const final = await patch(west.id, { status: 'Lost' }, westDealer);
    expect(final.status).toBe(409);
    expect(JSON.stringify(final.body)).toContain('Sold is final');
    expect((await patch(west.id, {}, westDealer)).status).toBe(400);
    const audit = await api.db.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('resource_id', '=', west.id)
      .execute();
    expect(audit.filter((a) => a.action === 'lead.update')).toHaveLength(3);
    expect(JSON.stringify(audit)).not.toContain('Saturday');
  });

  it('assigns a lead only to a staff member of its dealership', async () => {
    const colleague = await signedIn(api, 'dealer', {
      dealers: [WEST],
      email: `colleague.${Date.now()}@motus.example`,
    });
    const outsider = await signedIn(api, 'dealer', {
      dealers: [PTA],
      email: `outsider.${Date.now()}@motus.example`,
    });
    const idOf = async (h: Headers) =>
      (await api.json<{ user: { id: string } }>('/api/auth/get-session', { headers: h })).body?.user?.id;
    api.checkContract = false; // /api/auth/* is not in /api/docs.json yet (staff-helpers.ts)
    const colleagueId = await idOf(colleague.headers);
    const outsiderId = await idOf(outsider.headers);
    api.checkContract = true;
    const refused = await patch(fin.id, { assignee_id: outsiderId }, westDealer);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(
      'Assignee must be a staff member of motus-subaru-west-rand',
    );
    // The picker offers exactly the dealership's staff (not the outsider); Pretoria's lead is a 404.
    const choices = await get<{ 'hydra:member': { id: string; name: string; role: string }[] }>(
      `/api/admin/leads/${fin.id}/assignees`,
      westDealer,
    );
    expect(choices.status).toBe(200);
    const choiceIds = choices.body['hydra:member'].map((s) => s.id);
    expect(choiceIds).toContain(colleagueId);
    expect(choiceIds).not.toContain(outsiderId);
    expect(choices.body['hydra:member'].every((s) => s.role === 'dealer')).toBe(true);
    expect((await get(`/api/admin/leads/${pta.id}/assignees`, westDealer)).status).toBe(404);
    const ok = await patch(fin.id, { assignee_id: colleagueId }, westDealer);
    expect(ok.status).toBe(200);
    expect(ok.body.assignee).toEqual({ id: colleagueId, name: 'Test dealer' });
    // "Assigned to me" for the colleague finds it; for the West dealer it does not; `none` is the rest.
    const mine = async (h: Headers, who = 'me') =>
      (await get<Page>(`/api/admin/leads?assignee_id=${who}`, h)).body['hydra:member'].map((l) => l.id);
    expect(await mine(colleague.headers)).toEqual([fin.id]);
    expect(await mine(westDealer)).toEqual([]);
    expect(await mine(admin, String(colleagueId))).toEqual([fin.id]);
    expect(await mine(westDealer, 'none')).not.toContain(fin.id);
    const csv = await api.fetch('/api/admin/leads/export.csv?assignee_id=me', { headers: colleague.headers });
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(2);
    // A blocked account is no longer offered, nor accepted.
    const disable = (disabled: boolean) =>
      api.fetch(`/api/admin/staff/${colleagueId}`, {
        method: 'PATCH',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ disabled }),
      });
    expect((await disable(true)).status).toBe(200);
    const after = await get<{ 'hydra:member': { id: string }[] }>(
      `/api/admin/leads/${fin.id}/assignees`,
      admin,
    );
    expect(after.body['hydra:member'].map((s) => s.id)).not.toContain(colleagueId);
    expect((await patch(fin.id, { assignee_id: colleagueId }, westDealer)).status).toBe(422);
    expect((await disable(false)).status).toBe(200);
    expect((await patch(fin.id, { assignee_id: null }, westDealer)).body.assignee).toBeNull();
  });

  it('exports the filtered list as CSV', async () => {
    const res = await api.fetch(`/api/admin/leads/export.csv?dealer[]=${WEST}`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="leads-/);
    const csv = await res.text();
    expect(csv.split('\r\n')[0]).toContain('created_at,id,kind,form_name');
    expect(csv).toContain(westEmail);
    expect(csv).not.toContain(pta.id);
    expect(csv).not.toContain('8001015009087');
    const mine = await (await api.fetch('/api/admin/leads/export.csv', { headers: westDealer })).text();
    expect(mine).not.toContain(pta.id);
  });

  it('keeps finance fields masked in the inbox; admin and finance reveal one application, each reveal audited', async () => {
    const detail = await get(`/api/admin/leads/${fin.id}`, westDealer);
    expect(JSON.stringify(detail.body)).not.toContain('8001015009087');
    expect(JSON.stringify(detail.body)).not.toContain('First National Bank');
    expect(detail.body.sensitive).toContain('bankName');
    const reveal = (h: Headers, id = fin.id) =>
      api.json<{ fields: Record<string, unknown> }>(`/api/admin/leads/${id}/reveal`, {
        method: 'POST',
        headers: h,
      });
    expect((await reveal(westDealer)).status).toBe(403);
    const shown = await reveal(finance_);
    expect(shown.status).toBe(200);
    expect(shown.body.fields).toMatchObject({ idNumber: '8001015009087', bankName: 'First National Bank' });
    expect((await reveal(admin)).status).toBe(200);
    expect((await reveal(admin, west.id)).status).toBe(404);
    const entries = await api.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'lead.reveal')
      .where('resource_id', '=', fin.id)
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.actor_type)).toEqual(['staff', 'staff']);
    expect(JSON.stringify(entries)).not.toContain('8001015009087');
    expect(JSON.stringify(entries)).not.toContain('First National Bank');
  });

  it('retries a dead delivery now, and only a dead one', async () => {
    const db = withLeadTables(api.deps.db);
    await db
      .updateTable('lead_outbox')
      .set({ status: 'dead', last_error: 'SMTP 550' })
      .where('lead_id', '=', pta.id)
      .execute();
    const detail = await get(`/api/admin/leads/${pta.id}`, admin);
    expect(detail.body.delivery[0]).toMatchObject({ channel: 'email', status: 'dead', can_retry: true });
    const retry = (h: Headers) =>
      api.json<Lead>(`/api/admin/leads/${pta.id}/deliveries/email/retry`, { method: 'POST', headers: h });
    expect((await retry(westDealer)).status).toBe(404);
    const r = await retry(admin);
    expect(r.status).toBe(200);
    expect(r.body.delivery[0]).toMatchObject({ status: 'pending', can_retry: false });
    expect((await retry(admin)).status).toBe(409);
    expect(
      (await api.fetch(`/api/admin/leads/${pta.id}/deliveries/fax/retry`, { method: 'POST', headers: admin }))
        .status,
    ).toBe(400);
  });
});
