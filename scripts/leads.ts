/**
 * `npm run leads`: recent leads and their delivery status (e-mail, CRM webhook).
 *   npm run leads                 table of the 50 newest
 *   npm run leads -- --limit 500  more
 *   npm run leads -- --csv > leads.csv   CSV export (sensitive finance fields are never decrypted)
 */
import { loadConfig } from '../src/config/server.ts';
import { openDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { withLeadTables } from '../src/server/db/schema-leads.ts';
import { recentLeads, toCsv, toTable } from '../src/server/leads/report.ts';

const args = process.argv.slice(2);
const limitArg = args[args.indexOf('--limit') + 1];
const limit = args.includes('--limit') && limitArg && /^\d+$/.test(limitArg) ? Number(limitArg) : 50;
const config = loadConfig();
const { db, destroy } = await openDb(config.databaseUrl);
try {
  await migrateToLatest(db);
  const rows = await recentLeads(withLeadTables(db), limit);
  if (args.includes('--csv')) process.stdout.write(toCsv(rows));
  else {
    console.log(rows.length ? toTable(rows) : 'No leads yet.');
    const dead = rows.filter((r) => r.email_delivery === 'dead' || r.webhook_delivery === 'dead').length;
    if (dead)
      console.log(
        `\n${dead} lead(s) with a dead-lettered delivery: check last_error and the SMTP/CRM settings.`,
      );
  }
} finally {
  await destroy();
}
