/**
 * What a revision knows about each kind of item: how to read its snapshot (fields as the editor API names
 * them, plus its photos), how to write a snapshot back (update, or insert under its old id after a delete),
 * how to remove it, and which checks a restore must pass (a slug taken since, a dealership out of scope).
 * Content comes from the editor's resource table (editor/resources.ts); used cars from stock/store.ts.
 */
import type { Kysely } from 'kysely';
import type { Violation } from '../../contract/hydra.ts';
import type { StockVehicleInput } from '../../contract/stock.ts';
import { COLOUR_IMAGE_OWNER, CONTENT_IMAGE_OWNERS, type ContentImageOwner } from '../../domain/photos.ts';
import type { Scope } from '../../domain/staff-access.ts';
import type { Database } from '../db/schema.ts';
import { RESOURCES, type Resource } from '../editor/resources.ts';
import type { Row } from '../editor/rows.ts';
import { type ContentOwnerType, colourSlugs } from '../media/photo-owners.ts';
import { inputOf, rowOf, stockChecks, type VehicleRow } from '../stock/store.ts';

// biome-ignore lint/suspicious/noExplicitAny: the table is chosen at run time
type AnyDb = Kysely<any>;

/** One stored photo as a snapshot keeps it (content photos also name their owner type and key). */
export interface PhotoSnapshot {
  id: string;
  owner_type: string | null;
  owner_key: string;
  position: number;
  is_main: number;
  alt: string;
  width: number;
  height: number;
  renditions: string;
  created_at: string;
}

/** An item as it was: its editable fields and its photos in order. */
export interface Snapshot {
  fields: Record<string, unknown>;
  photos: PhotoSnapshot[];
  /** Kept so a restored car keeps its place in "newest first". */
  created_at?: string;
}

export interface ItemKind {
  resource: string;
  /** 'Special', 'Used car', … */
  label: string;
  /** What a change of it tells the rebuild (SECTION_OF_RESOURCE's key). */
  section: string;
  /** The scope that may read its history and restore it. */
  scope: Scope;
  read: (db: Kysely<Database>, id: number) => Promise<Snapshot | undefined>;
  /** Writes the fields back: an update when the row exists, else an insert under the same id. */
  write: (trx: Kysely<Database>, id: number, s: Snapshot, exists: boolean) => Promise<void>;
  remove: (trx: Kysely<Database>, id: number) => Promise<void>;
  /** A free id (a deleted item whose id a new one took comes back under it). */
  nextId: (db: Kysely<Database>) => Promise<number>;
  checks: (
    db: Kysely<Database>,
    fields: Record<string, unknown>,
    id: number,
    dealerScope: string[] | null,
  ) => Promise<Violation[]>;
  /** The item's name in lists (title, stock number, …). */
  title: (s: Snapshot, id: number) => string;
  /** The dealership it belongs to, when only that dealership's users may see it. */
  dealerOf: (s: Snapshot) => string | null;
  /** Where its photos live: a used car's table, or content_images under these owner types. */
  photos: { table: 'vehicle_images' } | { table: 'content_images'; types: ContentOwnerType[] } | null;
  /** Items deleted with it by the database (a range model's variants). */
  dependents?: { resource: string; ids: (db: Kysely<Database>, id: number) => Promise<number[]> };
}

const photoColumns = [
  'id',
  'position',
  'is_main',
  'alt',
  'width',
  'height',
  'renditions',
  'created_at',
] as const;

/** The item's photos in gallery order (a variant: only colours it still has). */
async function readPhotos(db: Kysely<Database>, kind: ItemKind, id: number, fields: Record<string, unknown>) {
  const where = kind.photos;
  if (!where) return [];
  if (where.table === 'vehicle_images') {
    const rows = await db
      .selectFrom('vehicle_images')
      .select(photoColumns)
      .where('vehicle_id', '=', id)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, owner_type: null, owner_key: '' }));
  }
  const colours = Array.isArray(fields.colors)
    ? colourSlugs(JSON.stringify(fields.colors))
    : ([] as string[]);
  const rows = await db
    .selectFrom('content_images')
    .select([...photoColumns, 'owner_type', 'owner_key'])
    .where('owner_type', 'in', where.types)
    .where('owner_id', '=', id)
    .orderBy('owner_type')
    .orderBy('owner_key')
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.filter((r) => r.owner_type !== COLOUR_IMAGE_OWNER || colours.includes(r.owner_key));
}

async function nextId(db: Kysely<Database>, table: string) {
  const { max } = (await (db as AnyDb)
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow()) as { max: number | null };
  return Number(max ?? 0) + 1;
}

const photoOwnerOf = (path: string): ContentImageOwner | undefined =>
  (Object.keys(CONTENT_IMAGE_OWNERS) as ContentImageOwner[]).find(
    (k) => CONTENT_IMAGE_OWNERS[k].path === path,
  );

function contentKind(r: Resource): ItemKind {
  const owner = photoOwnerOf(r.path);
  const scoped = <Q>(q: Q): Q => {
    let out = q;
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's where is overloaded
    for (const [k, val] of Object.entries(r.scope ?? {})) out = (out as any).where(k, '=', val);
    return out;
  };
  const kind: ItemKind = {
    resource: r.path,
    label: r.label,
    section: r.path,
    scope: 'content:write',
    read: async (db, id) => {
      const row = (await scoped(
        (db as AnyDb).selectFrom(r.table).selectAll().where('id', '=', id),
      ).executeTakeFirst()) as Row | undefined;
      if (!row) return undefined;
      const fields = r.toInput(row);
      return { fields, photos: await readPhotos(db, kind, id, fields) };
    },
    write: async (trx, id, s, exists) => {
      const row = r.toRow(s.fields);
      if (exists) await scoped((trx as AnyDb).updateTable(r.table).set(row).where('id', '=', id)).execute();
      else
        await (trx as AnyDb)
          .insertInto(r.table)
          .values({ id, ...row })
          .execute();
    },
    remove: async (trx, id) => {
      await scoped((trx as AnyDb).deleteFrom(r.table).where('id', '=', id)).execute();
    },
    nextId: (db) => nextId(db, r.table),
    checks: (db, fields, id) => r.checks(db, fields, id),
    title: (s, id) =>
      String(
        s.fields.title ?? s.fields.dealer_name ?? s.fields.variant ?? s.fields.model ?? `${r.label} ${id}`,
      ),
    dealerOf: () => null,
    photos: owner
      ? {
          table: 'content_images',
          types: (owner === 'range_variant' ? [owner, COLOUR_IMAGE_OWNER] : [owner]) as ContentOwnerType[],
        }
      : null,
  };
  if (r.path === 'range_models')
    kind.dependents = {
      resource: 'range_variants',
      ids: async (db, id) =>
        (await db.selectFrom('range_variants').select('id').where('model_id', '=', id).execute()).map(
          (v) => v.id,
        ),
    };
  return kind;
}

const vehicles: ItemKind = {
  resource: 'vehicles',
  label: 'Used car',
  section: 'stock',
  scope: 'stock:write',
  read: async (db, id) => {
    const row = await db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const fields = inputOf(row as VehicleRow) as unknown as Record<string, unknown>;
    return { fields, photos: await readPhotos(db, vehicles, id, fields), created_at: row.created_at };
  },
  write: async (trx, id, s, exists) => {
    const row = rowOf(s.fields as unknown as StockVehicleInput);
    if (exists) await trx.updateTable('vehicles').set(row).where('id', '=', id).execute();
    else
      await trx
        .insertInto('vehicles')
        .values({ id, ...row, images: '[]', created_at: s.created_at ?? new Date().toISOString() })
        .execute();
  },
  remove: async (trx, id) => {
    await trx.deleteFrom('vehicle_images').where('vehicle_id', '=', id).execute();
    await trx.deleteFrom('vehicles').where('id', '=', id).execute();
  },
  nextId: (db) => nextId(db, 'vehicles'),
  checks: (db, fields, id, dealerScope) =>
    stockChecks(db, dealerScope, fields as unknown as StockVehicleInput, id),
  title: (s, id) =>
    [s.fields.stock_number, s.fields.year, s.fields.make, s.fields.model].filter(Boolean).join(' ') ||
    `Car ${id}`,
  dealerOf: (s) => String(s.fields.dealer_slug ?? '') || null,
  photos: { table: 'vehicle_images' },
};

const ITEM_KINDS: ItemKind[] = [...RESOURCES.map(contentKind), vehicles];
export const kindOf = (resource: string) => ITEM_KINDS.find((k) => k.resource === resource);
