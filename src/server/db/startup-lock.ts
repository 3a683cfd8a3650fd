/**
 * Migrating and seeding an empty database must happen once, even when several instances start at the
 * same moment (issue 12: the second crashed on a duplicate key while seeding). On PostgreSQL one
 * session-level advisory lock, held on its own connection, makes the others wait their turn; they then
 * find the schema migrated and the data seeded. SQLite is one file on one machine: one process owns it.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from './client.ts';

/** An arbitrary constant naming this lock among the database's advisory locks ("sdg start"). */
const LOCK_KEY = 0x5d6_57a7;
const POLL_MS = 200;
const GIVE_UP_MS = 10 * 60_000;

// biome-ignore lint/suspicious/noExplicitAny: works on any schema
export async function withStartupLock<T>(db: Kysely<any>, dialect: Dialect, work: () => Promise<T>) {
  if (dialect !== 'postgres') return work();
  return db.connection().execute(async (lock) => {
    // Try, rather than block: a blocking wait would run into the statement timeout while another
    // instance seeds.
    const deadline = Date.now() + GIVE_UP_MS;
    for (;;) {
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as ok`.execute(
        lock,
      );
      if (rows[0]?.ok) break;
      if (Date.now() > deadline) throw new Error('another instance held the start-up lock for 10 minutes');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(lock);
    }
  });
}
