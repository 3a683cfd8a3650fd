/**
 * CSV stock import for the back office, behind stock:write:
 *   POST /api/editor/stock_imports?mode=update|full   the CSV (text/csv, or JSON {"csv": "…", "mode": …}):
 *                                                     a dry run, 201. An update (the default) leaves cars
 *                                                     not in the file alone; a full feed marks them sold.
 *   GET  /api/editor/stock_imports/{id}               that dry run (or what was applied)
 *   POST /api/editor/stock_imports/{id}/apply         writes it, if the stock still gives the same plan (else
 *                                                     409); a plan marking more than 20 % of a dealership's
 *                                                     cars sold also needs ?confirm_sold=<that number> (422)
 * Undo is in revisions-batch.ts (POST /api/editor/stock_imports/{id}/undo).
 * A dealer user imports only their own dealerships' stock; other rows are rejected with a reason.
 */
import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  IMPORT_MODES,
  type ImportMode,
  StockImport,
  StockImportApplyQuery,
  StockImportQuery,
} from '../../contract/stock-import.ts';
import { audit } from '../auth/audit.ts';
import { byWhom, principalOf } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { isJsonType, parseJsonObject } from '../http/json-body.ts';
import { checkPath, checkQuery } from '../http/params.ts';
import { ApiError, item, notFound } from '../hydra.ts';
import { storeOf } from '../media/stores.ts';
import { ld, problems, staffGuard, staffOperations } from '../openapi/describe.ts';
import { recordChange, whoOf } from '../revisions/record.ts';
import { scopeOf } from '../stock/access.ts';
import { ImportFileError } from '../stock/csv-columns.ts';
import { applyPlan, type Plan, planHash, planImport, rejectedRows } from '../stock/csv-import.ts';

/** CSV files are larger than JSON bodies: app.ts gives this path its own limit. */
export const STOCK_IMPORT_PATH = /^\/api\/editor\/stock_imports\/?$/;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

const op = staffOperations(
  'Stock',
  staffGuard('The role or key lacks stock:write, or a session write came from another origin.'),
);

function present(id: string, plan: Plan, createdAt: string, appliedAt: string | null) {
  return {
    id,
    state: appliedAt ? ('applied' as const) : ('dry_run' as const),
    mode: modeOf(plan),
    rows: plan.rows,
    added: plan.added.map(({ row, stock_number }) => ({ row, stock_number })),
    changed: plan.changed.map(({ row, stock_number, id: carId, fields, was }) => ({
      row,
      stock_number,
      id: carId,
      fields,
      was,
    })),
    unchanged: plan.unchanged,
    removed: plan.removed,
    rejected: plan.rejected,
    rejected_rows: rejectedRows(plan),
    sold_share: plan.soldShare ?? [],
    confirm_sold: plan.confirmSold ?? null,
    dealerships: plan.dealerships,
    created_at: createdAt,
    applied_at: appliedAt,
  };
}

/** Plans stored before modes existed were full feeds. */
const modeOf = (p: Plan): ImportMode => p.mode ?? 'full';

/** The file, and its mode from JSON's `mode` when it has one (else the query's). */
async function readCsv(c: Context, queryMode: ImportMode): Promise<{ csv: string; mode: ImportMode }> {
  const type = c.req.header('Content-Type') ?? '';
  if (/^text\/(csv|plain)\b/i.test(type)) return { csv: await c.req.text(), mode: queryMode };
  if (isJsonType(c)) {
    const body = parseJsonObject(await c.req.text());
    if (typeof body.csv !== 'string')
      throw new ApiError(400, 'Send {"csv": "<the file>"} or the file itself as text/csv.');
    if (body.mode !== undefined && !IMPORT_MODES.includes(body.mode as ImportMode))
      throw new ApiError(
        400,
        'mode: must be update (cars not in the file are left alone) or full (they are marked sold)',
      );
    return { csv: body.csv, mode: (body.mode as ImportMode | undefined) ?? queryMode };
  }
  throw new ApiError(415, 'Send the file as text/csv (or JSON {"csv": "…"}).');
}

/** A plan that marks too many of a dealership's cars sold is applied only with that number typed. */
function checkConfirmed(p: Plan, typed: number | undefined) {
  const needed = p.confirmSold;
  if (needed === null || needed === undefined || typed === needed) return;
  const worst = [...(p.soldShare ?? [])].sort(
    (a, b) => b.marked_sold / Math.max(b.on_sale, 1) - a.marked_sold / Math.max(a.on_sale, 1),
  )[0];
  const share = worst
    ? ` (${worst.marked_sold} of the ${worst.on_sale} cars ${worst.dealer_name} has on sale)`
    : '';
  const message =
    typed === undefined
      ? `This import marks ${needed} cars sold${share}. To apply it, confirm that number: send confirm_sold=${needed}.`
      : `confirm_sold is ${typed}, but this import marks ${needed} cars sold${share}; send confirm_sold=${needed} to apply it.`;
  throw new ApiError(422, message, {
    '@context': '/api/contexts/ConstraintViolationList',
    '@type': 'ConstraintViolationList',
    violations: [{ propertyPath: 'confirm_sold', message, code: 'confirm_sold' }],
  });
}

export function stockImportRoutes(deps: Deps) {
  const app = new Hono();
  const db = deps.db;
  const store = storeOf(deps);
  const byId = checkPath(v.object({ id: v.pipe(v.string(), v.uuid('must be an import id (a UUID)')) }));
  const plan = async (c: Context, csv: string, mode: ImportMode) => {
    try {
      return await planImport(db, store, csv, scopeOf(c), mode);
    } catch (err) {
      if (err instanceof ImportFileError) throw new ApiError(400, err.message);
      throw err;
    }
  };
  const answer = (
    c: Context,
    id: string,
    p: Plan,
    createdAt: string,
    appliedAt: string | null,
    status: 200 | 201 = 200,
  ) =>
    item(c, 'StockImport', `/api/editor/stock_imports/${id}`, present(id, p, createdAt, appliedAt), status);
  const load = async (c: Context, id: string) => {
    const row = await db.selectFrom('stock_imports').selectAll().where('id', '=', id).executeTakeFirst();
    const p = principalOf(c);
    // Only its author (or, for a machine, the same kind of caller) sees an import.
    if (!row || row.actor_id !== (p.type === 'token' ? null : p.id)) throw notFound('Stock import', id);
    return row;
  };

  app.post(
    '/editor/stock_imports',
    op(
      'Dry run of a CSV stock import: rows added, changed, unchanged and rejected (line, column, reason), and, for a full feed (mode=full), the cars that would be marked sold. A column the file lacks changes nothing. Nothing is written to stock; apply with the id.',
      {
        201: ld(StockImport, 'The dry run; apply it with POST {@id}/apply.'),
        ...problems([400, 'The file is not CSV or lacks a required column.'], 413, [
          415,
          'Not text/csv or JSON.',
        ]),
      },
      {
        requestBody: {
          required: true,
          content: {
            'text/csv': { schema: { type: 'string' } },
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  csv: { type: 'string' },
                  mode: { type: 'string', enum: [...IMPORT_MODES], description: 'As the query parameter.' },
                },
                required: ['csv'],
              },
            },
          },
        },
      },
    ),
    checkQuery(StockImportQuery),
    async (c) => {
      const { csv, mode } = await readCsv(c, c.req.valid('query').mode);
      const p = await plan(c, csv, mode);
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      const principal = principalOf(c);
      await db
        .insertInto('stock_imports')
        .values({
          id,
          actor_id: principal.type === 'token' ? null : principal.id,
          scope: JSON.stringify(scopeOf(c)),
          csv,
          plan: JSON.stringify(p),
          plan_hash: planHash(p),
          created_at: createdAt,
          applied_at: null,
        })
        .execute();
      c.header('Location', `/api/editor/stock_imports/${id}`);
      return answer(c, id, p, createdAt, null, 201);
    },
  );

  app.get(
    '/editor/stock_imports/:id',
    op('A dry run, as it was shown (and when it was applied).', {
      200: ld(StockImport, 'OK'),
      ...problems(400, 404),
    }),
    byId,
    async (c) => {
      const row = await load(c, c.req.valid('param').id);
      return answer(c, row.id, JSON.parse(row.plan) as Plan, row.created_at, row.applied_at);
    },
  );

  app.post(
    '/editor/stock_imports/:id/apply',
    op(
      'Apply a dry run: adds and changes the cars it listed and, for a full feed, marks the missing ones sold, in one transaction, each change a revision of the import (undo it with POST {@id}/undo); queues a rebuild.',
      {
        200: ld(StockImport, 'Applied.'),
        ...problems(
          400,
          404,
          [409, 'Already applied, or the stock changed since the dry run (run it again).'],
          [
            422,
            "The plan marks more than 20 % of a dealership's cars on sale sold and confirm_sold is not that number (the dry run's confirm_sold, and this answer, name it).",
          ],
        ),
      },
    ),
    byId,
    checkQuery(StockImportApplyQuery),
    async (c) => {
      const row = await load(c, c.req.valid('param').id);
      if (row.applied_at) throw new ApiError(409, `This import was already applied at ${row.applied_at}.`);
      const p = await plan(c, row.csv, modeOf(JSON.parse(row.plan) as Plan));
      if (planHash(p) !== row.plan_hash)
        throw new ApiError(
          409,
          'The stock changed since this dry run; upload the file again to see the new plan.',
        );
      checkConfirmed(p, c.req.valid('query').confirm_sold);
      const appliedAt = new Date().toISOString();
      const claimed = await db
        .updateTable('stock_imports')
        .set({ applied_at: appliedAt })
        .where('id', '=', row.id)
        .where('applied_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) throw new ApiError(409, 'This import was already applied.');
      try {
        const who = whoOf(c, 'csv_import', row.id);
        await applyPlan(
          db,
          p,
          (action, id, before, after) =>
            audit(c, db, deps.config.trustProxy, {
              action: `stock.${action}`,
              resource: 'vehicles',
              resourceId: id,
              before,
              after,
            }),
          (trx, action, id, before) =>
            recordChange(trx, who, 'vehicles', id, action, before ? { fields: { ...before } } : null),
        );
      } catch (err) {
        await db.updateTable('stock_imports').set({ applied_at: null }).where('id', '=', row.id).execute();
        throw err;
      }
      await audit(c, db, deps.config.trustProxy, {
        action: 'stock.import',
        resource: 'stock_imports',
        resourceId: row.id,
        after: {
          added: p.added.length,
          changed: p.changed.length,
          removed: p.removed.length,
          rejected_rows: rejectedRows(p),
          mode: modeOf(p),
        },
      });
      deps.readCache?.clear();
      deps.publishing?.contentChanged('stock', byWhom(c));
      return answer(c, row.id, p, row.created_at, appliedAt);
    },
  );
  return app;
}
