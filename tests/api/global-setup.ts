/**
 * Makes one migrated, seeded template database per engine before the API tests run; each test file
 * then gets its own copy (a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL), so tests
 * can write without seeing each other.
 */
import { mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seedDatabase } from '../../src/demo/seed.ts';
import { openDb } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { adminUrl, SQLITE_TEMPLATE, templateDbName, withDatabase } from './db-urls.ts';

export default async function setup(project: TestProject) {
  mkdirSync('data/test', { recursive: true });
  rmSync(SQLITE_TEMPLATE, { force: true });
  const sqlite = await openDb(`sqlite:${SQLITE_TEMPLATE}`);
  await migrateToLatest(sqlite.db);
  await seedDatabase(sqlite.db, { force: true });
  await sqlite.destroy();

  const pgUrl = process.env.TEST_DATABASE_URL;
  const template = templateDbName();
  project.provide('pgTemplate', pgUrl ? template : '');
  if (!pgUrl) return;
  const admin = await openDb(adminUrl(pgUrl));
  const { sql } = await import('kysely');
  await sql.raw(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${template}`).execute(admin.db);
  const pg = await openDb(withDatabase(pgUrl, template));
  await migrateToLatest(pg.db);
  await seedDatabase(pg.db, { force: true });
  await pg.destroy();
  return async () => {
    await sql.raw(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).execute(admin.db);
    await admin.destroy();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
