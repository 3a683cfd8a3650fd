/**
 * Recording a revision: every editor and stock write runs through `revised`, which reads the item's
 * snapshot before, runs the write, reads it after and stores both with who and through what, all in the
 * write's own transaction, so an item never changes without its revision (docs/decisions/205-revisions.md).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { actorOf } from '../auth/audit.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/schema.ts';
import type { RevisionAction, RevisionSource, RevisionsTable } from '../db/schema-revisions.ts';
import { type ItemKind, kindOf, type Snapshot } from './items.ts';

/** Who made a change and through what; `batchId` ties the items one action changed. */
export interface Who {
  actor: Pick<RevisionsTable, 'actor_type' | 'actor_id' | 'actor_name'>;
  source: RevisionSource;
  batchId?: string | null;
}

/** The request's principal (set by requireScope): staff through the admin, machines through an API key. */
export function whoOf(c: Context, source?: RevisionSource, batchId?: string | null): Who {
  const p = c.get('principal' as never) as Principal | undefined;
  return {
    actor: actorOf(p),
    source: source ?? (p?.type === 'staff' ? 'admin' : 'api_key'),
    batchId: batchId ?? null,
  };
}

let last = 0;
/** Recording order: milliseconds × 1000 plus a counter, strictly increasing within a process. */
function nextSeq(): number {
  last = Math.max(last + 1, Date.now() * 1000);
  return last;
}

/** Runs `fn` in a transaction, or in the caller's when it already is one (Kysely does not nest them). */
export const inTransaction = <T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>) =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

export interface Recorded {
  id: string;
  resource: string;
  itemId: number;
}

/** Stores one revision (nothing when nothing changed). */
export async function recordRevision(
  trx: Kysely<Database>,
  kind: ItemKind,
  itemId: number,
  action: RevisionAction,
  before: Snapshot | null,
  after: Snapshot | null,
  who: Who,
  restoredFrom: string | null = null,
): Promise<Recorded | null> {
  if (!before && !after) return null;
  if (action === 'update' && JSON.stringify(before) === JSON.stringify(after)) return null;
  const id = randomUUID();
  const shown = (after ?? before) as Snapshot;
  await trx
    .insertInto('revisions')
    .values({
      id,
      seq: nextSeq(),
      resource: kind.resource,
      item_id: itemId,
      action,
      label: kind.title(shown, itemId).slice(0, 300),
      dealer_slug: kind.dealerOf(after ?? shown) ?? (before ? kind.dealerOf(before) : null),
      before: before ? JSON.stringify(before) : null,
      after: after ? JSON.stringify(after) : null,
      source: who.source,
      ...who.actor,
      batch_id: who.batchId ?? null,
      restored_from: restoredFrom,
      at: new Date().toISOString(),
    })
    .execute();
  return { id, resource: kind.resource, itemId };
}

/** Deletes the item's photo rows; their files stay until the revision is purged (purge.ts). */
export async function dropPhotoRows(trx: Kysely<Database>, kind: ItemKind, id: number) {
  const where = kind.photos;
  if (!where) return;
  if (where.table === 'vehicle_images')
    await trx.deleteFrom('vehicle_images').where('vehicle_id', '=', id).execute();
  else
    await trx
      .deleteFrom('content_images')
      .where('owner_type', 'in', where.types)
      .where('owner_id', '=', id)
      .execute();
}

/**
 * One write with its revision, in one transaction: `id` is null for a create (then `write` answers the new
 * id). A delete also removes the photo rows (and records the items the database deletes with it).
 */
export async function revised<T>(
  db: Kysely<Database>,
  who: Who,
  resource: string,
  id: number | null,
  action: Exclude<RevisionAction, 'restore'>,
  write: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const kind = kindOf(resource);
  if (!kind) throw new Error(`no revisions for resource '${resource}'`);
  return inTransaction(db, async (trx) => {
    const before = id === null ? null : ((await kind.read(trx, id)) ?? null);
    const dependents =
      action === 'delete' && id !== null && kind.dependents ? await dependentSnapshots(trx, kind, id) : [];
    const result = await write(trx);
    const itemId = id ?? (result as unknown as number);
    const after = action === 'delete' ? null : ((await kind.read(trx, itemId)) ?? null);
    if (action === 'delete' && before) {
      const batched = dependents.length ? { ...who, batchId: who.batchId ?? randomUUID() } : who;
      await dropPhotoRows(trx, kind, itemId);
      await recordRevision(trx, kind, itemId, 'delete', before, null, batched);
      for (const d of dependents) {
        await dropPhotoRows(trx, d.kind, d.id);
        await recordRevision(trx, d.kind, d.id, 'delete', d.snapshot, null, batched);
      }
    } else await recordRevision(trx, kind, itemId, action, before, after, who);
    return result;
  });
}

async function dependentSnapshots(trx: Kysely<Database>, kind: ItemKind, id: number) {
  const dep = kind.dependents;
  const depKind = dep && kindOf(dep.resource);
  if (!dep || !depKind) return [];
  const out: { kind: ItemKind; id: number; snapshot: Snapshot }[] = [];
  for (const depId of await dep.ids(trx, id)) {
    const snapshot = await depKind.read(trx, depId);
    if (snapshot) out.push({ kind: depKind, id: depId, snapshot });
  }
  return out;
}

/**
 * Records a change made elsewhere (a photo upload, the CSV import): the snapshot after is read now and the
 * one before is given, or derived from it with the fields that changed (`beforeFields`).
 */
export async function recordChange(
  db: Kysely<Database>,
  who: Who,
  resource: string,
  id: number,
  action: Exclude<RevisionAction, 'restore' | 'delete'>,
  before: Snapshot | { fields: Record<string, unknown> } | null,
): Promise<void> {
  const kind = kindOf(resource);
  if (!kind) return;
  const after = (await kind.read(db, id)) ?? null;
  const full =
    before && after && !('photos' in before)
      ? { ...after, fields: { ...after.fields, ...before.fields } }
      : (before as Snapshot | null);
  await recordRevision(db, kind, id, action, action === 'create' ? null : full, after, who);
}
