/**
 * Undoing many changes at once, each as one batch of restores (docs/decisions/205-revisions.md):
 *   GET  /api/editor/changes_since/{buildId}          items changed since that build read the content
 *   POST /api/editor/changes_since/{buildId}/restore  put each back as it was then (before a roll back)
 *   GET  /api/editor/stock_imports                    applied CSV imports the caller may undo
 *   POST /api/editor/stock_imports/{id}/undo          every car the import added, changed or marked sold,
 *                                                     back as it was before it
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { AppliedImport, ChangesSince, RestoreResult } from '../../contract/revisions.ts';
import { principalOf } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { checkPath } from '../http/params.ts';
import { ApiError, collection, item, notFound } from '../hydra.ts';
import { storeOf } from '../media/stores.ts';
import { collectionOk, ld, problems, staffGuard, staffOperations } from '../openapi/describe.ts';
import { kindOf } from '../revisions/items.ts';
import { mayTouch, type RevisionRow } from '../revisions/queries.ts';
import { whoOf } from '../revisions/record.ts';
import { revertRevisions, snapshotOf } from '../revisions/restore.ts';
import { stockScope } from '../stock/access.ts';
import type { Plan } from '../stock/csv-import.ts';
import { afterRestore, restoreAnswer } from './revisions.ts';

const op = staffOperations(
  'Revisions',
  staffGuard('The role or key may not edit these items (content:write; stock:write for used cars).'),
);
const restored = { 200: ld(RestoreResult, 'Restored as one batch; a rebuild is queued.') };
const LD = { 'Content-Type': 'application/ld+json; charset=utf-8' };

export function revisionBatchRoutes(deps: Deps) {
  const app = new Hono();
  const db = deps.db;
  const buildPath = checkPath(v.object({ buildId: v.pipe(v.string(), v.description('Build id')) }));
  const importPath = checkPath(v.object({ id: v.pipe(v.string(), v.uuid('must be an import id (a UUID)')) }));

  /** Revisions recorded after the build started reading content, that the caller may undo. */
  const since = async (c: Context, buildId: string) => {
    const build = await db
      .selectFrom('builds')
      .select(['id', 'started_at', 'queued_at'])
      .where('id', '=', buildId)
      .executeTakeFirst();
    if (!build) throw notFound('Build', buildId);
    const at = build.started_at ?? build.queued_at;
    const p = principalOf(c);
    const rows = (
      await db.selectFrom('revisions').selectAll().where('at', '>', at).orderBy('seq').execute()
    ).filter((r) => mayTouch(p, r.resource, r.dealer_slug));
    return { at, rows };
  };
  const grouped = (rows: RevisionRow[]) => {
    const items = new Map<string, { first: RevisionRow; last: RevisionRow; n: number }>();
    for (const r of rows) {
      const key = `${r.resource}/${r.item_id}`;
      const seen = items.get(key);
      items.set(key, seen ? { ...seen, last: r, n: seen.n + 1 } : { first: r, last: r, n: 1 });
    }
    return [...items.values()];
  };

  app.get(
    '/editor/changes_since/:buildId',
    op(
      'Items created, changed or deleted since that build started reading content (what a roll back to it would leave in the data).',
      {
        200: ld(ChangesSince, 'OK'),
        ...problems(404),
      },
    ),
    buildPath,
    async (c) => {
      const { buildId } = c.req.valid('param');
      const { at, rows } = await since(c, buildId);
      const items = grouped(rows).map(({ first, last, n }) => ({
        resource: first.resource as ChangesSince['items'][number]['resource'],
        item_id: Number(first.item_id),
        label: last.label,
        change: !first.before
          ? ('created' as const)
          : !last.after
            ? ('deleted' as const)
            : ('changed' as const),
        revisions: n,
        before: snapshotOf(first.before) as ChangesSince['items'][number]['before'],
        after: snapshotOf(last.after) as ChangesSince['items'][number]['after'],
      }));
      return item(c, 'ChangesSince', `/api/editor/changes_since/${buildId}`, {
        build: buildId,
        since: at,
        items,
      });
    },
  );

  app.post(
    '/editor/changes_since/:buildId/restore',
    op(
      'Put every item changed since that build back as it was then, as one batch (items created since are deleted, deleted ones come back). Queues a rebuild.',
      { ...restored, ...problems(404, [422, 'An item cannot come back as it was; the violation names it.']) },
    ),
    buildPath,
    async (c) => {
      const { buildId } = c.req.valid('param');
      const { rows } = await since(c, buildId);
      const o = { who: whoOf(c), store: storeOf(deps), dealerScope: stockScope(principalOf(c)) };
      const done = await revertRevisions(db, rows, o);
      await afterRestore(c, deps, done, 'revision.revert_to_build', buildId);
      return c.json(restoreAnswer(done, [], 0), 200, LD);
    },
  );

  /** A dealer user reaches only imports limited to their own dealerships; the group's staff reach all. */
  const visible = (c: Context, scope: string | null) => {
    const mine = stockScope(principalOf(c));
    if (mine === null) return true;
    const theirs = JSON.parse(scope ?? 'null') as string[] | null;
    return theirs?.every((s) => mine.includes(s)) ?? false;
  };
  app.get(
    '/editor/stock_imports',
    op(
      'Applied CSV imports, newest first (the last 20), each of which can be undone once.',
      collectionOk(AppliedImport),
    ),
    async (c) => {
      const rows = await db
        .selectFrom('stock_imports')
        .select(['id', 'scope', 'plan', 'applied_at', 'undone_at'])
        .where('applied_at', 'is not', null)
        .orderBy('applied_at', 'desc')
        .limit(100)
        .execute();
      const members = rows
        .filter((r) => visible(c, r.scope))
        .slice(0, 20)
        .map((r) => {
          const p = JSON.parse(r.plan) as Plan;
          return {
            '@id': `/api/editor/stock_imports/${r.id}`,
            '@type': 'AppliedImport',
            id: r.id,
            applied_at: r.applied_at as string,
            undone_at: r.undone_at,
            dealerships: p.dealerships,
            added: p.added.length,
            changed: p.changed.length,
            marked_sold: p.removed.length,
          };
        });
      return collection(c, 'AppliedImport', members, members.length);
    },
  );

  app.post(
    '/editor/stock_imports/:id/undo',
    op(
      'Undo an applied import: every car it added is removed (to Recently deleted), every car it changed or marked sold is put back as it was before, as one batch. Queues a rebuild.',
      {
        ...restored,
        ...problems(
          400,
          404,
          [409, 'Not applied, or undone already.'],
          [422, 'A car cannot go back; the violation names it.'],
        ),
      },
    ),
    importPath,
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await db.selectFrom('stock_imports').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || !visible(c, row.scope)) throw notFound('Stock import', id);
      if (!row.applied_at)
        throw new ApiError(409, 'This import was never applied: there is nothing to undo.');
      if (row.undone_at) throw new ApiError(409, `This import was undone already, at ${row.undone_at}.`);
      const p = principalOf(c);
      const rows = await db
        .selectFrom('revisions')
        .selectAll()
        .where('batch_id', '=', id)
        .orderBy('seq')
        .execute();
      if (rows.some((r) => !mayTouch(p, r.resource, r.dealer_slug) || !kindOf(r.resource)))
        throw notFound('Stock import', id);
      const claimed = await db
        .updateTable('stock_imports')
        .set({ undone_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('undone_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) throw new ApiError(409, 'This import was undone already.');
      try {
        const done = await revertRevisions(db, rows, {
          who: whoOf(c),
          store: storeOf(deps),
          dealerScope: stockScope(p),
        });
        await afterRestore(c, deps, done, 'stock.import_undo', id);
        return c.json(restoreAnswer(done, [], 0), 200, LD);
      } catch (err) {
        await db.updateTable('stock_imports').set({ undone_at: null }).where('id', '=', id).execute();
        throw err;
      }
    },
  );
  return app;
}
