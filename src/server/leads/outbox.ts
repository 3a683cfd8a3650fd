/**
 * The delivery outbox: jobs are claimed with a lease so that two server instances never work on one job
 * at the same time. On PostgreSQL the claim skips rows another instance has locked
 * (SELECT … FOR UPDATE SKIP LOCKED); on SQLite one UPDATE … WHERE … RETURNING is atomic by itself.
 * The only dialect branch of the lead pipeline is here.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/client.ts';
import type { LeadDatabase, LeadOutboxTable } from '../db/schema-leads.ts';

export type OutboxJob = Selectable<LeadOutboxTable>;

// In-process wake-up: a new lead is tried at once instead of at the next poll.
const signal = new EventTarget();
export const notifyOutbox = () => signal.dispatchEvent(new Event('queued'));
export function onOutbox(listener: () => void): () => void {
  signal.addEventListener('queued', listener);
  return () => signal.removeEventListener('queued', listener);
}

export async function claimJobs(
  db: Kysely<LeadDatabase>,
  dialect: Dialect,
  opts: {
    owner: string;
    leaseMs: number;
    limit: number;
    channels: readonly ('email' | 'webhook')[];
    now?: number;
  },
): Promise<OutboxJob[]> {
  if (!opts.channels.length) return [];
  const now = opts.now ?? Date.now();
  const due = (qb: Kysely<LeadDatabase>) =>
    qb
      .selectFrom('lead_outbox')
      .select('id')
      .where('channel', 'in', opts.channels)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(opts.limit);
  const candidates = dialect === 'postgres' ? due(db).forUpdate().skipLocked() : due(db);
  return (
    db
      .updateTable('lead_outbox')
      .set((eb) => ({
        status: 'sending',
        lease_owner: opts.owner,
        lease_until: now + opts.leaseMs,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', candidates)
      // Re-checked on the locked row: a job claimed meanwhile no longer matches.
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
        ]),
      )
      .returningAll()
      .execute()
  );
}

/** Marks a job delivered, only if this worker still holds its lease. */
export async function completeJob(
  db: Kysely<LeadDatabase>,
  job: OutboxJob,
  owner: string,
  now = Date.now(),
): Promise<boolean> {
  const r = await db
    .updateTable('lead_outbox')
    .set({ status: 'delivered', delivered_at: now, lease_owner: null, lease_until: null, last_error: null })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface RetryPolicy {
  baseMs: number;
  maxDelayMs: number;
  maxAgeMs: number;
}

/** Exponential backoff with "equal jitter": half the delay fixed, half random. */
export function backoffMs(attempts: number, p: RetryPolicy, random = Math.random): number {
  const exp = Math.min(p.maxDelayMs, p.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}

/** Schedules the next try, or marks the job dead once it has been failing longer than maxAge. */
export async function failJob(
  db: Kysely<LeadDatabase>,
  job: OutboxJob,
  owner: string,
  error: string,
  p: RetryPolicy,
  now = Date.now(),
) {
  const dead = now - Number(job.created_at) >= p.maxAgeMs;
  await db
    .updateTable('lead_outbox')
    .set({
      status: dead ? 'dead' : 'pending',
      next_attempt_at: now + backoffMs(job.attempts, p),
      lease_owner: null,
      lease_until: null,
      last_error: maskAddresses(error).slice(0, 500),
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .execute();
  return dead;
}

/** Error texts may quote e-mail addresses; they are stored and logged without them. */
export function maskAddresses(s: string): string {
  return s.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]');
}
