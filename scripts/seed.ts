/** `npm run seed`: (re)load the deterministic demo data and make its images and brochures. */

import { seedDatabase, seedUploads } from '../src/demo/seed.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const config = loadConfig();
const force = !process.argv.includes('--if-empty');
const { db, destroy } = await openDb(config.databaseUrl);
await migrateToLatest(db);
const { seeded } = await seedDatabase(db, { force });
const files = await seedUploads(config.uploadsDir, { force: process.argv.includes('--images') });
console.log(JSON.stringify({ seeded, database: config.databaseUrl.replace(/\/\/.*@/, '//***@'), ...files }));
await destroy();
