/**
 * Photos of used cars: the database rows and their files kept consistent (docs/decisions/070-photo-storage.md).
 * - Adding writes every file first, then all rows in one transaction; if anything fails, the files written
 *   so far are removed, so a failed upload leaves nothing behind.
 * - Removing deletes the row first (nothing points at the files any more), then the files; a file that
 *   cannot be removed then is an orphan, which `sweepOrphans` removes later.
 * So no row ever points at a missing file, and an orphan file can only outlive a crash until the next sweep.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Rendition } from '../../lib/contract/media.ts';
import { publicImage } from '../../lib/photos.ts';
import type { Database } from '../db/schema.ts';
import type { VehicleImagesTable } from '../db/schema-media.ts';
import { notFound, violationError } from '../hydra.ts';
import type { Logger } from '../log.ts';
import type { Encoded } from './ingest.ts';
import type { BlobStore } from './storage.ts';

export type PhotoRow = Selectable<VehicleImagesTable>;

export const PHOTO_PREFIX = 'photos/';
const EXT = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

const isUniqueViolation = (err: unknown) =>
  /UNIQUE constraint|duplicate key|23505/i.test(String((err as { code?: string })?.code ?? '') + String(err));

export const renditionsOf = (row: Pick<PhotoRow, 'renditions'>): Rendition[] =>
  JSON.parse(row.renditions) as Rendition[];

/** The public image shape (src/lib/photos.ts) of a stored photo. */
export const photoImage = (row: PhotoRow) => publicImage(renditionsOf(row), row.alt);

async function requireVehicle(db: Kysely<Database>, vehicleId: number): Promise<void> {
  const found = await db.selectFrom('vehicles').select('id').where('id', '=', vehicleId).executeTakeFirst();
  if (!found) throw notFound('Vehicle', String(vehicleId));
}

/** A car's photos in gallery order. */
export async function listPhotos(db: Kysely<Database>, vehicleId: number): Promise<PhotoRow[]> {
  await requireVehicle(db, vehicleId);
  return db
    .selectFrom('vehicle_images')
    .selectAll()
    .where('vehicle_id', '=', vehicleId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
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

/** Stores the files of each photo, then its rows; the first photo of a car without one becomes its main. */
export async function addPhotos(
  db: Kysely<Database>,
  store: BlobStore,
  vehicleId: number,
  photos: { width: number; height: number; renditions: Encoded[] }[],
): Promise<void> {
  await requireVehicle(db, vehicleId);
  const written: string[] = [];
  try {
    const rows: { id: string; width: number; height: number; renditions: string }[] = [];
    for (const photo of photos) {
      const id = randomUUID();
      const renditions: Rendition[] = [];
      for (const r of photo.renditions) {
        const key = `${PHOTO_PREFIX}${id}/${r.width}.${EXT[r.format]}`;
        await store.put(key, r.data);
        written.push(key);
        renditions.push({ format: r.format, width: r.width, height: r.height, key });
      }
      rows.push({ id, width: photo.width, height: photo.height, renditions: JSON.stringify(renditions) });
    }
    for (let attempt = 0; ; attempt++) {
      try {
        await db.transaction().execute(async (trx) => {
          await requireVehicle(trx, vehicleId); // it may have been deleted meanwhile
          const { max, mains } = (await trx
            .selectFrom('vehicle_images')
            .select((eb) => [eb.fn.max('position').as('max'), eb.fn.sum<number>('is_main').as('mains')])
            .where('vehicle_id', '=', vehicleId)
            .executeTakeFirstOrThrow()) as { max: number | null; mains: number | null };
          const start = max === null ? 0 : Number(max) + 1;
          const now = new Date().toISOString();
          await trx
            .insertInto('vehicle_images')
            .values(
              rows.map((r, i) => ({
                ...r,
                vehicle_id: vehicleId,
                position: start + i,
                is_main: !Number(mains ?? 0) && i === 0 ? 1 : 0,
                alt: '',
                created_at: now,
              })),
            )
            .execute();
        });
        return;
      } catch (err) {
        // Two uploads to a car without photos both chose a main one: the index refused one; try again.
        if (!isUniqueViolation(err) || attempt >= 3) throw err;
      }
    }
  } catch (err) {
    await Promise.all(written.map((key) => store.delete(key).catch(() => {})));
    throw err;
  }
}

async function requirePhoto(db: Kysely<Database>, vehicleId: number, photoId: string): Promise<PhotoRow> {
  const row = await db
    .selectFrom('vehicle_images')
    .selectAll()
    .where('vehicle_id', '=', vehicleId)
    .where('id', '=', photoId)
    .executeTakeFirst();
  if (!row) throw notFound('Photo', photoId);
  return row;
}

/** Puts the car's photos in the given order; `order` must name each of them exactly once. */
export async function reorderPhotos(db: Kysely<Database>, vehicleId: number, order: string[]): Promise<void> {
  await requireVehicle(db, vehicleId);
  await db.transaction().execute(async (trx) => {
    const ids = (
      await trx.selectFrom('vehicle_images').select('id').where('vehicle_id', '=', vehicleId).execute()
    ).map((r) => r.id);
    const same =
      order.length === ids.length &&
      new Set(order).size === order.length &&
      order.every((id) => ids.includes(id));
    if (!same)
      throw violationError([
        {
          propertyPath: 'order',
          message: `order must list each of this car's ${ids.length} photo ids exactly once`,
          code: 'not_a_permutation',
        },
      ]);
    for (const [position, id] of order.entries())
      await trx.updateTable('vehicle_images').set({ position }).where('id', '=', id).execute();
  });
}

/** Makes one photo the car's main photo and/or changes its alt text. */
export async function updatePhoto(
  db: Kysely<Database>,
  vehicleId: number,
  photoId: string,
  change: { is_main?: true; alt?: string },
): Promise<void> {
  await requireVehicle(db, vehicleId);
  await db.transaction().execute(async (trx) => {
    await requirePhoto(trx, vehicleId, photoId);
    if (change.is_main) {
      await trx
        .updateTable('vehicle_images')
        .set({ is_main: 0 })
        .where('vehicle_id', '=', vehicleId)
        .execute();
      await trx.updateTable('vehicle_images').set({ is_main: 1 }).where('id', '=', photoId).execute();
    }
    if (change.alt !== undefined)
      await trx.updateTable('vehicle_images').set({ alt: change.alt }).where('id', '=', photoId).execute();
  });
}

/** Deletes the row (promoting the next photo when it was the main one), then its files. */
export async function removePhoto(
  db: Kysely<Database>,
  store: BlobStore,
  vehicleId: number,
  photoId: string,
  onFileError: (key: string, err: unknown) => void = () => {},
): Promise<void> {
  await requireVehicle(db, vehicleId);
  const row = await db.transaction().execute(async (trx) => {
    const photo = await requirePhoto(trx, vehicleId, photoId);
    await trx.deleteFrom('vehicle_images').where('id', '=', photoId).execute();
    if (photo.is_main) {
      const next = await trx
        .selectFrom('vehicle_images')
        .select('id')
        .where('vehicle_id', '=', vehicleId)
        .orderBy('position')
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      if (next)
        await trx.updateTable('vehicle_images').set({ is_main: 1 }).where('id', '=', next.id).execute();
    }
    return photo;
  });
  for (const { key } of renditionsOf(row)) await store.delete(key).catch((err) => onFileError(key, err));
}

/**
 * Removes files under photos/ that no row references and that are older than `graceMs` (younger ones may
 * belong to an upload whose row is not committed yet). Safe to run on several instances at once.
 */
export async function sweepOrphans(
  db: Kysely<Database>,
  store: BlobStore,
  graceMs = 60 * 60 * 1000,
  now = Date.now(),
): Promise<string[]> {
  const objects = await store.list(PHOTO_PREFIX);
  if (!objects.length) return [];
  const referenced = new Set<string>();
  for (const row of await db.selectFrom('vehicle_images').select('renditions').execute())
    for (const r of renditionsOf(row)) referenced.add(r.key);
  const orphans = objects.filter((o) => !referenced.has(o.key) && now - o.modified.getTime() >= graceMs);
  for (const o of orphans) await store.delete(o.key);
  return orphans.map((o) => o.key);
}

/** Sweeps at start and then every `everyMs` (files orphaned by a crash or a failed delete). */
export function startOrphanSweep(
  db: Kysely<Database>,
  store: BlobStore,
  logger: Logger,
  everyMs = 6 * 60 * 60 * 1000,
): () => void {
  const run = () =>
    sweepOrphans(db, store)
      .then(
        (removed) => removed.length && logger.info('removed orphan photo files', { count: removed.length }),
      )
      .catch((err) => logger.warn('orphan photo sweep failed', { error: String(err) }));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
