/**
 * Reading revisions as a caller may see them: an item's history, the deleted items still restorable, and
 * what a revision answers on the wire. A caller sees the revisions of what it may edit: content with
 * content:write, used cars with stock:write, and a dealer user only their own dealerships' cars.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DeletedItem, Revision } from '../../contract/revisions.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/schema.ts';
import type { RevisionsTable } from '../db/schema-revisions.ts';
import { stockScope } from '../stock/access.ts';
import { kindOf, type Snapshot } from './items.ts';
import { snapshotOf } from './restore.ts';

export type RevisionRow = Selectable<RevisionsTable>;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the principal may see and restore revisions of this resource (and, for a car, this dealership). */
export function mayTouch(p: Principal, resource: string, dealerSlug: string | null): boolean {
  const kind = kindOf(resource);
  if (!kind || !p.scopes.includes(kind.scope)) return false;
  const scope = kind.scope === 'stock:write' ? stockScope(p) : null;
  return scope === null || (dealerSlug !== null && scope.includes(dealerSlug));
}

const revisionPath = (r: Pick<RevisionRow, 'resource' | 'item_id' | 'id'>) =>
  `/api/editor/${r.resource}/${r.item_id}/revisions/${r.id}`;

export function presentRevision(r: RevisionRow): Omit<Revision, '@context'> {
  return {
    '@id': revisionPath(r),
    '@type': 'Revision',
    id: r.id,
    resource: r.resource as Revision['resource'],
    item_id: Number(r.item_id),
    action: r.action,
    label: r.label,
    source: r.source,
    actor: { type: r.actor_type, name: r.actor_name },
    batch_id: r.batch_id,
    restored_from: r.restored_from,
    at: r.at,
    before: snapshotOf(r.before) as Revision['before'],
    after: snapshotOf(r.after) as Revision['after'],
  };
}

/** An item's revisions, newest first, that the principal may see. */
export async function historyOf(db: Kysely<Database>, p: Principal, resource: string, id: number) {
  const rows = await db
    .selectFrom('revisions')
    .selectAll()
    .where('resource', '=', resource)
    .where('item_id', '=', id)
    .orderBy('seq', 'desc')
    .execute();
  return rows.filter((r) => mayTouch(p, r.resource, r.dealer_slug));
}

/** Whether a later revision brought the deleted item back (a restore from nothing, or one naming it). */
export async function broughtBack(
  db: Kysely<Database>,
  d: Pick<RevisionRow, 'id' | 'resource' | 'item_id' | 'seq'>,
) {
  return Boolean(
    await db
      .selectFrom('revisions')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('restored_from', '=', d.id), // under a new id, when another item took its old one
          eb.and([
            eb('resource', '=', d.resource),
            eb('item_id', '=', d.item_id),
            eb('seq', '>', d.seq),
            eb('action', '=', 'restore'),
            eb('before', 'is', null),
          ]),
        ]),
      )
      .executeTakeFirst(),
  );
}

/** Delete revisions newer than `cutoff` whose item has not been restored since. */
export async function stillDeleted(db: Kysely<Database>, cutoff: string, resource?: string) {
  let q = db.selectFrom('revisions').selectAll().where('action', '=', 'delete').where('at', '>=', cutoff);
  if (resource) q = q.where('resource', '=', resource);
  const rows = await q.orderBy('seq', 'desc').execute();
  const out: RevisionRow[] = [];
  for (const r of rows) if (!(await broughtBack(db, r))) out.push(r);
  return out;
}

export function presentDeleted(r: RevisionRow, retentionDays: number): DeletedItem {
  const before = snapshotOf(r.before) as Snapshot;
  return {
    '@id': `/api/editor/deleted/${r.id}`,
    '@type': 'DeletedItem',
    revision_id: r.id,
    resource: r.resource as DeletedItem['resource'],
    item_id: Number(r.item_id),
    label: r.label,
    deleted_at: r.at,
    deleted_by: r.actor_name,
    source: r.source,
    photo_count: before.photos.length,
    purge_at: new Date(Date.parse(r.at) + retentionDays * DAY_MS).toISOString(),
  };
}
