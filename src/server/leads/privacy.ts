/**
 * POPIA data-subject requests (docs/decisions/121-popia-requests.md): find everything held about a
 * person by e-mail address or SA ID number, export it decrypted, or erase it (leads, consents, outbox jobs,
 * notes, stored idempotent answers and every audit entry naming them). What was done is recorded in
 * `privacy_requests` without the person's data. Retention (retention.ts) erases by age through the same code.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { LeadDatabase, LeadsTable } from '../db/schema-leads.ts';
import type { BlobStore } from '../media/storage.ts';
import { type LeadCrypto, sensitiveFieldsOf } from './crypto.ts';
import { personOf } from './inbox.ts';
import { deleteLeadPhotos, photoIdsOf } from './photos.ts';

export interface Subject {
  email?: string;
  idNumber?: string;
}

/**
 * Whether a text column contains this text, in any case. `_` and `%` are common in e-mail addresses and are
 * LIKE wildcards: escaped, so erasing a_b@x.co never deletes what quotes axb@x.co.
 */
const quotes = (column: string, text: string) => {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
};

const idDigits = (s: unknown) => String(s ?? '').replace(/\D/g, '');

/**
 * Every lead of the person. A match by e-mail also finds the finance applications under their ID number,
 * and the other way round, until nothing new turns up: one request covers everything held about them.
 */
export async function findSubjectLeads(
  db: Kysely<LeadDatabase>,
  crypto: LeadCrypto,
  subject: Subject,
): Promise<{ leads: LeadsTable[]; emails: Set<string>; idNumbers: Set<string> }> {
  const emails = new Set(subject.email ? [subject.email.trim().toLowerCase()] : []);
  const idNumbers = new Set(subject.idNumber ? [idDigits(subject.idNumber)] : []);
  const found = new Map<string, LeadsTable>();
  // Finance applications are few (kept 12 months) and their ID number is only inside the envelope.
  const finance = (await db.selectFrom('leads').selectAll().where('sensitive', 'is not', null).execute()).map(
    (l) => ({ lead: l, secret: sensitiveFieldsOf(crypto, l) }),
  );
  for (let round = 0; round < 5; round++) {
    const before = found.size;
    for (const email of emails) {
      // The LIKE narrows the scan; the exact comparison is on the decoded record.
      const rows = await db.selectFrom('leads').selectAll().where(quotes('record', email)).execute();
      for (const l of rows)
        if (personOf(JSON.parse(l.record)).email.toLowerCase() === email) found.set(l.id, l);
    }
    for (const { lead, secret } of finance)
      if (secret && idNumbers.has(idDigits(secret.idNumber))) found.set(lead.id, lead);
    for (const l of found.values()) {
      const email = personOf(JSON.parse(l.record)).email.toLowerCase();
      if (email) emails.add(email);
      const secret = finance.find((f) => f.lead.id === l.id)?.secret;
      if (secret?.idNumber) idNumbers.add(idDigits(secret.idNumber));
    }
    if (found.size === before && round > 0) break;
  }
  const leads = [...found.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return { leads, emails, idNumbers };
}

/** Everything held about these leads, decrypted: record, finance fields, consent, notes, deliveries, audit. */
export async function exportLeads(db: Kysely<LeadDatabase>, crypto: LeadCrypto, leads: LeadsTable[]) {
  const ids = leads.map((l) => l.id);
  if (!ids.length) return [];
  const [consents, notes, jobs, audit] = await Promise.all([
    db.selectFrom('lead_consents').selectAll().where('lead_id', 'in', ids).execute(),
    db.selectFrom('lead_notes').selectAll().where('lead_id', 'in', ids).orderBy('created_at').execute(),
    db.selectFrom('lead_outbox').selectAll().where('lead_id', 'in', ids).execute(),
    db
      .selectFrom('audit_log')
      .select(['at', 'action', 'actor_name', 'resource_id'])
      .where('resource_id', 'in', ids)
      .orderBy('at')
      .execute(),
  ]);
  return leads.map((l) => {
    const { '@context': _c, '@id': _i, '@type': _t, ...record } = JSON.parse(l.record);
    const consent = consents.find((c) => c.lead_id === l.id);
    return {
      id: l.id,
      kind: l.kind,
      form_name: l.form_name,
      dealer_slug: l.dealer_slug,
      received_at: l.created_at,
      status: l.stage,
      record,
      finance_details: sensitiveFieldsOf(crypto, l),
      consent: consent
        ? {
            agreed: JSON.parse(consent.agreed),
            notice_version: consent.notice_version,
            agreed_at: consent.agreed_at,
          }
        : null,
      notes: notes
        .filter((n) => n.lead_id === l.id)
        .map((n) => ({ at: n.created_at, by: n.author_name, text: n.body })),
      deliveries: jobs
        .filter((j) => j.lead_id === l.id)
        .map((j) => ({
          channel: j.channel,
          status: j.status,
          attempts: j.attempts,
          delivered_at: j.delivered_at === null ? null : new Date(Number(j.delivered_at)).toISOString(),
        })),
      access_log: audit
        .filter((a) => a.resource_id === l.id)
        .map((a) => ({ at: a.at, action: a.action, by: a.actor_name })),
    };
  });
}

/** The export as CSV: one row per value (lead, section, field, value), so nested details stay readable. */
export function exportCsv(data: Record<string, unknown>[]): string {
  const cell = (value: unknown) => {
    let s =
      value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const rows: unknown[][] = [['lead_id', 'section', 'field', 'value']];
  for (const lead of data) {
    const id = lead.id;
    for (const [section, value] of Object.entries(lead)) {
      if (value && typeof value === 'object' && !Array.isArray(value))
        for (const [field, v] of Object.entries(value)) rows.push([id, section, field, v]);
      else if (Array.isArray(value))
        for (const [i, v] of value.entries()) rows.push([id, section, String(i + 1), v]);
      else rows.push([id, 'lead', section, value]);
    }
  }
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * The rows about a lead in other tables, and the column naming the lead: what an erasure deletes with the
 * lead and what its preview counts (one list, so the preview cannot promise less than the erasure does).
 */
const ABOUT_A_LEAD = [
  { table: 'lead_notes', column: 'lead_id' },
  { table: 'lead_outbox', column: 'lead_id' },
  { table: 'lead_consents', column: 'lead_id' },
  { table: 'audit_log', column: 'resource_id' },
] as const;

/** Ids in slices small enough for an IN list on both databases. */
function* slices(ids: string[], size = 200) {
  for (let i = 0; i < ids.length; i += size) yield ids.slice(i, i + size);
}

/**
 * Deletes the leads and everything that names them, in one transaction. Deleting (not anonymising) is
 * the irreversible choice: nothing that could be joined back to the person remains.
 */
export async function eraseLeads(
  db: Kysely<LeadDatabase>,
  leads: LeadsTable[],
  names: { emails: Iterable<string>; idNumbers: Iterable<string> } = { emails: [], idNumbers: [] },
  /** Where the valuation photos live (the private store): they are deleted once the rows are. */
  files?: BlobStore,
): Promise<Record<string, number>> {
  const ids = leads.map((l) => l.id);
  const removed: Record<string, number> = {};
  const count = (table: string, r: { numDeletedRows: bigint }) => {
    removed[table] = (removed[table] ?? 0) + Number(r.numDeletedRows);
  };
  const texts = [...ids, ...names.emails, ...names.idNumbers].filter(Boolean);
  if (!texts.length) return removed;
  await db.transaction().execute(async (trx) => {
    for (const chunk of slices(ids))
      for (const { table, column } of ABOUT_A_LEAD)
        count(table, await trx.deleteFrom(table).where(column, 'in', chunk).executeTakeFirst());
    // The stored 201 answers (idempotent replays) and any audit entry that quotes the person.
    for (const t of texts) {
      count(
        'idempotency_keys',
        await trx.deleteFrom('idempotency_keys').where(quotes('response_body', t)).executeTakeFirst(),
      );
      if (!ids.includes(t))
        count(
          'audit_log',
          await trx
            .deleteFrom('audit_log')
            .where((eb) => eb.or([quotes('before', t), quotes('after', t)]))
            .executeTakeFirst(),
        );
    }
    for (const chunk of slices(ids))
      count('leads', await trx.deleteFrom('leads').where('id', 'in', chunk).executeTakeFirst());
  });
  if (files) removed.lead_photos = await deleteLeadPhotos(files, photoIdsOf(leads));
  return removed;
}

/** The record that a request was honoured: what and how many, never whom. */
export async function recordRequest(
  db: Kysely<LeadDatabase>,
  r: {
    action: 'export' | 'erasure' | 'retention';
    matchedBy: 'email' | 'id_number' | 'age';
    leads: number;
    removed: Record<string, number>;
    actor: string;
  },
) {
  const row = {
    id: randomUUID(),
    action: r.action,
    matched_by: r.matchedBy,
    leads: r.leads,
    rows_removed: JSON.stringify(r.removed),
    actor: r.actor,
    at: new Date().toISOString(),
  };
  await db.insertInto('privacy_requests').values(row).execute();
  return row;
}

/**
 * What an erasure of these leads would delete, counted: which forms and dealerships, when they arrived,
 * and the rows about them per table. Shown to the admin before they confirm; changes nothing.
 */
export async function previewLeads(db: Kysely<LeadDatabase>, leads: LeadsTable[]) {
  const ids = leads.map((l) => l.id);
  const rows: Record<string, number> = { leads: ids.length };
  for (const { table } of ABOUT_A_LEAD) rows[table] = 0;
  for (const chunk of slices(ids))
    for (const { table, column } of ABOUT_A_LEAD) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(column, 'in', chunk)
        .executeTakeFirstOrThrow();
      rows[table] = (rows[table] ?? 0) + Number(n);
    }
  rows.lead_photos = photoIdsOf(leads).length;
  const sorted = leads.map((l) => l.created_at).sort();
  return {
    leads: leads.length,
    enquiries: leads.filter((l) => l.kind === 'enquiry').length,
    finance_applications: leads.filter((l) => l.kind === 'finance').length,
    forms: [...new Set(leads.map((l) => l.form_name))].sort(),
    dealerships: [...new Set(leads.map((l) => l.dealer_slug))].sort(),
    first_received_at: sorted[0] ?? null,
    last_received_at: sorted.at(-1) ?? null,
    rows,
  };
}
