/**
 * Every scheduled job (the nightly rebuild, the retention purge, the digest, the orphan sweep, and any
 * later croner schedule) goes through here, so each occurrence runs once across all instances on one
 * database (docs/decisions/224-one-scheduler.md). Every instance keeps the croner timers; when one fires,
 * the instances race to insert the occurrence's row in `schedule_runs` (job, due time): the one whose
 * insert lands runs it and renews its lease while it works. An instance killed mid-job stops renewing;
 * another finds the unfinished row with an expired lease, claims it by compare-and-set and runs it
 * again, so the occurrence completes once (jobs are written to be safe to repeat). On SQLite there is
 * one instance, and the same rows record what ran.
 */
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../log.ts';

export interface ScheduledJob {
  /** Stable across instances and releases: the occurrence's row is keyed by it. */
  name: string;
  /** Croner pattern (5 or 6 fields), or 'off'. */
  cron: string;
  timezone: string;
  /** The work of occurrence `due`; `signal` aborts when the instance stops and gives it back. */
  run: (signal: AbortSignal, due: Date) => Promise<unknown>;
}

export interface Scheduler {
  /** Schedules the job; answers its next occurrence (null when 'off'). */
  add: (job: ScheduledJob) => Date | null;
  /** Runs the occurrence `due` of a registered job now, if no instance has claimed it (tests, catch-up). */
  claimAndRun: (name: string, due: Date) => Promise<'ran' | 'taken'>;
  /** Stops the timers; running jobs get `graceMs` to finish, then their occurrences are given back. */
  stop: (graceMs?: number) => Promise<void>;
}

/** After this many claims an occurrence that keeps failing or dying is given up (and logged). */
const MAX_ATTEMPTS = 3;
/** Unfinished occurrences older than this are not taken over any more (the next one is due). */
const TAKE_OVER_WITHIN_MS = 24 * 3_600_000;

export function createScheduler(
  db: Kysely<Database>,
  logger: Logger,
  opts: { leaseMs?: number; sweepMs?: number } = {},
): Scheduler {
  const leaseMs = opts.leaseMs ?? 30_000;
  const sweepMs = opts.sweepMs ?? Math.max(1000, Math.floor(leaseMs / 2));
  const me = randomUUID();
  const jobs = new Map<string, ScheduledJob>();
  const timers: Cron[] = [];
  const running = new Map<string, { done: Promise<void>; abort: AbortController }>();
  let stopped = false;

  const keyOf = (name: string, due: string) => `${name}@${due}`;
  const renew = (name: string, due: string) =>
    db
      .updateTable('schedule_runs')
      .set({ lease_until: Date.now() + leaseMs })
      .where('job', '=', name)
      .where('due_at', '=', due)
      .where('owner', '=', me)
      .execute();

  const giveBack = (name: string, due: string) =>
    db
      .updateTable('schedule_runs')
      .set({ owner: null, lease_until: 0 })
      .where('job', '=', name)
      .where('due_at', '=', due)
      .where('owner', '=', me)
      .execute();

  /** Runs a claimed occurrence: renews the lease meanwhile, records the end (or the error). */
  function execute(job: ScheduledJob, due: string, attempt: number): Promise<void> {
    const abort = new AbortController();
    const renewal = setInterval(
      () =>
        renew(job.name, due).catch((err) =>
          logger.warn('schedule lease renewal failed', { error: String(err) }),
        ),
      Math.floor(leaseMs / 3),
    );
    const done = (async () => {
      logger.info('scheduled job started', { job: job.name, due, attempt });
      let error: string | null = null;
      try {
        await job.run(abort.signal, new Date(due));
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      } finally {
        clearInterval(renewal);
      }
      if (abort.signal.aborted) return; // given back in stop(): another instance finishes it
      if (stopped && error) {
        // Failed because this instance is stopping (its build was aborted): another instance runs it.
        await giveBack(job.name, due);
        logger.warn('scheduled job given back while stopping', { job: job.name, due, error });
        return;
      }
      await db
        .updateTable('schedule_runs')
        .set({ finished_at: new Date().toISOString(), error, owner: null })
        .where('job', '=', job.name)
        .where('due_at', '=', due)
        .where('owner', '=', me)
        .execute();
      if (error) logger.error('scheduled job failed', { job: job.name, due, error });
      else logger.info('scheduled job finished', { job: job.name, due });
    })()
      .catch((err) => logger.error('scheduled job bookkeeping failed', { job: job.name, error: String(err) }))
      .finally(() => running.delete(keyOf(job.name, due)));
    running.set(keyOf(job.name, due), { done, abort });
    return done;
  }

  async function claimAndRun(name: string, dueDate: Date): Promise<'ran' | 'taken'> {
    const job = jobs.get(name);
    if (!job) throw new Error(`no scheduled job named '${name}'`);
    const due = dueDate.toISOString();
    const r = await db
      .insertInto('schedule_runs')
      .values({ job: name, due_at: due, owner: me, lease_until: Date.now() + leaseMs, attempts: 1 })
      .onConflict((oc) => oc.columns(['job', 'due_at']).doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return 'taken';
    await execute(job, due, 1);
    return 'ran';
  }

  /** Claims occurrences whose holder stopped renewing (killed, or gave them back while stopping). */
  async function takeOver(): Promise<void> {
    const now = Date.now();
    const stale = await db
      .selectFrom('schedule_runs')
      .select(['job', 'due_at', 'attempts'])
      .where('finished_at', 'is', null)
      .where('lease_until', '<', now)
      .where('due_at', '>', new Date(now - TAKE_OVER_WITHIN_MS).toISOString())
      .where('job', 'in', [...jobs.keys()])
      .execute();
    for (const row of stale) {
      const job = jobs.get(row.job);
      if (!job || stopped || running.has(keyOf(row.job, row.due_at))) continue;
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const claimed = await db
        .updateTable('schedule_runs')
        .set(
          giveUp
            ? {
                finished_at: new Date().toISOString(),
                error: `given up after ${row.attempts} attempts`,
                owner: null,
              }
            : { owner: me, lease_until: now + leaseMs, attempts: row.attempts + 1 },
        )
        .where('job', '=', row.job)
        .where('due_at', '=', row.due_at)
        .where('finished_at', 'is', null)
        .where('lease_until', '<', now)
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      if (giveUp)
        logger.error('scheduled job given up', { job: row.job, due: row.due_at, attempts: row.attempts });
      else {
        logger.warn('scheduled job taken over', { job: row.job, due: row.due_at, attempt: row.attempts + 1 });
        void execute(job, row.due_at, row.attempts + 1);
      }
    }
  }

  const sweeper = setInterval(() => {
    if (jobs.size && !stopped)
      takeOver().catch((err) => logger.warn('schedule take-over check failed', { error: String(err) }));
  }, sweepMs);
  sweeper.unref();

  return {
    add(job) {
      if (job.cron === 'off') return null;
      if (jobs.has(job.name)) throw new Error(`scheduled job '${job.name}' is already added`);
      jobs.set(job.name, job);
      const cron: Cron = new Cron(job.cron, { timezone: job.timezone }, () => {
        // The occurrence as scheduled, not the moment this timer fired: the same key on every instance.
        const due = cron.previousRuns(1, new Date(Date.now() + 1000))[0] ?? new Date();
        claimAndRun(job.name, due).catch((err) =>
          logger.error('scheduled job could not be claimed', { job: job.name, error: String(err) }),
        );
      });
      timers.push(cron);
      const next = cron.nextRun();
      logger.info('schedule', {
        job: job.name,
        cron: job.cron,
        timezone: job.timezone,
        next: next?.toISOString(),
      });
      return next;
    },
    claimAndRun,
    async stop(graceMs = 10_000) {
      stopped = true;
      clearInterval(sweeper);
      for (const t of timers) t.stop();
      const all = [...running.entries()];
      if (!all.length) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((ok) => {
        timer = setTimeout(() => ok('late'), graceMs);
      });
      const finished = await Promise.race([Promise.all(all.map(([, r]) => r.done)), late]);
      clearTimeout(timer);
      if (finished !== 'late') return;
      // Still working: give the occurrences back at once, so another instance need not wait out the lease.
      for (const [key, r] of running) {
        r.abort.abort();
        const [name, due] = [key.slice(0, key.indexOf('@')), key.slice(key.indexOf('@') + 1)];
        await giveBack(name, due).catch(() => {});
        logger.warn('scheduled job given back while stopping', { job: name, due });
      }
    },
  };
}
