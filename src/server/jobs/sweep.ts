/**
 * The orphan photo sweep as a scheduled job (jobs/scheduler.ts): every six hours, once across the
 * instances, files of photos whose rows are gone (a crash between writing and committing) are removed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import { sweepOrphans } from '../media/orphan-sweep.ts';
import type { BlobStore } from '../media/storage.ts';
import type { ScheduledJob } from './scheduler.ts';

export function orphanSweepJob(
  db: Kysely<Database>,
  store: BlobStore,
  logger: Logger,
  timezone: string,
  /** Runs first, and names the files no row references that must stay (purge.ts: revisions' photos). */
  keep: () => Promise<Iterable<string>> = async () => [],
): ScheduledJob {
  return {
    name: 'orphan-photo-sweep',
    cron: '17 */6 * * *',
    timezone,
    run: async () => {
      const removed = await sweepOrphans(db, store, undefined, Date.now(), await keep());
      if (removed.length) logger.info('removed orphan photo files', { count: removed.length });
    },
  };
}
