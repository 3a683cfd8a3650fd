/**
 * Bringing items back: one item to a snapshot of a revision ("Restore this version", "Recently deleted"),
 * or many to how they were before a set of revisions (undo an import, roll back), each write recorded as a
 * revision of its own in one transaction, so a restore can itself be undone.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Violation } from '../../contract/hydra.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import type { RevisionsTable } from '../db/schema-revisions.ts';
import { violationError } from '../hydra.ts';
import type { ContentOwnerType } from '../media/photo-owners.ts';
import type { BlobStore } from '../media/storage.ts';
import { type ItemKind, kindOf, type PhotoSnapshot, type Snapshot } from './items.ts';
import { dropPhotoRows, inTransaction, type Recorded, recordRevision, type Who } from './record.ts';

export interface RestoreOptions {
  who: Who;
  store: BlobStore;
  /** A dealer user's dealerships (a car must stay in them); null for the whole group. */
  dealerScope: string[] | null;
}

/** Puts the snapshot's photos back: those whose files are still stored (answers how many were not). */
async function putPhotos(
  trx: Kysely<Database>,
  kind: ItemKind,
  id: number,
  photos: PhotoSnapshot[],
  store: BlobStore,
) {
  await dropPhotoRows(trx, kind, id);
  let missing = 0;
  for (const p of photos) {
    const keys = (JSON.parse(p.renditions) as { key: string }[]).map((r) => r.key);
    if (!(await Promise.all(keys.map((k) => store.exists(k)))).every(Boolean)) {
      missing++;
      continue;
    }
    const { owner_type, owner_key, ...photo } = p;
    if (kind.photos?.table === 'vehicle_images')
      await trx
        .insertInto('vehicle_images')
        .values({ ...photo, vehicle_id: id })
        .execute();
    else
      await trx
        .insertInto('content_images')
        .values({ ...photo, owner_type: owner_type as ContentOwnerType, owner_id: id, owner_key })
        .execute();
  }
  return missing;
}

const named = (kind: ItemKind, s: Snapshot, id: number, found: Violation[]) =>
  found.map((v) => ({ ...v, message: `${kind.label} “${kind.title(s, id)}”: ${v.message}` }));

/**
 * Makes item `id` what `target` says (null: it did not exist, so it is removed), recording a revision;
 * a slug or stock number taken since is a 422 naming the clash. Nothing is recorded when nothing changes.
 */
export async function restoreItem(
  trx: Kysely<Database>,
  kind: ItemKind,
  id: number,
  target: Snapshot | null,
  o: RestoreOptions,
  restoredFrom: string | null,
): Promise<(Recorded & { missingPhotos: number }) | null> {
  const current = (await kind.read(trx, id)) ?? null;
  if (!target) {
    if (!current) return null;
    await dropPhotoRows(trx, kind, id);
    await kind.remove(trx, id);
    const r = await recordRevision(trx, kind, id, 'delete', current, null, o.who, restoredFrom);
    return r && { ...r, missingPhotos: 0 };
  }
  const found = await kind.checks(trx, target.fields, id, o.dealerScope);
  if (found.length) throw violationError(named(kind, target, id, found));
  try {
    await kind.write(trx, id, target, Boolean(current));
  } catch (err) {
    if (isUniqueViolation(err))
      throw violationError(named(kind, target, id, await kind.checks(trx, target.fields, id, o.dealerScope)));
    throw err;
  }
  const missingPhotos = await putPhotos(trx, kind, id, target.photos, o.store);
  const after = (await kind.read(trx, id)) ?? null;
  const r = await recordRevision(trx, kind, id, 'restore', current, after, o.who, restoredFrom);
  return r && { ...r, missingPhotos };
}

export const snapshotOf = (json: string | null): Snapshot | null =>
  json ? (JSON.parse(json) as Snapshot) : null;

/** Dealerships first and models before their variants when restoring; the reverse when removing. */
const RANK: Record<string, number> = { dealers: 0, range_models: 1, range_variants: 2 };
const rank = (resource: string) => RANK[resource] ?? 3;

export interface Reverted {
  batchId: string;
  items: { resource: string; itemId: number; label: string; removed: boolean }[];
}

/**
 * Puts every item these revisions touched back as it was before the first of them, as one batch in one
 * transaction. `revisions` must be in recording order.
 */
export async function revertRevisions(
  db: Kysely<Database>,
  revisions: Pick<RevisionsTable, 'id' | 'resource' | 'item_id' | 'before' | 'label'>[],
  o: RestoreOptions,
): Promise<Reverted> {
  const first = new Map<string, (typeof revisions)[number]>();
  for (const r of revisions) {
    const key = `${r.resource}/${r.item_id}`;
    if (!first.has(key)) first.set(key, r);
  }
  const batchId = o.who.batchId ?? randomUUID();
  const who = { ...o.who, batchId };
  const plan = [...first.values()].filter((r) => kindOf(r.resource));
  const removals = plan.filter((r) => !r.before).sort((a, b) => rank(b.resource) - rank(a.resource));
  const restores = plan.filter((r) => r.before).sort((a, b) => rank(a.resource) - rank(b.resource));
  const items: Reverted['items'] = [];
  await inTransaction(db, async (trx) => {
    for (const r of [...removals, ...restores]) {
      const kind = kindOf(r.resource) as ItemKind;
      const done = await restoreItem(trx, kind, r.item_id, snapshotOf(r.before), { ...o, who }, r.id);
      if (done) items.push({ resource: r.resource, itemId: r.item_id, label: r.label, removed: !r.before });
    }
  });
  return { batchId, items };
}
