/**
 * POPIA retention: enquiries are kept LEAD_RETENTION_MONTHS (24), finance applications
 * FINANCE_RETENTION_MONTHS (12); older ones are erased with everything naming them (privacy.ts), on the
 * RETENTION_SCHEDULE (croner), and recorded in `privacy_requests` as a count.
 */
import type { Kysely } from 'kysely';
import type { LeadDatabase } from '../db/schema-leads.ts';
import type { ScheduledJob } from '../jobs/scheduler.ts';
import type { Logger } from '../log.ts';
import type { BlobStore } from '../media/storage.ts';
import { photoLinked } from './inbox.ts';
import { sweepUnclaimedPhotos } from './photos.ts';
import { eraseLeads, recordRequest } from './privacy.ts';

export interface RetentionPolicy {
  leadMonths: number;
  financeMonths: number;
  /** The private store, where valuation photos live; without it only rows are erased. */
  files?: BlobStore;
}

export const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
};

/** Erases the leads past their retention period; answers how many, and the rows removed per table. */
export async function purgeExpired(
  db: Kysely<LeadDatabase>,
  policy: RetentionPolicy,
  actor = 'scheduler',
  now = new Date(),
) {
  const expired = await db
    .selectFrom('leads')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'enquiry'), eb('created_at', '<', monthsBefore(now, policy.leadMonths))]),
        eb.and([eb('kind', '=', 'finance'), eb('created_at', '<', monthsBefore(now, policy.financeMonths))]),
      ]),
    )
    .execute();
  const unclaimed = policy.files
    ? await sweepUnclaimedPhotos(policy.files, (id) => photoLinked(db, id), now.getTime())
    : 0;
  if (!expired.length) return { leads: 0, removed: { unclaimed_photos: unclaimed } };
  const removed = {
    ...(await eraseLeads(db, expired, undefined, policy.files)),
    unclaimed_photos: unclaimed,
  };
  await recordRequest(db, { action: 'retention', matchedBy: 'age', leads: expired.length, removed, actor });
  return { leads: expired.length, removed };
}

/** The RETENTION_SCHEDULE job (jobs/scheduler.ts): erases what is past its retention period. */
export function retentionJob(
  db: Kysely<LeadDatabase>,
  opts: RetentionPolicy & { schedule: string; timezone: string; logger: Logger },
): ScheduledJob {
  return {
    name: 'lead-retention',
    cron: opts.schedule,
    timezone: opts.timezone,
    run: async () => {
      const r = await purgeExpired(db, opts);
      if (r.leads)
        opts.logger.info('retention: expired leads erased', { leads: r.leads, removed: r.removed });
    },
  };
}
