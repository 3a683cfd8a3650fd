/**
 * `npm run stock:import -- file.csv [--apply] [--dealer slug]…`: the CSV stock import for schedules
 * (a nightly DMS export). Without --apply it prints the dry run and writes nothing; with --apply it
 * writes the same plan, audited and revisioned as the CLI (one batch). --dealer limits it to those dealerships, as for a dealer user.
 * Exit code 0 when applied (or dry run), 1 on a file error, 2 when rows were rejected (still applied).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/server.ts';
import { writeAudit } from '../src/server/auth/audit.ts';
import { prepare } from '../src/server/boot.ts';
import { createLogger } from '../src/server/log.ts';
import { storeOf } from '../src/server/media/stores.ts';
import { recordChange } from '../src/server/revisions/record.ts';
import { applyPlan, ImportFileError, planImport } from '../src/server/stock/csv-import.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { apply: { type: 'boolean' }, dealer: { type: 'string', multiple: true } },
});
const file = positionals[0];
if (!file) {
  console.error('Usage: npm run stock:import -- file.csv [--apply] [--dealer slug]…');
  process.exit(1);
}
const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 'stock-import');
const { deps, destroy } = await prepare(config, logger);
const actor = { actor_type: 'system' as const, actor_id: null, actor_name: `cli:${userInfo().username}` };
let code = 0;
try {
  const plan = await planImport(deps.db, storeOf(deps), readFileSync(file, 'utf8'), values.dealer ?? null);
  console.log(
    `${file}: ${plan.rows} rows; ${plan.added.length} to add, ${plan.changed.length} to change, ${plan.unchanged} unchanged, ${plan.removed.length} to mark sold, ${plan.rejected.length} rejected`,
  );
  for (const r of plan.rejected) console.log(`  line ${r.row}, ${r.column || 'row'}: ${r.message}`);
  if (values.apply) {
    const who = { actor, source: 'cli' as const, batchId: randomUUID() };
    await applyPlan(
      deps.db,
      plan,
      (action, id, before, after) =>
        writeAudit(deps.db, actor, {
          action: `stock.${action}`,
          resource: 'vehicles',
          resourceId: id,
          before,
          after,
        }),
      (trx, action, id, before) =>
        recordChange(trx, who, 'vehicles', id, action, before ? { fields: { ...before } } : null),
    );
    console.log('Applied. The next build publishes it.');
  } else console.log('Dry run: nothing written. Run again with --apply to write it.');
  if (plan.rejected.length) code = 2;
} catch (err) {
  if (!(err instanceof ImportFileError)) throw err;
  console.error(err.message);
  code = 1;
} finally {
  await destroy();
}
process.exit(code);
