/**
 * The optional daily digest: each dealership gets one e-mail listing its leads still New, so
 * none is forgotten. Off unless LEAD_DIGEST_SCHEDULE is set (croner, in REBUILD_TIMEZONE); sent over the
 * lead SMTP_URL to the dealership's address (or LEAD_TO_EMAIL on staging). First names only: the full lead
 * is in the inbox and was already e-mailed.
 */

import { countOf } from '../../domain/format.ts';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import type { ScheduledJob } from '../jobs/scheduler.ts';
import type { Logger } from '../log.ts';
import { smtpTransport, type Transport } from '../mail/transport.ts';

export interface Digest {
  dealer: string;
  to: string;
  subject: string;
  text: string;
  leads: number;
}

/** One digest per dealership with New leads older than an hour (the e-mail of a fresh one is still news). */
async function buildDigests(deps: Deps, now = new Date()): Promise<Digest[]> {
  const db = withLeadTables(deps.db);
  const cutoff = new Date(now.getTime() - 3_600_000).toISOString();
  const leads = await db
    .selectFrom('leads')
    .select(['id', 'dealer_slug', 'form_name', 'lead_type', 'record', 'created_at'])
    .where('stage', '=', 'New')
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .execute();
  const dealers = await deps.db.selectFrom('dealers').select(['slug', 'dealer_name', 'email']).execute();
  const out: Digest[] = [];
  // On the dealership's clock (REBUILD_TIMEZONE), like the admin: "25 Nov 2026, 08:15".
  const received = new Intl.DateTimeFormat('en-ZA', {
    timeZone: deps.config.leads.retention.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  for (const slug of [...new Set(leads.map((l) => l.dealer_slug))]) {
    const mine = leads.filter((l) => l.dealer_slug === slug);
    const dealer = dealers.find((d) => d.slug === slug);
    const to = deps.config.leads.toEmailOverride ?? dealer?.email;
    if (!to) continue;
    const lines = mine.map((l) => {
      const r = JSON.parse(l.record) as Record<string, unknown>;
      const first = String(r.first_name ?? r.firstName ?? '').trim();
      const days = Math.floor((now.getTime() - Date.parse(l.created_at)) / 86_400_000);
      const age = days >= 1 ? `${countOf(days, 'day')} ago` : 'today';
      return `- ${received.format(new Date(l.created_at))} (${age}): ${l.lead_type}, ${first || 'no name'}`;
    });
    const n = mine.length;
    out.push({
      dealer: slug,
      to,
      leads: n,
      subject: `${countOf(n, 'lead')} not yet contacted at ${dealer?.dealer_name ?? slug}`,
      text: [
        `${n} lead${n === 1 ? ' is' : 's are'} still New at ${dealer?.dealer_name ?? slug}:`,
        '',
        ...lines,
        '',
        `Open the inbox: ${deps.config.siteUrl}/admin/#/leads`,
      ].join('\n'),
    });
  }
  return out;
}

export async function sendDigests(deps: Deps, transport: Transport, now = new Date()) {
  const digests = await buildDigests(deps, now);
  for (const d of digests)
    await transport.sendMail({
      from: { name: `${deps.config.brandName} dealer group website`, address: deps.config.leads.fromEmail },
      to: d.to,
      subject: d.subject,
      text: d.text,
    });
  return digests;
}

/** The LEAD_DIGEST_SCHEDULE job (jobs/scheduler.ts); null when off or without SMTP_URL. */
export function digestJob(deps: Deps, logger: Logger): ScheduledJob | null {
  const { digestSchedule: schedule, retention } = deps.config.leads;
  if (schedule === 'off') return null;
  const transport = smtpTransport(deps.config.leads);
  if (!transport) {
    logger.warn('LEAD_DIGEST_SCHEDULE is set but SMTP_URL is not: no digest is sent');
    return null;
  }
  return {
    name: 'lead-digest',
    cron: schedule,
    timezone: retention.timezone,
    run: async () => {
      const sent = await sendDigests(deps, transport);
      logger.info('lead digests sent', {
        dealers: sent.length,
        leads: sent.reduce((n, d) => n + d.leads, 0),
      });
    },
  };
}
