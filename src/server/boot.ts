/** Opens the database, applies migrations and seeds demo data when the database is empty. */
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import { type Dialect, openDb, sqliteFileOf } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { withStartupLock } from './db/startup-lock.ts';
import type { Deps } from './deps.ts';
import type { Logger } from './log.ts';
import { seedDatabase, seedUploads } from './seed/seed.ts';

export async function prepare(config: Config, logger: Logger, opts: { seed?: boolean } = {}) {
  const { db, dialect, destroy } = await openDb(config.databaseUrl, config.db);
  const sqliteFile = dialect === 'sqlite' ? sqliteFileOf(config.databaseUrl) : undefined;
  await prepareDatabase(db, dialect, logger, { ...opts, sqliteFile });
  if ((opts.seed ?? true) && config.demoUploads) {
    const files = await seedUploads(config.uploadsDir, {});
    if (files.written) logger.info('demo images written', files);
  }
  const deps: Deps = { db, dialect, config };
  return { deps, destroy };
}

/** Migrations, then the demo data when empty: one instance at a time (db/startup-lock.ts). */
export async function prepareDatabase(
  db: Kysely<Database>,
  dialect: Dialect,
  logger: Logger,
  opts: { seed?: boolean; sqliteFile?: string } = {},
) {
  await withStartupLock(
    db,
    dialect,
    async () => {
      const applied = await migrateToLatest(db);
      if (applied.length) logger.info('migrations applied', { applied });
      if (opts.seed ?? true) {
        const { seeded } = await seedDatabase(db, {});
        if (seeded) logger.info('demo data seeded');
      }
    },
    { sqliteFile: opts.sqliteFile },
  );
}
