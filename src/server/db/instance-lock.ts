/**
 * One instance per SQLite file (docs/decisions/223-several-instances.md): SQLite is the one-machine
 * engine, and two processes on one file would each follow their own live build and run every schedule.
 * The instance holds an exclusive transaction on a sidecar file (`<db>.instance-lock`) for its whole
 * life; the OS drops it when the process dies, so a crash never leaves a stale lock. A second instance
 * is refused at start, naming the way to run several.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export async function holdInstanceLock(dbFile: string): Promise<() => void> {
  const { default: SQLite } = await import('better-sqlite3');
  // A fresh install has no data directory yet: the lock comes before the database that would make it.
  mkdirSync(dirname(dbFile), { recursive: true });
  const lock = new SQLite(`${dbFile}.instance-lock`);
  lock.pragma('busy_timeout = 0');
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch {
    lock.close();
    throw new Error(
      `Invalid configuration: another instance is already running on the SQLite database ${dbFile}; several instances need PostgreSQL (DATABASE_URL=postgres://…, README "Running several instances")`,
    );
  }
  return () => {
    try {
      lock.exec('ROLLBACK');
    } finally {
      lock.close();
    }
  };
}
