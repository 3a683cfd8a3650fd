/**
 * Issue 12, finding 2: while the database could not answer, the API answered 500 without Retry-After,
 * or kept the client waiting 20 s and more. Now: 503 with Retry-After once the statement (or connect)
 * timeout passes, and the same instance answers normally again as soon as the database does.
 * (Stopping and freezing a real PostgreSQL server: tests/faults/.)
 */
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/server.ts';
import { createApi } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/client.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, post } from './lead-fixtures.ts';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Holds an exclusive lock from another connection until `release` is called. */
async function holdLock(api: TestApi, engine: string) {
  const release = deferred();
  if (engine === 'postgres') {
    const other = await openDb(api.deps.config.databaseUrl);
    const locked = deferred();
    const done = other.db.transaction().execute(async (trx) => {
      await sql`lock table dealers, leads in access exclusive mode`.execute(trx);
      locked.resolve();
      await release.promise;
    });
    await locked.promise;
    return async () => {
      release.resolve();
      await done;
      await other.destroy();
    };
  }
  const file = api.deps.config.databaseUrl.replace(/^sqlite:/, '');
  const other = new Database(file);
  other.exec('BEGIN EXCLUSIVE');
  return async () => {
    other.exec('COMMIT');
    other.close();
  };
}

describe.each(ENGINES)('database outage on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, { ...LEAD_ENV, PG_STATEMENT_TIMEOUT: '1s' });
  });
  afterAll(() => api.close());

  it('answers 503 with Retry-After while the database cannot answer, then recovers without a restart', async () => {
    const unlock = await holdLock(api, engine);
    let lead: Awaited<ReturnType<typeof post<{ detail: string; status: number }>>>;
    try {
      lead = await post(api, '/api/customer_enquiries', enquiry());
      if (engine === 'postgres') {
        const read = await api.fetch('/api/dealers');
        expect(read.status).toBe(503);
        expect(Number(read.headers.get('Retry-After'))).toBeGreaterThan(0);
      }
    } finally {
      await unlock();
    }
    expect(lead.status).toBe(503);
    expect(Number(lead.res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(lead.body.detail).toMatch(/database is not answering/);
    // Recovery: the same instance, no restart.
    expect((await api.fetch('/api/dealers')).status).toBe(200);
    expect((await post(api, '/api/customer_enquiries', enquiry())).status).toBe(201);
  });
});

describe.runIf(ENGINES.includes('postgres'))('PostgreSQL that is not there', () => {
  it('answers 503 with Retry-After when no connection can be made', async () => {
    const url = 'postgres://postgres@127.0.0.1:55439/nowhere';
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const db = await openDb(url, { connectTimeoutMs: 2000, statementTimeoutMs: 1000 });
    try {
      const app = createApi({ db: db.db, dialect: db.dialect, config });
      for (const res of [
        await app.request('/api/dealers'),
        await app.request('/api/customer_enquiries', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(enquiry()),
        }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('Retry-After')).toBe('5');
        expect(((await res.json()) as { request_id?: string }).request_id).toBeTruthy();
      }
    } finally {
      await db.destroy();
    }
  });
});
