/**
 * Whose photos: the owner model every photo function shares, and the queries written once over both photo
 * tables (vehicle_images for used cars, content_images for everything else). docs/decisions/070-photo-storage.md,
 * 153-content-images.md and 185-variant-colour-images.md.
 */
import type { Kysely } from 'kysely';
import { COLOUR_IMAGE_OWNER, CONTENT_IMAGE_OWNERS, type ContentImageOwner } from '../../domain/photos.ts';
import { withColourSlugs } from '../../domain/variant-colours.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../hydra.ts';
import type { StoredPhoto } from './photos.ts';

/**
 * Whose photos: a used car (table vehicle_images) or a banner, blog post, range model or variant, or one
 * colour of a variant, keyed by its slug (content_images, docs/decisions/153-content-images.md and
 * 185-variant-colour-images.md). Every photo function works on any of them, so used cars and content share
 * one ingest, storage and consistency path.
 */
export type PhotoOwner =
  | { kind: 'vehicle'; id: number }
  | { kind: ContentImageOwner; id: number }
  | { kind: typeof COLOUR_IMAGE_OWNER; id: number; key: string };
/** What content_images.owner_type holds. */
export type ContentOwnerType = ContentImageOwner | typeof COLOUR_IMAGE_OWNER;

/*
 * The two tables have the same photo columns and differ only in how the owner is named, so the queries are
 * written once over a loosely typed handle; `images`, `ownerColumns` and `ofOwner` are the only places that
 * know the difference.
 */
// biome-ignore lint/suspicious/noExplicitAny: one query shape over vehicle_images and content_images
export type Loose = Kysely<any>;
export const loose = (db: Kysely<Database>) => db as unknown as Loose;
export const images = (owner: PhotoOwner) => (owner.kind === 'vehicle' ? 'vehicle_images' : 'content_images');
export const ownerColumns = (owner: PhotoOwner): Record<string, string | number> =>
  owner.kind === 'vehicle'
    ? { vehicle_id: owner.id }
    : { owner_type: owner.kind, owner_id: owner.id, owner_key: 'key' in owner ? owner.key : '' };
// biome-ignore lint/suspicious/noExplicitAny: a Kysely builder of either table
export function ofOwner<Q extends { where: (...a: any[]) => any }>(q: Q, owner: PhotoOwner): Q {
  let out = q;
  for (const [col, value] of Object.entries(ownerColumns(owner))) out = out.where(col, '=', value) as Q;
  return out;
}
export const ownerSpec = (kind: Exclude<PhotoOwner['kind'], 'vehicle'>) =>
  kind === COLOUR_IMAGE_OWNER ? CONTENT_IMAGE_OWNERS.range_variant : CONTENT_IMAGE_OWNERS[kind];
const ownerTable = (owner: PhotoOwner) =>
  owner.kind === 'vehicle' ? 'vehicles' : ownerSpec(owner.kind).table;
const ownerLabel = (owner: PhotoOwner) =>
  owner.kind === 'vehicle' ? 'Vehicle' : ownerSpec(owner.kind).label;
export const ownerNoun = (owner: PhotoOwner) =>
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

export async function requireOwner(db: Kysely<Database>, owner: PhotoOwner): Promise<void> {
  const found = (await loose(db)
    .selectFrom(ownerTable(owner))
    .select(owner.kind === COLOUR_IMAGE_OWNER ? ['id', 'colors'] : ['id'])
    .where('id', '=', owner.id)
    .executeTakeFirst()) as { id: number; colors?: string } | undefined;
  if (!found) throw notFound(ownerLabel(owner), String(owner.id));
  if (owner.kind === COLOUR_IMAGE_OWNER && !colourSlugs(found.colors ?? '[]').includes(owner.key))
    throw notFound(`Colour of range variant ${owner.id}`, owner.key);
}

export async function requirePhoto(
  db: Kysely<Database>,
  owner: PhotoOwner,
  photoId: string,
): Promise<StoredPhoto> {
  const row = (await ofOwner(loose(db).selectFrom(images(owner)).selectAll(), owner)
    .where('id', '=', photoId)
    .executeTakeFirst()) as StoredPhoto | undefined;
  if (!row) throw notFound('Photo', photoId);
  return row;
}
