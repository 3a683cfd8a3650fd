/**
 * One Kysely instance over SQLite (default, a file under data/) or PostgreSQL
 * (when the URL starts with postgres:// or postgresql://). Callers never see the difference.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy: () => Promise<void>;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export async function openDb(url: string): Promise<Db> {
  if (isPostgresUrl(url)) {
    const { default: pg } = await import('pg');
    // COUNT(*) and SUM() come back as int8/numeric strings; our numbers fit in a double.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // An idle client can be cut off by the server (restart, failover, admin shutdown). Without a
    // listener that error would crash the process; the pool replaces the client on next use.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01')
        process.stderr.write(
          `${JSON.stringify({ level: 'warn', msg: 'idle PostgreSQL client error', error: err.message })}\n`,
        );
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while a lead is being written; NORMAL sync is durable with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * Kysely prepares every query afresh; our queries come from a few shapes, so keep the prepared
 * statements (a measured 8 % of a listing request's CPU went to `prepare`). Kysely runs one query
 * at a time on its single SQLite connection, so a statement is never used twice at once.
 */
function withStatementCache<T extends { prepare: (sql: string) => unknown }>(database: T, max = 500): T {
  const statements = new Map<string, unknown>();
  return new Proxy(database, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          let statement = statements.get(sql);
          if (!statement) {
            statement = target.prepare(sql);
            statements.set(sql, statement);
            if (statements.size > max) statements.delete(statements.keys().next().value as string);
          }
          return statement;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
