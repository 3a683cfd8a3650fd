/**
 * The end of "Recently deleted": an item deleted longer ago than DELETED_RETENTION_DAYS (and not restored)
 * loses its revisions, and then the orphan sweep removes its photo files. Until then the sweep keeps every
 * file a recent revision names, so a deleted item comes back with its photos.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { renditionsOf } from '../media/photos.ts';
import type { Snapshot } from './items.ts';
import { broughtBack, DAY_MS } from './queries.ts';

/**
 * Deletes the revisions of items deleted before `cutoff` and not brought back since (up to that delete: an
 * id used again by a new item keeps that item's history); answers how many items.
 */
async function purgeDeleted(db: Kysely<Database>, cutoff: string): Promise<number> {
  const deletes = await db
    .selectFrom('revisions')
    .select(['id', 'resource', 'item_id', 'seq'])
    .where('action', '=', 'delete')
    .where('at', '<', cutoff)
    .execute();
  let purged = 0;
  for (const d of deletes) {
    if (await broughtBack(db, d)) continue;
    await db
      .deleteFrom('revisions')
      .where('resource', '=', d.resource)
      .where('item_id', '=', d.item_id)
      .where('seq', '<=', d.seq)
      .execute();
    purged++;
  }
  return purged;
}

/** Photo file keys that revisions since `cutoff` name: kept, so restoring them brings the photos back. */
export async function revisionPhotoKeys(db: Kysely<Database>, cutoff: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('revisions')
    .select(['before', 'after'])
    .where('at', '>=', cutoff)
    .where((eb) => eb.or([eb('before', 'like', '%"renditions"%'), eb('after', 'like', '%"renditions"%')]))
    .execute();
  const keys = new Set<string>();
  for (const row of rows)
    for (const json of [row.before, row.after]) {
      if (!json) continue;
      for (const photo of (JSON.parse(json) as Snapshot).photos ?? [])
        for (const r of renditionsOf(photo)) keys.add(r.key);
    }
  return keys;
}

/** Before each orphan sweep: purge expired deletions, and answer the files the remaining revisions keep. */
export async function purgeRevisions(db: Kysely<Database>, retentionDays: number, now = Date.now()) {
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  await purgeDeleted(db, cutoff);
  return revisionPhotoKeys(db, cutoff);
}
