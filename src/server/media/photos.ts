/**
 * Photos of used cars, banners, blog posts, range models and variants as stored: their row types and the
 * reads the public API and the editor make (writes: photo-writes.ts; orphan files: orphan-sweep.ts).
 * docs/decisions/070-photo-storage.md, 153-content-images.md.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Rendition } from '../../contract/media.ts';
import { PHOTO_KEY_PREFIX, publicImage } from '../../domain/photos.ts';
import type { Database } from '../db/schema.ts';
import type { ContentImagesTable, VehicleImagesTable } from '../db/schema-media.ts';
import {
  type ContentOwnerType,
  images,
  loose,
  ofOwner,
  type PhotoOwner,
  requireOwner,
} from './photo-owners.ts';

export type PhotoRow = Selectable<VehicleImagesTable>;
export type ContentPhotoRow = Selectable<ContentImagesTable>;
/** What every stored photo has, whoever owns it. */
export type StoredPhoto = Omit<PhotoRow, 'vehicle_id'>;

export const PHOTO_PREFIX = PHOTO_KEY_PREFIX;

export const renditionsOf = (row: Pick<PhotoRow, 'renditions'>): Rendition[] =>
  JSON.parse(row.renditions) as Rendition[];

/** The public image shape (src/domain/photos.ts) of a stored photo. */
export const photoImage = (row: Pick<StoredPhoto, 'renditions' | 'alt'>) =>
  publicImage(renditionsOf(row), row.alt);

/** An owner's photos in gallery order. */
export async function listPhotos(db: Kysely<Database>, owner: PhotoOwner): Promise<StoredPhoto[]> {
  await requireOwner(db, owner);
  return ofOwner(loose(db).selectFrom(images(owner)).selectAll(), owner)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute() as Promise<StoredPhoto[]>;
}

/** Photos of many cars at once (the listing page), main photo first, then gallery order. */
export async function photosByVehicle(
  db: Kysely<Database>,
  vehicleIds: number[],
  onlyMain = false,
): Promise<Map<number, PhotoRow[]>> {
  const out = new Map<number, PhotoRow[]>();
  if (!vehicleIds.length) return out;
  let q = db.selectFrom('vehicle_images').selectAll().where('vehicle_id', 'in', vehicleIds);
  if (onlyMain) q = q.where('is_main', '=', 1);
  const rows = await q
    .orderBy('is_main', 'desc')
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) out.set(row.vehicle_id, [...(out.get(row.vehicle_id) ?? []), row]);
  return out;
}

/**
 * Photos of many banners, blog posts, range models or variants (or variants' colours: each row's
 * owner_key names the colour) at once (the public API), main first, then order.
 */
export async function photosOfContent(
  db: Kysely<Database>,
  kind: ContentOwnerType | ContentOwnerType[],
  ids: number[],
): Promise<Map<number, ContentPhotoRow[]>> {
  const out = new Map<number, ContentPhotoRow[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('content_images')
    .selectAll()
    .where('owner_type', 'in', Array.isArray(kind) ? kind : [kind])
    .where('owner_id', 'in', ids)
    .orderBy('is_main', 'desc')
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) out.set(row.owner_id, [...(out.get(row.owner_id) ?? []), row]);
  return out;
}
