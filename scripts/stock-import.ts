/**
 * `npm run stock:import -- file.csv [--full] [--apply [--confirm-sold N]] [--dealer slug]…`: the CSV stock
 * import for schedules (a nightly DMS export). The file is an update (cars not in it are left alone)
 * unless --full says it is the whole stock (its dealerships' cars missing from it are marked sold); a full
 * feed marking more than 20 % of a dealership's cars sold is applied only with --confirm-sold <that number>.
 * Without --apply it prints the dry run and writes nothing; with --apply it
 * writes the same plan, audited and revisioned as the CLI (one batch). --dealer limits it to those dealerships, as for a dealer user.
 * Exit code 0 when applied (or dry run), 1 on a file error or a missing confirmation, 2 when rows were
 * rejected (still applied).
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
import { ImportFileError } from '../src/server/stock/csv-columns.ts';
import { applyPlan, planImport, rejectedRows } from '../src/server/stock/csv-import.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    apply: { type: 'boolean' },
    full: { type: 'boolean' },
    'confirm-sold': { type: 'string' },
    dealer: { type: 'string', multiple: true },
  },
});
const file = positionals[0];
if (!file) {
  console.error(
    'Usage: npm run stock:import -- file.csv [--full] [--apply [--confirm-sold N]] [--dealer slug]…',
  );
  process.exit(1);
}
const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 'stock-import');
const { deps, destroy } = await prepare(config, logger);
const actor = { actor_type: 'system' as const, actor_id: null, actor_name: `cli:${userInfo().username}` };
let code = 0;
try {
  const plan = await planImport(
    deps.db,
    storeOf(deps),
    readFileSync(file, 'utf8'),
    values.dealer ?? null,
    values.full ? 'full' : 'update',
  );
  console.log(
    `${file} (${values.full ? 'full stock list' : 'update'}): ${plan.rows} rows; ${plan.added.length} to add, ${plan.changed.length} to change, ${plan.unchanged} unchanged, ${plan.removed.length} to mark sold, ${rejectedRows(plan)} rows rejected`,
  );
  for (const r of plan.rejected) console.log(`  line ${r.row}, ${r.column || 'row'}: ${r.message}`);
  const needed = plan.confirmSold ?? null;
  if (values.apply && needed !== null && Number(values['confirm-sold']) !== needed) {
    console.error(
      `This import marks ${needed} cars sold, more than 20 % of a dealership's cars on sale; run again with --confirm-sold ${needed} to apply it.`,
    );
    code = 1;
  } else if (values.apply) {
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
  if (plan.rejected.length && code === 0) code = 2;
} catch (err) {
  if (!(err instanceof ImportFileError)) throw err;
  console.error(err.message);
  code = 1;
} finally {
  await destroy();
}
process.exit(code);
