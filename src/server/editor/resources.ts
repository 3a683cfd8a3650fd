/**
 * The content editors may change: blog posts, specials, service deals, banners and range
 * variants. Each resource names its table, its input schema (src/contract/content.ts), how input maps
 * to a row and back, and the checks that need the database (unique slugs, references).
 */
import type { Kysely } from 'kysely';
import type * as v from 'valibot';
import { BannerInput, BlogPostInput, OfferInput, RangeVariantInput } from '../../contract/content.ts';
import type { Violation } from '../../contract/index.ts';
import { withColourSlugs } from '../../domain/variant-colours.ts';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { colourSlugs } from '../media/photo-owners.ts';
import { removeOwnerPhotos } from '../media/photo-writes.ts';
import { storeOf } from '../media/stores.ts';
import { fraudPage } from './resource-fraud-page.ts';
import { dealers, rangeModels } from './resources-more.ts';
import { type Row, taken, without } from './rows.ts';

export type ContentTable =
  | 'blog_posts'
  | 'specials'
  | 'banners'
  | 'range_variants'
  | 'dealers'
  | 'range_models'
  | 'fraud_page';

export interface Resource {
  /** URL segment under /api/editor/. */
  path: string;
  table: ContentTable;
  type: string;
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: each resource has its own entries
  schema: v.ObjectSchema<any, undefined>;
  /** Fixed column values: rows outside them are invisible here, new rows get them. */
  scope?: Record<string, string>;
  toRow: (input: Record<string, unknown>) => Record<string, unknown>;
  toInput: (row: Row) => Record<string, unknown>;
  checks: (db: Kysely<Database>, input: Record<string, unknown>, id: number | null) => Promise<Violation[]>;
  /** Why the row cannot be deleted now (a 409), or null. */
  beforeDelete?: (db: Kysely<Database>, row: Row) => Promise<string | null>;
  /** After an update is stored (a variant: the images of colours it no longer has go). */
  afterUpdate?: (deps: Deps, row: Row, onFileError: (key: string, err: unknown) => void) => Promise<void>;
}

/** A violation when `column = value` is already used by another row (optionally within `also`). */
async function unique(
  db: Kysely<Database>,
  table: ContentTable,
  column: string,
  value: unknown,
  id: number | null,
  message: string,
  also: Record<string, unknown> = {},
): Promise<Violation[]> {
  return (await taken(db, table, { [column]: value, ...also }, id))
    ? [{ propertyPath: column, message, code: 'not_unique' }]
    : [];
}

const blogPosts: Resource = {
  path: 'blog_posts',
  table: 'blog_posts',
  type: 'BlogPosting',
  label: 'Blog post',
  schema: BlogPostInput,
  toRow: (i) => ({
    ...i,
    meta_title: i.meta_title || i.title,
    meta_description: i.meta_description || i.description,
  }),
  toInput: (r) => without(r),
  checks: (db, i, id) =>
    unique(db, 'blog_posts', 'slug', i.slug, id, 'Web address is already used by another blog post'),
};

async function offerChecks(db: Kysely<Database>, i: Record<string, unknown>, id: number | null) {
  const out = await unique(
    db,
    'specials',
    'slug',
    i.slug,
    id,
    'Web address is already used by another special or service deal',
  );
  if (i.dealer_slug) {
    const dealer = await db
      .selectFrom('dealers')
      .select('id')
      .where('slug', '=', String(i.dealer_slug))
      .executeTakeFirst();
    if (!dealer)
      out.push({ propertyPath: 'dealer_slug', message: 'No such dealership', code: 'unknown_dealer' });
  }
  return out;
}

const offer = (kind: 'special' | 'service', path: string, type: string, label: string): Resource => ({
  path,
  table: 'specials',
  type,
  label,
  schema: OfferInput,
  scope: { kind },
  toRow: (i) => ({ ...i, kind }),
  toInput: (r) => without(r, 'kind'),
  checks: offerChecks,
});

const banners: Resource = {
  path: 'banners',
  table: 'banners',
  type: 'Banner',
  label: 'Banner',
  schema: BannerInput,
  toRow: (i) => i,
  toInput: (r) => without(r),
  checks: async () => [],
};

const rangeVariants: Resource = {
  path: 'range_variants',
  table: 'range_variants',
  type: 'RangeVariant',
  label: 'Range variant',
  schema: RangeVariantInput,
  // Each colour keeps the slug its images are keyed by; a new colour gets one from its name (185).
  toRow: (i) => ({
    ...i,
    colors: JSON.stringify(withColourSlugs(i.colors as { name: string; slug?: string | null }[])),
    features: JSON.stringify(i.features),
  }),
  toInput: (r) => ({
    ...without(r),
    colors: withColourSlugs(JSON.parse(String(r.colors))),
    features: JSON.parse(String(r.features)),
  }),
  // A colour removed from the variant takes its uploaded images with it, rows then files (185).
  afterUpdate: (deps, row, onFileError) =>
    removeOwnerPhotos(
      deps.db,
      storeOf(deps),
      'range_variant',
      row.id as number,
      onFileError,
      colourSlugs(String(row.colors)),
    ),
  checks: async (db, i, id) => {
    const model = await db
      .selectFrom('range_models')
      .select('id')
      .where('id', '=', Number(i.model_id))
      .executeTakeFirst();
    if (!model)
      return [{ propertyPath: 'model_id', message: 'No range model has this id', code: 'unknown_model' }];
    return unique(
      db,
      'range_variants',
      'variant_slug',
      i.variant_slug,
      id,
      'Another variant of this model already has this web address',
      {
        model_id: i.model_id,
      },
    );
  },
};

export const RESOURCES: Resource[] = [
  blogPosts,
  offer('special', 'specials', 'Special', 'Special'),
  offer('service', 'service_deals', 'ServiceDeal', 'Service deal'),
  banners,
  rangeModels,
  rangeVariants,
  dealers,
  fraudPage,
];
