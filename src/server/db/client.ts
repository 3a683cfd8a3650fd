/**
 * One Kysely instance over SQLite (default, a file under data/) or PostgreSQL
 * (when the URL starts with postgres:// or postgresql://). Callers never see the difference.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool, SqliteDialect } from 'kysely';
import type { Pool, PoolClient } from 'pg';
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

/** The file of a sqlite: URL (undefined for an in-memory database). */
export function sqliteFileOf(url: string): string | undefined {
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  return file === ':memory:' ? undefined : file;
}

export interface DbOptions {
  /** PostgreSQL: give up connecting after this long (a stopped or frozen server). 0: wait forever. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement after this long, and the client gives up a little later. */
  statementTimeoutMs?: number;
  /** PostgreSQL: the most connections the pool opens. */
  poolMax?: number;
}

export async function openDb(url: string, opts: DbOptions = {}): Promise<Db> {
  if (isPostgresUrl(url)) {
    const { default: pg } = await import('pg');
    // COUNT(*) and SUM() come back as int8/numeric strings; our numbers fit in a double.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const statementTimeout = opts.statementTimeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 0,
      ...(statementTimeout ? { statement_timeout: statementTimeout } : {}),
    });
    // An idle client can be cut off by the server (restart, failover, admin shutdown). Without a
    // listener that error would crash the process; the pool replaces the client on next use.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01')
        process.stderr.write(
          `${JSON.stringify({ level: 'warn', msg: 'idle PostgreSQL client error', error: err.message })}\n`,
        );
    });
    // A frozen server never answers, so its statement_timeout never fires: the client gives up too.
    const guarded = statementTimeout ? withQueryTimeout(pool, statementTimeout + 2000) : pool;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guarded }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = sqliteFileOf(url);
  const { default: SQLite } = await import('better-sqlite3');
  if (file) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file ?? ':memory:');
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
 * statements (`prepare` showed in a listing request's CPU profile; docs/performance.md). Kysely runs one query
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

/**
 * Rejects a query that has no answer after `ms` (code QUERY_TIMEOUT) and throws its connection away:
 * the socket is closed, so the pool never hands out a connection stuck behind an unanswered query.
 */
function withQueryTimeout(pool: Pool, ms: number): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    connect: async () => {
      const client = await pool.connect();
      let broken = false;
      const query = (text: string, params?: unknown[]) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            broken = true;
            client.on('error', () => {}); // the closed socket's error has nobody else to go to
            (
              client as unknown as { connection?: { stream?: { destroy: () => void } } }
            ).connection?.stream?.destroy();
            reject(
              Object.assign(new Error(`The database did not answer within ${ms} ms.`), {
                code: 'QUERY_TIMEOUT',
              }),
            );
          }, ms);
        });
        return Promise.race([client.query(text, params), timeout]).finally(() => clearTimeout(timer));
      };
      return new Proxy(client, {
        get(target, prop) {
          if (prop === 'query') return query;
          if (prop === 'release') return (destroy?: boolean) => target.release(destroy || broken);
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) as unknown as PoolClient;
    },
  } as unknown as PostgresPool;
}
