/**
 * Revisions of content and stock (docs/decisions/205-revisions.md), at fixed paths under the editor guard
 * ({resource}: blog_posts, specials, service_deals, banners, range_models, range_variants, dealers, vehicles):
 *   GET  /api/editor/{resource}/{id}/revisions                          the item's history, newest first
 *   POST /api/editor/{resource}/{id}/revisions/{revisionId}/restore     bring that version back
 *   GET  /api/editor/deleted?resource=                                  deleted items still restorable
 *   POST /api/editor/deleted/{revisionId}/restore                       bring one back, with its photos
 * A restore is a revision itself and queues a rebuild like any change. Callers see what they may edit.
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { DeletedItem, REVISIONED_RESOURCES, RestoreResult, Revision } from '../../contract/revisions.ts';
import { audit } from '../auth/audit.ts';
import { byWhom, principalOf } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { checkPath, checkQuery, pathId } from '../http/params.ts';
import { ApiError, collection, notFound, violationError } from '../hydra.ts';
import { storeOf } from '../media/stores.ts';
import { collectionOk, ld, problems, staffGuard, staffOperations } from '../openapi/describe.ts';
import { type ItemKind, kindOf, type Snapshot } from '../revisions/items.ts';
import {
  broughtBack,
  DAY_MS,
  historyOf,
  mayTouch,
  presentDeleted,
  presentRevision,
  type RevisionRow,
  stillDeleted,
} from '../revisions/queries.ts';
import { inTransaction, whoOf } from '../revisions/record.ts';
import { type Reverted, restoreItem, snapshotOf } from '../revisions/restore.ts';
import { stockScope } from '../stock/access.ts';

const op = staffOperations(
  'Revisions',
  staffGuard('The role or key may not edit this kind of item (content:write, or stock:write for used cars).'),
);
const resourceParam = v.pipe(
  v.string(),
  v.description(`One of ${REVISIONED_RESOURCES.join(', ')}.`),
  v.transform((name) => {
    if (!kindOf(name)) throw notFound('Resource', name);
    return name;
  }),
);
const VersionQuery = v.object({
  version: v.optional(
    v.pipe(
      v.picklist(['after', 'before'], 'must be after or before'),
      v.description('after (default): the item as this revision left it; before: as it was just before it.'),
    ),
  ),
});
const revisionId = v.pipe(v.string(), v.description('Revision id'), v.uuid('must be a revision id (a UUID)'));

/** What a batch of restores answers, and what it tells the audit log and the rebuild. */
export async function afterRestore(c: Context, deps: Deps, done: Reverted, action: string, subject: string) {
  await audit(c, deps.db, deps.config.trustProxy, {
    action,
    resource: 'revisions',
    resourceId: subject,
    after: { batch: done.batchId, items: done.items.map((i) => `${i.resource}/${i.itemId}`) },
  });
  deps.readCache?.clear();
  for (const section of new Set(done.items.map((i) => kindOf(i.resource)?.section)))
    if (section) deps.publishing?.contentChanged(section, byWhom(c));
}

export const restoreAnswer = (done: Reverted, ids: string[], missing: number) => ({
  '@type': 'RestoreResult' as const,
  restored: done.items.map((i) => ({
    resource: i.resource as (typeof REVISIONED_RESOURCES)[number],
    item_id: i.itemId,
    label: i.label,
    removed: i.removed,
  })),
  revision_ids: ids,
  batch_id: done.batchId,
  missing_photos: missing,
});

export function revisionRoutes(deps: Deps) {
  const app = new Hono();
  const db = deps.db;
  const retentionDays = deps.config.revisions.retentionDays;
  const itemPath = checkPath(v.object({ resource: resourceParam, id: pathId('Item') }));
  const restorePath = checkPath(v.object({ resource: resourceParam, id: pathId('Item'), revisionId }));
  const deletedPath = checkPath(v.object({ revisionId }));
  const restored = { 200: ld(RestoreResult, 'Restored; a rebuild is queued.') };
  const refused = problems(400, 404, [
    422,
    'The version cannot come back as it was: a slug or stock number another item now uses, a dealership or model that is gone, or a revision of another item; each violation names it.',
  ]);

  /** Restores one item to `target` in its own transaction, as one revision; answers like a batch. */
  const restoreOne = async (c: Context, kind: ItemKind, id: number, target: Snapshot, from: RevisionRow) => {
    const p = principalOf(c);
    const o = { who: whoOf(c), store: storeOf(deps), dealerScope: stockScope(p) };
    const done = await inTransaction(db, (trx) => restoreItem(trx, kind, id, target, o, from.id));
    const reverted: Reverted = {
      batchId: '',
      items: done
        ? [{ resource: kind.resource, itemId: id, label: kind.title(target, id), removed: false }]
        : [],
    };
    await afterRestore(c, deps, reverted, 'revision.restore', from.id);
    return { ...restoreAnswer(reverted, done ? [done.id] : [], done?.missingPhotos ?? 0), batch_id: null };
  };

  app.get(
    '/editor/:resource/:id/revisions',
    op(
      'The item’s history, newest first: each change with who, when, through what, and the item before and after.',
      {
        ...collectionOk(Revision),
        ...problems(400, 404),
      },
    ),
    itemPath,
    async (c) => {
      const { resource, id } = c.req.valid('param');
      const p = principalOf(c);
      const rows = await historyOf(db, p, resource, id);
      const kind = kindOf(resource) as ItemKind;
      if (!rows.length && !(await kind.read(db, id))) throw notFound(kind.label, String(id));
      return collection(c, 'Revision', rows.map(presentRevision), rows.length);
    },
  );

  app.post(
    '/editor/:resource/:id/revisions/:revisionId/restore',
    op(
      'Bring this version of the item back (?version=before: the one just before this change; for a delete: the item as it was deleted). The restore is itself a revision; queues a rebuild.',
      { ...restored, ...refused },
    ),
    restorePath,
    checkQuery(VersionQuery),
    async (c) => {
      const { resource, id, revisionId: rid } = c.req.valid('param');
      const { version } = c.req.valid('query');
      const kind = kindOf(resource) as ItemKind;
      const rev = await db.selectFrom('revisions').selectAll().where('id', '=', rid).executeTakeFirst();
      if (!rev || !mayTouch(principalOf(c), rev.resource, rev.dealer_slug)) throw notFound('Revision', rid);
      if (rev.resource !== resource || Number(rev.item_id) !== id)
        throw violationError([
          {
            propertyPath: 'revisionId',
            message: `Revision ${rid} is of ${kindOf(rev.resource)?.label.toLowerCase() ?? rev.resource} ${rev.item_id}, not of ${kind.label.toLowerCase()} ${id}`,
            code: 'other_item',
          },
        ]);
      const target = snapshotOf(version === 'before' ? rev.before : (rev.after ?? rev.before));
      if (!target)
        throw violationError([
          {
            propertyPath: 'version',
            message: 'There is no version before this item was created',
            code: 'no_version',
          },
        ]);
      return c.json(await restoreOne(c, kind, id, target, rev), 200, {
        'Content-Type': 'application/ld+json; charset=utf-8',
      });
    },
  );

  const ListQuery = v.object({
    resource: v.optional(
      v.picklist(REVISIONED_RESOURCES, `must be one of ${REVISIONED_RESOURCES.join(', ')}`),
    ),
  });
  app.get(
    '/editor/deleted',
    op(
      `Items deleted in the last ${retentionDays} days (DELETED_RETENTION_DAYS) that can be restored with their photos, newest first; only what the caller may edit.`,
      { ...collectionOk(DeletedItem), ...problems(400) },
    ),
    checkQuery(ListQuery),
    async (c) => {
      const { resource } = c.req.valid('query');
      const p = principalOf(c);
      const cutoff = new Date(Date.now() - retentionDays * DAY_MS).toISOString();
      const rows = (await stillDeleted(db, cutoff, resource)).filter((r) =>
        mayTouch(p, r.resource, r.dealer_slug),
      );
      return collection(
        c,
        'DeletedItem',
        rows.map((r) => presentDeleted(r, retentionDays)),
        rows.length,
      );
    },
  );

  app.post(
    '/editor/deleted/:revisionId/restore',
    op(
      'Bring a deleted item back as it was, with its photos (a range model: with the variants deleted with it). Under its old id, or a new one when another item took it. Queues a rebuild.',
      { ...restored, ...refused, ...problems([409, 'It was restored already.']) },
    ),
    deletedPath,
    async (c) => {
      const { revisionId: rid } = c.req.valid('param');
      const p = principalOf(c);
      const rev = await db.selectFrom('revisions').selectAll().where('id', '=', rid).executeTakeFirst();
      if (rev?.action !== 'delete' || !mayTouch(p, rev.resource, rev.dealer_slug))
        throw notFound('Deleted item', rid);
      if (await broughtBack(db, rev)) throw new ApiError(409, `${rev.label} was restored already.`);
      const group = [rev];
      const dependents = kindOf(rev.resource)?.dependents;
      if (rev.batch_id && dependents)
        for (const d of await db
          .selectFrom('revisions')
          .selectAll()
          .where('batch_id', '=', rev.batch_id)
          .where('action', '=', 'delete')
          .where('resource', '=', dependents.resource)
          .orderBy('seq')
          .execute())
          if (!(await broughtBack(db, d))) group.push(d);
      const o = { who: whoOf(c), store: storeOf(deps), dealerScope: stockScope(p) };
      const done: Reverted = { batchId: '', items: [] };
      const ids: string[] = [];
      let missing = 0;
      await inTransaction(db, async (trx) => {
        for (const r of group) {
          const kind = kindOf(r.resource) as ItemKind;
          const taken = Boolean(await kind.read(trx, Number(r.item_id)));
          const id = taken ? await kind.nextId(trx) : Number(r.item_id);
          const target = snapshotOf(r.before) as Snapshot;
          if (r !== rev && r.resource === 'range_variants' && target.fields.model_id !== undefined)
            target.fields = { ...target.fields, model_id: done.items[0]?.itemId ?? target.fields.model_id };
          const one = await restoreItem(trx, kind, id, target, o, r.id);
          if (!one) continue;
          ids.push(one.id);
          missing += one.missingPhotos;
          done.items.push({ resource: r.resource, itemId: id, label: r.label, removed: false });
        }
      });
      await afterRestore(c, deps, done, 'revision.undelete', rid);
      return c.json({ ...restoreAnswer(done, ids, missing), batch_id: null }, 200, {
        'Content-Type': 'application/ld+json; charset=utf-8',
      });
    },
  );
  return app;
}
