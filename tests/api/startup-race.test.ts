/**
 * Issue 12, finding 3: two instances started at once on an empty PostgreSQL, and one crashed on a
 * duplicate key while seeding. Now one of them migrates and seeds under an advisory lock while the
 * other waits, then finds the work done. (Whole server processes: tests/faults/.)
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { demoSeeder } from '../../src/demo/seed.ts';
import { prepareDatabase } from '../../src/server/boot.ts';
import { openDb } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/log.ts';
import { adminUrl, withDatabase } from './db-urls.ts';

const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)('start-up on an empty PostgreSQL', () => {
  it('three instances starting at once migrate and seed it exactly once, and all start', async () => {
    const name = `sdg_race_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = await openDb(adminUrl(base as string));
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
    const url = withDatabase(base as string, name);
    const instances = await Promise.all([1, 2, 3].map(() => openDb(url, { statementTimeoutMs: 10_000 })));
    try {
      const logger = createLogger('silent');
      const results = await Promise.allSettled(
        instances.map((i) => prepareDatabase(i.db, i.dialect, logger, { seed: demoSeeder })),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const db = instances[0]?.db;
      const dealers = await db
        ?.selectFrom('dealers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      expect(Number(dealers?.n)).toBe(5);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
        db as NonNullable<typeof db>,
      );
      expect(rows[0]?.n).toBeGreaterThanOrEqual(5);
    } finally {
      await Promise.all(instances.map((i) => i.destroy()));
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      await admin.destroy();
    }
  });
});
