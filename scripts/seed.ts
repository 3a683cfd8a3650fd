/**
 * `npm run seed`: (re)load the deterministic demo data and make its images and brochures.
 * Scale data: `npm run seed -- --dealers 30 --vehicles 5000` (same data on every run).
 * `--if-empty` leaves a seeded database alone; `--images` rewrites the images.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/server.ts';
import { MAX_DEALERS } from '../src/demo/data/dealers.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { seedUploads } from '../src/demo/seed-uploads.ts';
import { openDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { closeStores, openStore } from '../src/server/media/stores.ts';

const { values } = parseArgs({
  options: {
    'if-empty': { type: 'boolean' },
    images: { type: 'boolean' },
    dealers: { type: 'string' },
    vehicles: { type: 'string' },
  },
});
const count = (name: 'dealers' | 'vehicles', max: number) => {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name} must be a whole number from 1 to ${max}, not '${raw}'`);
    process.exit(2);
  }
  return n;
};
const scale = { dealers: count('dealers', MAX_DEALERS), vehicles: count('vehicles', 100_000) };

const config = loadConfig();
const { db, destroy } = await openDb(config.databaseUrl);
await migrateToLatest(db);
const { seeded } = await seedDatabase(db, { force: !values['if-empty'], scale });
const files = await seedUploads(openStore(config.storage, 'uploads'), { force: values.images });
console.log(
  JSON.stringify({ seeded, database: config.databaseUrl.replace(/\/\/.*@/, '//***@'), ...scale, ...files }),
);
await destroy();
closeStores(config.storage);
