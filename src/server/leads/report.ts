/**
 * Recent leads with their delivery state, for `npm run leads`: a table for people, CSV for
 * spreadsheets. Sensitive fields stay encrypted; CSV cells are guarded against formula injection.
 */
import type { Kysely } from 'kysely';
import type { LeadDatabase } from '../db/schema-leads.ts';

export interface LeadRow {
  created_at: string;
  id: string;
  kind: string;
  form: string;
  lead_type: string;
  dealer: string;
  name: string;
  email: string;
  email_delivery: string;
  webhook_delivery: string;
  attempts: number;
  last_error: string;
}

export async function recentLeads(db: Kysely<LeadDatabase>, limit: number): Promise<LeadRow[]> {
  const leads = await db
    .selectFrom('leads')
    .select(['id', 'kind', 'form_name', 'lead_type', 'dealer_slug', 'record', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  if (!leads.length) return [];
  const jobs = await db
    .selectFrom('lead_outbox')
    .selectAll()
    .where(
      'lead_id',
      'in',
      leads.map((l) => l.id),
    )
    .execute();
  return leads.map((l) => {
    const r = JSON.parse(l.record) as Record<string, unknown>;
    const mine = jobs.filter((j) => j.lead_id === l.id);
    // No job for a channel: it was not configured when the lead came in (words, not a '-' that
    // spreadsheets would read as a formula and the CSV would have to escape as `'-`).
    const state = (channel: string) => mine.find((j) => j.channel === channel)?.status ?? NOT_CONFIGURED;
    return {
      created_at: l.created_at,
      id: l.id,
      kind: l.kind,
      form: l.form_name,
      lead_type: l.lead_type,
      dealer: l.dealer_slug,
      name: `${r.first_name ?? r.firstName ?? ''} ${r.last_name ?? r.surname ?? ''}`.trim(),
      email: String(r.email ?? ''),
      email_delivery: state('email'),
      webhook_delivery: state('webhook'),
      attempts: mine.reduce((n, j) => n + j.attempts, 0),
      last_error: mine
        .map((j) => j.last_error)
        .filter(Boolean)
        .join('; '),
    };
  });
}

/** The delivery state of a channel that had no job. */
const NOT_CONFIGURED = 'not configured';

export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`; // a spreadsheet must not run it as a formula
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: LeadRow[]): string {
  const header = [
    'created_at',
    'id',
    'kind',
    'form',
    'lead_type',
    'dealer',
    'name',
    'email',
    'email_delivery',
    'webhook_delivery',
    'attempts',
    'last_error',
  ] as const;
  return `${[header.join(','), ...rows.map((r) => header.map((h) => csvCell(r[h])).join(','))].join('\r\n')}\r\n`;
}

/** The table view leaves names and e-mail addresses out: status at a glance, no personal data on screen. */
export function toTable(rows: LeadRow[]): string {
  const cols = [
    'created_at',
    'id',
    'form',
    'dealer',
    'email_delivery',
    'webhook_delivery',
    'attempts',
    'last_error',
  ] as const;
  const cell = (r: LeadRow, c: (typeof cols)[number]) =>
    (c === 'created_at' ? r.created_at.slice(0, 19).replace('T', ' ') : String(r[c])).slice(0, 60);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    line([...cols]),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(cols.map((c) => cell(r, c)))),
  ].join('\n');
}
