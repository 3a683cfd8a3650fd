/** Opens the database, applies migrations and seeds demo data when the database is empty. */
import type { Config } from './config.ts';
import { openDb } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import type { Logger } from './log.ts';
import { seedDatabase, seedUploads } from './seed/seed.ts';

export async function prepare(config: Config, logger: Logger, opts: { seed?: boolean } = {}) {
  const { db, dialect, destroy } = await openDb(config.databaseUrl);
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info('migrations applied', { applied });
  if (opts.seed ?? true) {
    const { seeded } = await seedDatabase(db, {});
    if (seeded) logger.info('demo data seeded');
    const files = await seedUploads(config.uploadsDir, {});
    if (files.written) logger.info('demo images written', files);
  }
  const deps: Deps = { db, dialect, config };
  return { deps, destroy };
}
