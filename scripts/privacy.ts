/**
 * `npm run privacy`: POPIA data-subject requests and the retention purge from a terminal
 * (docs/decisions/121-popia-requests.md). Each request is recorded without the person's data.
 *   npm run privacy -- export --email thandi@example.co.za > thandi.json
 *   npm run privacy -- export --id-number 8001015009087 --csv > sipho.csv
 *   npm run privacy -- erase --email thandi@example.co.za
 *   npm run privacy -- retention        erase what is past LEAD_RETENTION_MONTHS / FINANCE_RETENTION_MONTHS now
 */
import { loadConfig } from '../src/config/server.ts';
import { openDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { withLeadTables } from '../src/server/db/schema-leads.ts';
import { leadCrypto } from '../src/server/leads/crypto.ts';
import { honourRequest } from '../src/server/leads/privacy-request.ts';
import { purgeExpired } from '../src/server/leads/retention.ts';
import { closeStores, openStore } from '../src/server/media/stores.ts';

const [command, ...args] = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const email = arg('--email');
const idNumber = arg('--id-number');
const usage =
  'Usage: npm run privacy -- export|erase (--email ADDRESS | --id-number 13DIGITS) [--csv]\n       npm run privacy -- retention';

if (command !== 'export' && command !== 'erase' && command !== 'retention') {
  console.error(usage);
  process.exit(2);
}
if (command !== 'retention' && !email === !idNumber) {
  console.error(`Give either --email or --id-number.\n${usage}`);
  process.exit(2);
}
if (idNumber && !/^\d{13}$/.test(idNumber)) {
  console.error('--id-number must be 13 digits.');
  process.exit(2);
}

const config = loadConfig();
const { db: raw, destroy } = await openDb(config.databaseUrl);
try {
  await migrateToLatest(raw);
  const db = withLeadTables(raw);
  if (command === 'retention') {
    const r = await purgeExpired(
      db,
      { ...config.leads.retention, files: openStore(config.storage, 'private') },
      'cli',
    );
    console.log(`Erased ${r.leads} lead(s) past retention.`, r.removed);
  } else {
    const done = await honourRequest(db, leadCrypto(config.leads.encryptionKey), {
      action: command === 'export' ? 'export' : 'erasure',
      subject: { email, idNumber },
      actor: 'cli',
      files: openStore(config.storage, 'private'),
    });
    if (command === 'export')
      process.stdout.write(
        args.includes('--csv') ? (done.csv ?? '') : `${JSON.stringify(done.data, null, 2)}\n`,
      );
    else console.error(`Erased ${done.record.leads} lead(s):`, JSON.parse(done.record.rows_removed));
    console.error(`Recorded as privacy request ${done.record.id}.`);
  }
} finally {
  await destroy();
  closeStores(config.storage);
}
