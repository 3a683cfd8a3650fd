/**
 * Loads the demo data into an empty database (or replaces it with `force`), and makes the
 * upload files it references. Plain Kysely only, so it runs the same on SQLite and PostgreSQL.
 */
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Seeder } from '../server/boot.ts';
import type { Database } from '../server/db/schema.ts';
import { buildBanners } from './data/banners.ts';
import { buildBlogPosts } from './data/blog.ts';
import { buildDealers } from './data/dealers.ts';
import { buildRange } from './data/range.ts';
import { buildSpecials } from './data/specials.ts';
import { buildVehicles } from './data/vehicles.ts';
import { seedUploadsApart } from './draw-apart.ts';

/** Parents first: the order rows are inserted in (and the reverse of the delete order). */
const TABLE_ORDER = [
  'dealers',
  'range_models',
  'range_variants',
  'vehicles',
  'specials',
  'banners',
  'blog_posts',
] as const satisfies readonly (keyof Database)[];

/** The content tables the demo data fills (leads and builds are the application's own). */
type TableName = (typeof TABLE_ORDER)[number];
export type SeedData = { [T in TableName]: Insertable<Database[T]>[] };

/**
 * Rows per INSERT. The widest table (vehicles, 20 columns) then binds 2 000 parameters,
 * far below SQLite's 32 766 and PostgreSQL's 65 535.
 */
const BATCH = 100;

/** Scale data (`npm run seed -- --dealers 30 --vehicles 5000`); unset: the demo's 5 dealers, 421 cars. */
export interface SeedScale {
  dealers?: number;
  vehicles?: number;
}

/** All seed rows, table by table. Pure and deterministic (for a given scale). */
export function buildSeedData(scale: SeedScale = {}): SeedData {
  const range = buildRange();
  const dealers = buildDealers(scale.dealers);
  const dealerSlugs = dealers.map((d) => d.slug);
  return {
    dealers,
    range_models: range.models,
    range_variants: range.variants,
    vehicles: buildVehicles({ count: scale.vehicles, dealerSlugs }),
    specials: buildSpecials(dealerSlugs),
    banners: buildBanners(),
    blog_posts: buildBlogPosts(),
  };
}

async function insertAll<T extends TableName>(
  trx: Transaction<Database>,
  table: T,
  rows: SeedData[T],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // Kysely cannot relate a generic table name to its row type; the SeedData type already does.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/**
 * Seeds an empty database. With rows already present it does nothing unless `force`, which
 * replaces everything. All-or-nothing: one transaction, so a failure leaves the old data.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  opts: { force?: boolean; scale?: SeedScale } = {},
): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('dealers').select('id').limit(1).executeTakeFirst();
  if (existing && !opts.force) return { seeded: false };
  const data = buildSeedData(opts.scale);
  await db.transaction().execute(async (trx) => {
    for (const table of [...TABLE_ORDER].reverse()) await trx.deleteFrom(table).execute();
    for (const table of TABLE_ORDER) await insertAll(trx, table, data[table]);
  });
  // Fresh statistics, so the planners pick the listing indexes from the first request on.
  await sql`ANALYZE`.execute(db);
  return { seeded: true };
}

/** The demo data as the server's start-up seeder: fills an empty database, writes missing files. */
export const demoSeeder: Seeder = {
  database: (db) => seedDatabase(db),
  // Drawn in a child process, so the server does not keep sharp's memory (draw-apart.ts).
  uploads: (store) => seedUploadsApart(store),
};
