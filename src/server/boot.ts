/**
 * Opens the database and applies migrations; fills an empty database through the seeder the entry
 * script passes in. The server carries no demo data of its own (docs/decisions/040-demo-seed-outside-server.md).
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config/server.ts';
import { type Dialect, openDb, sqliteFileOf } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { withStartupLock } from './db/startup-lock.ts';
import type { Deps } from './deps.ts';
import type { Logger } from './log.ts';
import type { BlobStore } from './media/storage.ts';
import { closeStores, openStore } from './media/stores.ts';

/** Fills an empty database and makes the upload files its rows reference (src/demo/ is one). */
export interface Seeder {
  /** Seeds only an empty database; says whether it did. */
  database(db: Kysely<Database>): Promise<{ seeded: boolean }>;
  /** Writes missing upload files to the uploads store. */
  uploads(store: BlobStore): Promise<{ written: number; skipped: number }>;
}

export async function prepare(config: Config, logger: Logger, opts: { seed?: Seeder } = {}) {
  const { db, dialect, destroy } = await openDb(config.databaseUrl, config.db);
  const sqliteFile = dialect === 'sqlite' ? sqliteFileOf(config.databaseUrl) : undefined;
  await prepareDatabase(db, dialect, logger, { ...opts, sqliteFile });
  if (opts.seed && config.demoUploads) {
    const files = await opts.seed.uploads(openStore(config.storage, 'uploads'));
    if (files.written) logger.info('demo images written', files);
  }
  const deps: Deps = { db, dialect, config };
  // The bucket's client holds open connections: closed with the database, so scripts end.
  return {
    deps,
    destroy: async () => {
      await destroy();
      closeStores(config.storage);
    },
  };
}

/** Migrations, then the seeder when one is given: one instance at a time (db/startup-lock.ts). */
export async function prepareDatabase(
  db: Kysely<Database>,
  dialect: Dialect,
  logger: Logger,
  opts: { seed?: Seeder; sqliteFile?: string } = {},
) {
  await withStartupLock(
    db,
    dialect,
    async () => {
      const applied = await migrateToLatest(db);
      if (applied.length) logger.info('migrations applied', { applied });
      if (opts.seed) {
        const { seeded } = await opts.seed.database(db);
        if (seeded) logger.info('demo data seeded');
      }
    },
    { sqliteFile: opts.sqliteFile },
  );
}
