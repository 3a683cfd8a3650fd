/**
 * Each API test file runs against the real Hono app on a private copy of the seeded template
 * database: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set.
 */

import { randomUUID } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config/server.ts';
import { type ApiOptions, createApi } from '../../src/server/app.ts';
import { type Db, openDb } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import type { Deps } from '../../src/server/deps.ts';
import { type ContractCheck, contractChecker } from './contract.ts';
import { adminUrl, SQLITE_TEMPLATE, withDatabase } from './db-urls.ts';

export type Engine = 'sqlite' | 'postgres';
/** better-auth answers /api/auth/* in its own shapes, which /api/docs.json does not describe. */
const BETTER_AUTH = /^\/api\/auth\//;
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApi {
  deps: Deps;
  db: Db;
  /** Off only while a test makes the app replay a stand-in body that is no real answer. */
  checkContract: boolean;
  /** Calls the real app in-process; every answer is checked against /api/docs.json (./contract.ts). */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  json: <T = Record<string, unknown>>(
    path: string,
    init?: RequestInit,
  ) => Promise<{ status: number; body: T; res: Response }>;
  close: () => Promise<void>;
}

export async function openTestApi(
  engine: Engine,
  env: Record<string, string> = {},
  options: ApiOptions = {},
): Promise<TestApi> {
  const name = `sdg_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  let url: string;
  let cleanup = async () => {};
  if (engine === 'sqlite') {
    const file = `data/test/${name}.db`;
    copyFileSync(SQLITE_TEMPLATE, file);
    url = `sqlite:${file}`;
    cleanup = async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    };
  } else {
    const base = process.env.TEST_DATABASE_URL as string;
    const admin = await openDb(adminUrl(base));
    await sql.raw(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`).execute(admin.db);
    url = withDatabase(base, name);
    cleanup = async () => {
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      await admin.destroy();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    DATA_DIR: 'data/test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = await openDb(url, config.db);
  await migrateToLatest(db.db);
  const deps: Deps = { db: db.db, dialect: db.dialect, config };
  const app = createApi(deps, options);
  let check: Promise<ContractCheck> | undefined;
  const fetchApp = async (path: string, init?: RequestInit) => {
    const res = await app.request(path, init);
    check ??= Promise.resolve(app.request('/api/docs.json'))
      .then((r) => r.json())
      .then(contractChecker);
    const contract = await check;
    if (testApi.checkContract && !BETTER_AUTH.test(path)) await contract(init?.method ?? 'GET', path, res);
    return res;
  };
  const testApi: TestApi = {
    deps,
    db,
    checkContract: true,
    fetch: fetchApp,
    json: async <T>(path: string, init?: RequestInit) => {
      const res = await fetchApp(path, init);
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
    },
    close: async () => {
      await db.destroy();
      await cleanup();
    },
  };
  return testApi;
}
