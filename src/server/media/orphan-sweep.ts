/**
 * Files no row names any more (a crash between a delete's steps, a failed file delete, an upload whose
 * rows never committed) are removed by a sweep, on local disk and in a bucket alike: only those older than
 * a grace period, since a younger one may belong to an upload whose rows are about to commit.
 */
import type { Kysely } from 'kysely';
import { COLOUR_IMAGE_OWNER, CONTENT_IMAGE_OWNER_KINDS } from '../../domain/photos.ts';
import type { Database } from '../db/schema.ts';
import { colourSlugs, ownerSpec } from './photo-owners.ts';
import { removeOwnerPhotos } from './photo-writes.ts';
import { PHOTO_PREFIX, renditionsOf } from './photos.ts';
import type { BlobStore } from './storage.ts';

/**
 * Removes files under photos/ that no row references and that are older than `graceMs` (younger ones may
 * belong to an upload whose row is not committed yet). Safe to run on several instances at once.
 */
export async function sweepOrphans(
  db: Kysely<Database>,
  store: BlobStore,
  graceMs = 60 * 60 * 1000,
  now = Date.now(),
  /** Files no row references that must stay: those of revisions (a deleted item's photos). */
  keep: Iterable<string> = [],
): Promise<string[]> {
  // Rows of a banner, blog post, range model or variant deleted without them (a crash between the steps).
  for (const kind of [...CONTENT_IMAGE_OWNER_KINDS, COLOUR_IMAGE_OWNER] as const)
    await db
      .deleteFrom('content_images')
      .where('owner_type', '=', kind)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom(ownerSpec(kind).table)
              .select('id')
              .whereRef(`${ownerSpec(kind).table}.id`, '=', 'content_images.owner_id'),
          ),
        ),
      )
      .execute();
  // Photos of colours no longer on their variant (removed by an edit that crashed before removing them).
  const colourRows = await db
    .selectFrom('content_images')
    .select(['owner_id', 'owner_key'])
    .distinct()
    .where('owner_type', '=', COLOUR_IMAGE_OWNER)
    .execute();
  const variantIds = [...new Set(colourRows.map((r) => r.owner_id))];
  if (variantIds.length) {
    const variants = await db
      .selectFrom('range_variants')
      .select(['id', 'colors'])
      .where('id', 'in', variantIds)
      .execute();
    for (const variant of variants)
      await removeOwnerPhotos(db, store, 'range_variant', variant.id, undefined, colourSlugs(variant.colors));
  }
  const objects = await store.list(PHOTO_PREFIX);
  if (!objects.length) return [];
  const referenced = new Set<string>();
  for (const table of ['vehicle_images', 'content_images'] as const)
    for (const row of await db.selectFrom(table).select('renditions').execute())
      for (const r of renditionsOf(row)) referenced.add(r.key);
  for (const key of keep) referenced.add(key);
  const orphans = objects.filter((o) => !referenced.has(o.key) && now - o.modified.getTime() >= graceMs);
  for (const o of orphans) await store.delete(o.key);
  return orphans.map((o) => o.key);
}
