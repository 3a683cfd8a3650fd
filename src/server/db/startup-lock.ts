/**
 * Migrating and seeding an empty database must happen once, even when several instances start at the
 * same moment (the second crashed on a duplicate key while seeding). On PostgreSQL one
 * session-level advisory lock, held on its own connection, makes the others wait their turn; they then
 * find the schema migrated and the data seeded. On SQLite, processes sharing one file take turns through
 * an exclusive transaction on a small sidecar file (`<db>.startup-lock`): SQLite's own file lock, which
 * the OS drops if the holder dies, so a crashed start never leaves a stale lock behind.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from './client.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An arbitrary constant naming this lock among the database's advisory locks ("sdg start"). */
const LOCK_KEY = 0x5d6_57a7;
const POLL_MS = 200;
const GIVE_UP_MS = 10 * 60_000;

export async function withStartupLock<T>(
  // biome-ignore lint/suspicious/noExplicitAny: works on any schema
  db: Kysely<any>,
  dialect: Dialect,
  work: () => Promise<T>,
  opts: { sqliteFile?: string } = {},
) {
  if (dialect !== 'postgres') return opts.sqliteFile ? withFileLock(opts.sqliteFile, work) : work();
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
      await sleep(POLL_MS);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(lock);
    }
  });
}

/**
 * SQLite: BEGIN EXCLUSIVE on the sidecar file, tried without blocking (better-sqlite3 is synchronous:
 * a busy wait would stall this process's event loop, and with it a holder in the same process).
 */
async function withFileLock<T>(dbFile: string, work: () => Promise<T>): Promise<T> {
  const { default: SQLite } = await import('better-sqlite3');
  const lock = new SQLite(`${dbFile}.startup-lock`);
  try {
    lock.pragma('busy_timeout = 0');
    const deadline = Date.now() + GIVE_UP_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
        if (Date.now() > deadline) throw new Error('another process held the start-up lock for 10 minutes');
        await sleep(POLL_MS);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
