/**
 * Photos of used cars, banners, blog posts and range models: the database rows and their files kept
 * consistent (docs/decisions/070-photo-storage.md, 153-content-images.md).
 * - Adding writes every file first, then all rows in one transaction; if anything fails, the files written
 *   so far are removed, so a failed upload leaves nothing behind.
 * - Removing deletes the row first (nothing points at the files any more), then the files; a file that
 *   cannot be removed then is an orphan, which `sweepOrphans` removes later.
 * So no row ever points at a missing file, and an orphan file can only outlive a crash until the next sweep.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Rendition } from '../../contract/media.ts';
import {
  COLOUR_IMAGE_OWNER,
  CONTENT_IMAGE_OWNER_KINDS,
  CONTENT_IMAGE_OWNERS,
  type ContentImageOwner,
  PHOTO_KEY_PREFIX,
  publicImage,
} from '../../domain/photos.ts';
import { withColourSlugs } from '../../domain/variant-colours.ts';
import type { Database } from '../db/schema.ts';
import type { ContentImagesTable, VehicleImagesTable } from '../db/schema-media.ts';
import { isUniqueViolation } from '../editor/writes.ts';
import { notFound, violationError } from '../hydra.ts';
import type { Logger } from '../log.ts';
import type { Encoded } from './ingest.ts';
import type { BlobStore } from './storage.ts';

export type PhotoRow = Selectable<VehicleImagesTable>;
export type ContentPhotoRow = Selectable<ContentImagesTable>;
/** What every stored photo has, whoever owns it. */
export type StoredPhoto = Omit<PhotoRow, 'vehicle_id'>;

/**
 * Whose photos: a used car (table vehicle_images) or a banner, blog post, range model or variant, or one
 * colour of a variant, keyed by its slug (content_images, docs/decisions/153-content-images.md and
 * 185-variant-colour-images.md). Every function below works on any of them, so used cars and content share
 * one ingest, storage and consistency path.
 */
export type PhotoOwner =
  | { kind: 'vehicle'; id: number }
  | { kind: ContentImageOwner; id: number }
  | { kind: typeof COLOUR_IMAGE_OWNER; id: number; key: string };
/** What content_images.owner_type holds. */
export type ContentOwnerType = ContentImageOwner | typeof COLOUR_IMAGE_OWNER;

export const PHOTO_PREFIX = PHOTO_KEY_PREFIX;
const EXT = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

export const renditionsOf = (row: Pick<PhotoRow, 'renditions'>): Rendition[] =>
  JSON.parse(row.renditions) as Rendition[];

/** The public image shape (src/domain/photos.ts) of a stored photo. */
export const photoImage = (row: Pick<StoredPhoto, 'renditions' | 'alt'>) =>
  publicImage(renditionsOf(row), row.alt);

/*
 * The two tables have the same photo columns and differ only in how the owner is named, so the queries are
 * written once over a loosely typed handle; `images`, `ownerColumns` and `ofOwner` are the only places that
 * know the difference.
 */
// biome-ignore lint/suspicious/noExplicitAny: one query shape over vehicle_images and content_images
type Loose = Kysely<any>;
const loose = (db: Kysely<Database>) => db as unknown as Loose;
const images = (owner: PhotoOwner) => (owner.kind === 'vehicle' ? 'vehicle_images' : 'content_images');
const ownerColumns = (owner: PhotoOwner): Record<string, string | number> =>
  owner.kind === 'vehicle'
    ? { vehicle_id: owner.id }
    : { owner_type: owner.kind, owner_id: owner.id, owner_key: 'key' in owner ? owner.key : '' };
// biome-ignore lint/suspicious/noExplicitAny: a Kysely builder of either table
function ofOwner<Q extends { where: (...a: any[]) => any }>(q: Q, owner: PhotoOwner): Q {
  let out = q;
  for (const [col, value] of Object.entries(ownerColumns(owner))) out = out.where(col, '=', value) as Q;
  return out;
}
const ownerSpec = (kind: Exclude<PhotoOwner['kind'], 'vehicle'>) =>
  kind === COLOUR_IMAGE_OWNER ? CONTENT_IMAGE_OWNERS.range_variant : CONTENT_IMAGE_OWNERS[kind];
const ownerTable = (owner: PhotoOwner) =>
  owner.kind === 'vehicle' ? 'vehicles' : ownerSpec(owner.kind).table;
const ownerLabel = (owner: PhotoOwner) =>
  owner.kind === 'vehicle' ? 'Vehicle' : ownerSpec(owner.kind).label;
const ownerNoun = (owner: PhotoOwner) =>
  owner.kind === 'vehicle'
    ? 'car'
    : owner.kind === COLOUR_IMAGE_OWNER
      ? 'colour'
      : ownerLabel(owner).toLowerCase();

/** The slugs of a variant's colours as stored, or as derived for a row saved before colours had slugs. */
export const colourSlugs = (colors: string): string[] => {
  let list: { name: string; slug?: string }[] = [];
  try {
    list = JSON.parse(colors);
  } catch {}
  return withColourSlugs(Array.isArray(list) ? list : []).map((c) => c.slug);
};

async function requireOwner(db: Kysely<Database>, owner: PhotoOwner): Promise<void> {
  const found = (await loose(db)
    .selectFrom(ownerTable(owner))
    .select(owner.kind === COLOUR_IMAGE_OWNER ? ['id', 'colors'] : ['id'])
    .where('id', '=', owner.id)
    .executeTakeFirst()) as { id: number; colors?: string } | undefined;
  if (!found) throw notFound(ownerLabel(owner), String(owner.id));
  if (owner.kind === COLOUR_IMAGE_OWNER && !colourSlugs(found.colors ?? '[]').includes(owner.key))
    throw notFound(`Colour of range variant ${owner.id}`, owner.key);
}

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

export interface AddOptions {
  /** The owner has one image: the new one replaces every existing one (their files go after the commit). */
  replace?: boolean;
  onFileError?: (key: string, err: unknown) => void;
}

/**
 * Stores the files of each photo, then its rows; the first photo of an owner without one becomes its main.
 * With `replace`, the owner's previous photos are deleted in the same transaction and their files after it.
 */
export async function addPhotos(
  db: Kysely<Database>,
  store: BlobStore,
  owner: PhotoOwner,
  photos: { width: number; height: number; renditions: Encoded[] }[],
  options: AddOptions = {},
): Promise<void> {
  await requireOwner(db, owner);
  const written: string[] = [];
  let replaced: StoredPhoto[] = [];
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
        replaced = await db.transaction().execute(async (trx) => {
          await requireOwner(trx, owner); // it may have been deleted meanwhile
          const t = loose(trx);
          const old: StoredPhoto[] = options.replace
            ? ((await ofOwner(t.selectFrom(images(owner)).selectAll(), owner).execute()) as StoredPhoto[])
            : [];
          if (old.length)
            await t
              .deleteFrom(images(owner))
              .where(
                'id',
                'in',
                old.map((o) => o.id),
              )
              .execute();
          const { max, mains } = (await ofOwner(
            t
              .selectFrom(images(owner))
              .select((eb) => [eb.fn.max('position').as('max'), eb.fn.sum<number>('is_main').as('mains')]),
            owner,
          ).executeTakeFirstOrThrow()) as { max: number | null; mains: number | null };
          const start = max === null ? 0 : Number(max) + 1;
          const now = new Date().toISOString();
          await t
            .insertInto(images(owner))
            .values(
              rows.map((r, i) => ({
                ...r,
                ...ownerColumns(owner),
                position: start + i,
                is_main: !Number(mains ?? 0) && i === 0 ? 1 : 0,
                alt: '',
                created_at: now,
              })),
            )
            .execute();
          return old;
        });
        break;
      } catch (err) {
        // Two uploads to an owner without photos both chose a main one: the index refused one; try again.
        if (!isUniqueViolation(err) || attempt >= 3) throw err;
      }
    }
  } catch (err) {
    await Promise.all(written.map((key) => store.delete(key).catch(() => {})));
    throw err;
  }
  await deleteFiles(store, replaced, options.onFileError);
}

async function deleteFiles(
  store: BlobStore,
  rows: Pick<StoredPhoto, 'renditions'>[],
  onFileError: (key: string, err: unknown) => void = () => {},
): Promise<void> {
  for (const row of rows)
    for (const { key } of renditionsOf(row)) await store.delete(key).catch((err) => onFileError(key, err));
}

async function requirePhoto(db: Kysely<Database>, owner: PhotoOwner, photoId: string): Promise<StoredPhoto> {
  const row = (await ofOwner(loose(db).selectFrom(images(owner)).selectAll(), owner)
    .where('id', '=', photoId)
    .executeTakeFirst()) as StoredPhoto | undefined;
  if (!row) throw notFound('Photo', photoId);
  return row;
}

/** Puts the owner's photos in the given order; `order` must name each of them exactly once. */
export async function reorderPhotos(db: Kysely<Database>, owner: PhotoOwner, order: string[]): Promise<void> {
  await requireOwner(db, owner);
  await db.transaction().execute(async (trx) => {
    const t = loose(trx);
    const ids = (
      (await ofOwner(t.selectFrom(images(owner)).select('id'), owner).execute()) as { id: string }[]
    ).map((r) => r.id);
    const same =
      order.length === ids.length &&
      new Set(order).size === order.length &&
      order.every((id) => ids.includes(id));
    if (!same)
      throw violationError([
        {
          propertyPath: 'order',
          message: `order must list each of this ${ownerNoun(owner)}'s ${ids.length} photo ids exactly once`,
          code: 'not_a_permutation',
        },
      ]);
    for (const [position, id] of order.entries())
      await t.updateTable(images(owner)).set({ position }).where('id', '=', id).execute();
  });
}

/** Makes one photo the owner's main photo and/or changes its alt text. */
export async function updatePhoto(
  db: Kysely<Database>,
  owner: PhotoOwner,
  photoId: string,
  change: { is_main?: true; alt?: string },
): Promise<void> {
  await requireOwner(db, owner);
  await db.transaction().execute(async (trx) => {
    await requirePhoto(trx, owner, photoId);
    const t = loose(trx);
    if (change.is_main) {
      await ofOwner(t.updateTable(images(owner)).set({ is_main: 0 }), owner).execute();
      await t.updateTable(images(owner)).set({ is_main: 1 }).where('id', '=', photoId).execute();
    }
    if (change.alt !== undefined)
      await t.updateTable(images(owner)).set({ alt: change.alt }).where('id', '=', photoId).execute();
  });
}

/** Deletes the row (promoting the next photo when it was the main one), then its files. */
export async function removePhoto(
  db: Kysely<Database>,
  store: BlobStore,
  owner: PhotoOwner,
  photoId: string,
  onFileError: (key: string, err: unknown) => void = () => {},
): Promise<void> {
  await requireOwner(db, owner);
  const row = await db.transaction().execute(async (trx) => {
    const photo = await requirePhoto(trx, owner, photoId);
    const t = loose(trx);
    await t.deleteFrom(images(owner)).where('id', '=', photoId).execute();
    if (photo.is_main) {
      const next = (await ofOwner(t.selectFrom(images(owner)).select('id'), owner)
        .orderBy('position')
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst()) as { id: string } | undefined;
      if (next) await t.updateTable(images(owner)).set({ is_main: 1 }).where('id', '=', next.id).execute();
    }
    return photo;
  });
  await deleteFiles(store, [row], onFileError);
}

/**
 * After a banner, blog post, range model or variant is deleted: its photo rows (a variant's: its colours'
 * too), then their files (a used car's rows go with it by ON DELETE CASCADE and its files to the sweep).
 * With `keep`, only a variant's colour photos whose slug is not in it (colours removed from the variant).
 */
export async function removeOwnerPhotos(
  db: Kysely<Database>,
  store: BlobStore,
  kind: ContentImageOwner,
  ids: number | number[],
  onFileError?: (key: string, err: unknown) => void,
  keep?: string[],
): Promise<void> {
  const list = Array.isArray(ids) ? ids : [ids];
  if (!list.length) return;
  const types: ContentOwnerType[] = keep
    ? [COLOUR_IMAGE_OWNER]
    : kind === 'range_variant'
      ? [kind, COLOUR_IMAGE_OWNER]
      : [kind];
  const rows = await db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('content_images')
      .select(['id', 'renditions'])
      .where('owner_type', 'in', types)
      .where('owner_id', 'in', list);
    if (keep?.length) q = q.where('owner_key', 'not in', keep);
    const found = await q.execute();
    if (found.length)
      await trx
        .deleteFrom('content_images')
        .where(
          'id',
          'in',
          found.map((r) => r.id),
        )
        .execute();
    return found;
  });
  await deleteFiles(store, rows, onFileError);
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

/**
 * Sweeps at start and then every `everyMs` (files orphaned by a crash or a failed delete); `keep` runs first
 * and names files no row references that must stay (those of revisions: a deleted item's photos).
 */
export function startOrphanSweep(
  db: Kysely<Database>,
  store: BlobStore,
  logger: Logger,
  everyMs = 6 * 60 * 60 * 1000,
  keep: () => Promise<Iterable<string>> = async () => [],
): () => void {
  const run = () =>
    keep()
      .then((kept) => sweepOrphans(db, store, undefined, Date.now(), kept))
      .then(
        (removed) => removed.length && logger.info('removed orphan photo files', { count: removed.length }),
      )
      .catch((err) => logger.warn('orphan photo sweep failed', { error: String(err) }));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
