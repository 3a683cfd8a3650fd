/**
 * The leads inbox: which leads a principal may see, the list filters, and how a lead is shown
 * to staff. A dealer user sees only their dealership(s); a lead outside them is a 404, never a 403, so ids
 * reveal nothing. Sensitive finance fields stay encrypted here; only the reveal route (routes/admin-leads.ts),
 * delivery and POPIA exports decrypt them, through sensitiveFieldsOf (crypto.ts).
 */
import type { Context } from 'hono';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { FINANCE_SENSITIVE_FIELDS } from '../../contract/forms/finance.ts';
import { carTitle } from '../../domain/format.ts';
import { LEAD_FORMS } from '../../domain/lead-presets.ts';
import { LEAD_STAGES, type LeadStage, NEXT_STAGES } from '../../domain/lead-workflow.ts';
import { paths } from '../../domain/urls.ts';
import { endOfDay, isCalendarDay, startOfDay } from '../../domain/zoned-date.ts';
import type { Principal } from '../auth/principal.ts';
import type { LeadDatabase, LeadsTable } from '../db/schema-leads.ts';
import { badRequest, notFound } from '../hydra.ts';

type LeadRow = LeadsTable;
type LeadQuery = SelectQueryBuilder<LeadDatabase, 'leads', object>;

/** The dealerships a principal's lead reads are limited to; null: every one (admin, finance, API keys). */
export const leadScopeOf = (p: Principal): string[] | null =>
  p.type === 'staff' && p.role === 'dealer' ? p.dealers : null;

export function scoped(q: LeadQuery, p: Principal): LeadQuery {
  const dealers = leadScopeOf(p);
  if (dealers === null) return q;
  return dealers.length ? q.where('leads.dealer_slug', 'in', dealers) : q.where('leads.id', '=', '');
}

/** One lead the principal may see, or a 404 naming it. */
export async function findLead(db: Kysely<LeadDatabase>, p: Principal, id: string): Promise<LeadRow> {
  const lead = await scoped(db.selectFrom('leads'), p).selectAll().where('id', '=', id).executeTakeFirst();
  if (!lead) throw notFound('Lead', id);
  return lead as LeadRow;
}

/** The lead linking a valuation photo, among those the principal may see (else none: a 404). */
export const leadWithPhoto = (db: Kysely<LeadDatabase>, p: Principal, photoId: string) =>
  scoped(db.selectFrom('leads'), p)
    .select('id')
    .where('record', 'like', `%/api/lead_photos/${photoId}%`)
    .executeTakeFirst();

/** Whether any lead links this valuation photo (photo ids are UUIDs, so the LIKE needs no escaping). */
export const photoLinked = async (db: Kysely<LeadDatabase>, photoId: string) =>
  Boolean(
    await db
      .selectFrom('leads')
      .select('id')
      .where('record', 'like', `%/api/lead_photos/${photoId}%`)
      .executeTakeFirst(),
  );

export interface InboxFilters {
  form: string | null;
  kind: string | null;
  status: LeadStage | null;
  dealers: string[];
  /** ISO instants, inclusive. */
  after: string | null;
  before: string | null;
  q: string | null;
  /** A staff id, or null for "nobody"; undefined: any assignee. */
  assignee?: string | null;
}

/** A bare calendar day, or an ISO date-time with its offset (Z or +02:00). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads the inbox filters (API Platform style: created_at[after], dealer[]) and rejects malformed ones
 * with a 400 naming the parameter. A bare date is a calendar day on the group's clock (`timeZone`):
 * `after` from its first instant, `before` up to its last. `assignee_id` is a staff id, `me` (the
 * signed-in staff member) or `none` (not assigned). Dealership slugs are checked against the database by
 * the route (checkDealerSlugs).
 */
export function readFilters(c: Context, p: Principal | undefined, timeZone: string): InboxFilters {
  const one = (name: string) => c.req.query(name)?.trim() || null;
  const status = one('status');
  if (status && !LEAD_STAGES.includes(status as LeadStage))
    throw badRequest(`status: '${status}' is not one of ${LEAD_STAGES.join(', ')}.`, { parameter: 'status' });
  const kind = one('kind');
  if (kind && kind !== 'enquiry' && kind !== 'finance')
    throw badRequest(`kind: '${kind}' must be enquiry or finance.`, { parameter: 'kind' });
  const form = one('form_name');
  if (form && !LEAD_FORMS.includes(form))
    throw badRequest(`form_name: '${form}' is not one of ${LEAD_FORMS.join(', ')}.`, {
      parameter: 'form_name',
    });
  const date = (name: string, edge: 'start' | 'end') => {
    const value = one(name);
    if (!value) return null;
    if (isCalendarDay(value))
      return edge === 'start'
        ? startOfDay(value, timeZone).toISOString()
        : new Date(endOfDay(value, timeZone).getTime() - 1).toISOString();
    if (DATE_TIME.test(value) && isCalendarDay(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)))
      return new Date(value).toISOString();
    throw badRequest(
      `${name}: '${value}' is not a date (YYYY-MM-DD, or an ISO date-time with its offset such as 2026-11-25T08:00:00+02:00).`,
      { parameter: name },
    );
  };
  const after = date('created_at[after]', 'start');
  const before = date('created_at[before]', 'end');
  if (after && before && after > before)
    throw badRequest(
      `created_at[after]: '${one('created_at[after]')}' is later than created_at[before] '${one('created_at[before]')}', so no lead can match.`,
      { parameter: 'created_at[after]' },
    );
  const dealers = [...(c.req.queries('dealer[]') ?? []), ...(c.req.queries('dealer') ?? [])]
    .map((s) => s.trim())
    .filter(Boolean);
  const assigneeParam = one('assignee_id');
  let assignee: string | null | undefined;
  if (assigneeParam === 'none') assignee = null;
  else if (assigneeParam === 'me') {
    if (p?.type !== 'staff')
      throw badRequest("assignee_id: 'me' needs a signed-in staff member, not an API key.", {
        parameter: 'assignee_id',
      });
    assignee = p.id;
  } else if (assigneeParam) assignee = assigneeParam;
  return {
    form,
    kind,
    status: status as LeadStage | null,
    dealers,
    after,
    before,
    q: one('q'),
    ...(assignee !== undefined ? { assignee } : {}),
  };
}

export function filtered(q: LeadQuery, f: InboxFilters): LeadQuery {
  let out = q;
  if (f.form) out = out.where('leads.form_name', '=', f.form);
  if (f.kind) out = out.where('leads.kind', '=', f.kind as 'enquiry' | 'finance');
  if (f.status) out = out.where('leads.stage', '=', f.status);
  if (f.dealers.length) out = out.where('leads.dealer_slug', 'in', f.dealers);
  if (f.after) out = out.where('leads.created_at', '>=', f.after);
  if (f.before) out = out.where('leads.created_at', '<=', f.before);
  if (f.assignee === null) out = out.where('leads.assignee_id', 'is', null);
  else if (f.assignee !== undefined) out = out.where('leads.assignee_id', '=', f.assignee);
  return out;
}

export interface Person {
  name: string;
  email: string;
  phone: string;
}

/** Name, e-mail and phone of a lead's record (the two forms name them differently). */
export function personOf(record: Record<string, unknown>): Person {
  const s = (k: string) => (typeof record[k] === 'string' ? (record[k] as string) : '');
  const name = [s('first_name') || s('firstName'), s('last_name') || s('surname')].filter(Boolean).join(' ');
  return { name, email: s('email'), phone: s('cell_phone') || s('phone') };
}

const digits = (s: string) => s.replace(/\D/g, '');
/** "082 123 4567", "0821234567" and "+27821234567" are one number. */
const nationalDigits = (s: string) => digits(s).replace(/^27/, '0');

/**
 * Who a lead of this dealership may be assigned to: the staff members linked to it (staff_dealers), not
 * those whose account is blocked. The same rule workLead checks.
 */
export async function assigneesOf(db: Kysely<LeadDatabase>, dealerSlug: string) {
  const rows = await db
    .selectFrom('staff_dealers')
    .innerJoin('staff', 'staff.id', 'staff_dealers.staff_id')
    .select(['staff.id', 'staff.name', 'staff.email', 'staff.role', 'staff.banned'])
    .where('staff_dealers.dealer_slug', '=', dealerSlug)
    .orderBy('staff.name')
    .orderBy('staff.id')
    .execute();
  return rows
    .filter((r) => !r.banned)
    .map((r) => ({ id: r.id, name: r.name || r.email, email: r.email, role: r.role ?? 'dealer' }));
}

/** Free-text search by name, e-mail or phone (done on the decoded record, not the JSON text). */
export function matches(person: Person, q: string): boolean {
  const needle = q.toLowerCase();
  if (person.name.toLowerCase().includes(needle) || person.email.toLowerCase().includes(needle)) return true;
  const d = nationalDigits(q);
  return d.length >= 4 && nationalDigits(person.phone).includes(d);
}

export const SORTABLE = ['created_at', 'status', 'dealer_slug', 'form_name'];
export const sortColumn = (s: string | null) =>
  s === 'status' ? 'stage' : s === 'dealer_slug' || s === 'form_name' ? s : 'created_at';

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Shows leads as the inbox lists them: person, vehicle, assignee, response time and each delivery. */
export async function present(db: Kysely<LeadDatabase>, leads: LeadRow[]) {
  if (!leads.length) return [];
  const ids = leads.map((l) => l.id);
  const records = leads.map((l) => JSON.parse(l.record) as Record<string, unknown>);
  const jobs = await db.selectFrom('lead_outbox').selectAll().where('lead_id', 'in', ids).execute();
  const staffIds = [...new Set(leads.map((l) => l.assignee_id).filter((x): x is string => !!x))];
  const staff = staffIds.length
    ? await db.selectFrom('staff').select(['id', 'name']).where('id', 'in', staffIds).execute()
    : [];
  const vehicleIds = [
    ...new Set(records.map((r) => r.vehicle_id).filter((x): x is number => typeof x === 'number')),
  ];
  const vehicles = vehicleIds.length
    ? await db
        .selectFrom('vehicles')
        .select(['id', 'make', 'make_slug', 'model', 'model_slug', 'variant', 'year'])
        .where('id', 'in', vehicleIds)
        .execute()
    : [];
  return leads.map((l, i) => {
    const record = records[i] as Record<string, unknown>;
    const v = vehicles.find((x) => x.id === record.vehicle_id);
    const a = staff.find((s) => s.id === l.assignee_id);
    const subject = [record.make ?? record.manufacturer, record.model].filter((x) => typeof x === 'string');
    return {
      '@id': `/api/admin/leads/${l.id}`,
      '@type': 'Lead' as const,
      id: l.id,
      kind: l.kind,
      form_name: l.form_name,
      lead_type: l.lead_type,
      dealer_slug: l.dealer_slug,
      status: l.stage as LeadStage,
      ...personOf(record),
      subject: subject.length ? subject.join(' ') : null,
      vehicle: v
        ? {
            id: v.id,
            '@id': `/api/vehicles/${v.id}`,
            title: carTitle(v),
            url: paths.usedCar(v),
          }
        : null,
      assignee: a
        ? { id: a.id, name: a.name }
        : l.assignee_id
          ? { id: l.assignee_id, name: '(removed)' }
          : null,
      created_at: l.created_at,
      first_response_at: l.first_response_at,
      response_minutes: l.first_response_at
        ? Math.max(0, Math.round((Date.parse(l.first_response_at) - Date.parse(l.created_at)) / 60_000))
        : null,
      delivery: jobs
        .filter((j) => j.lead_id === l.id)
        .sort((x, y) => x.channel.localeCompare(y.channel))
        .map((j) => ({
          channel: j.channel,
          status: j.status,
          attempts: j.attempts,
          last_error: j.last_error,
          next_attempt_at: j.status === 'pending' ? iso(j.next_attempt_at) : null,
          delivered_at: iso(j.delivered_at),
          can_retry: j.status === 'dead',
        })),
    };
  });
}

/** The detail view: the summary plus the record, the names of the encrypted fields, notes and next moves. */
export async function presentDetail(db: Kysely<LeadDatabase>, lead: LeadRow) {
  const [summary] = await present(db, [lead]);
  const notes = await db
    .selectFrom('lead_notes')
    .selectAll()
    .where('lead_id', '=', lead.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const { '@context': _c, '@id': _i, '@type': _t, ...record } = JSON.parse(lead.record);
  return {
    ...summary,
    next_statuses: [...NEXT_STAGES[lead.stage as LeadStage]],
    record,
    sensitive: lead.sensitive ? [...FINANCE_SENSITIVE_FIELDS] : null,
    notes: notes.map((n) => ({ id: n.id, body: n.body, author: n.author_name, created_at: n.created_at })),
  };
}
