/**
 * Adding and removing photos keeps the rows and their files consistent (docs/decisions/070-photo-storage.md):
 * - Adding writes every file first, then all rows in one transaction; if anything fails, the files written
 *   so far are removed, so a failed upload leaves nothing behind.
 * - Removing deletes the row first (nothing points at the files any more), then the files; a file that
 *   cannot be removed then is an orphan, which the sweep (orphan-sweep.ts) removes later.
 * So no row ever points at a missing file, and an orphan file can only outlive a crash until the next sweep.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Rendition } from '../../contract/media.ts';
import { COLOUR_IMAGE_OWNER, type ContentImageOwner } from '../../domain/photos.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { violationError } from '../hydra.ts';
import type { Encoded } from './ingest.ts';
import {
  type ContentOwnerType,
  images,
  loose,
  ofOwner,
  ownerColumns,
  ownerNoun,
  type PhotoOwner,
  requireOwner,
  requirePhoto,
} from './photo-owners.ts';
import { PHOTO_PREFIX, renditionsOf, type StoredPhoto } from './photos.ts';
import type { BlobStore } from './storage.ts';

const EXT = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

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
