/**
 * Per-client fixed-window rate limit kept in the database, so every instance on one PostgreSQL shares
 * it (and SQLite uses the same table). One upsert per request; expired windows are swept by the worker.
 */
import { type Kysely, sql } from 'kysely';
import type { LeadDatabase } from '../db/schema-leads.ts';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export async function hitRateLimit(
  db: Kysely<LeadDatabase>,
  name: string,
  clientHash: string,
  rl: RateLimit,
  now = Date.now(),
) {
  const windowStart = Math.floor(now / rl.windowMs) * rl.windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({
      bucket: `${name}:${clientHash}:${windowStart}`,
      count: 1,
      expires_at: windowStart + rl.windowMs,
    })
    .onConflict((oc) => oc.column('bucket').doUpdateSet({ count: sql`${sql.ref('rate_limits.count')} + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  const allowed = Number(row.count) <= rl.limit;
  return { allowed, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rl.windowMs - now) / 1000)) };
}

export async function sweepRateLimits(db: Kysely<LeadDatabase>, now = Date.now()) {
  await db.deleteFrom('rate_limits').where('expires_at', '<', now).execute();
}
