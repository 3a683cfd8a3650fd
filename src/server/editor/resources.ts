/**
 * The content editors may change (issue 6): blog posts, specials, service deals, banners and range
 * variants. Each resource names its table, its input schema, how input maps to a row and back, and the
 * checks that need the database (unique slugs, references).
 */
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Violation } from '../../lib/contract.ts';
import type { Database } from '../db/schema.ts';
import * as f from './fields.ts';
import { dealers, rangeModels } from './resources-more.ts';

export type ContentTable =
  | 'blog_posts'
  | 'specials'
  | 'banners'
  | 'range_variants'
  | 'dealers'
  | 'range_models';
type Row = Record<string, unknown> & { id: number };

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
}

const without = (row: Row, ...keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'id' && !keys.includes(k)));

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
  // biome-ignore lint/suspicious/noExplicitAny: the table is chosen at run time
  let q = (db as Kysely<any>).selectFrom(table).select('id').where(column, '=', value);
  for (const [k, val] of Object.entries(also)) q = q.where(k, '=', val);
  if (id !== null) q = q.where('id', '!=', id);
  return (await q.executeTakeFirst()) ? [{ propertyPath: column, message, code: 'not_unique' }] : [];
}

const blogSchema = v.object({
  slug: f.slug(),
  title: f.text('Title', 200),
  description: f.text('Description', 500),
  image: f.imageFile('Image'),
  publish_date: f.date('Publish date'),
  author: f.text('Author', 100),
  body: f.html('Body'),
  meta_title: f.optionalText('Meta title', 200),
  meta_description: f.optionalText('Meta description', 500),
  keywords: f.optionalText('Keywords', 500),
});

const blogPosts: Resource = {
  path: 'blog_posts',
  table: 'blog_posts',
  type: 'BlogPosting',
  label: 'Blog post',
  schema: blogSchema,
  toRow: (i) => ({
    ...i,
    meta_title: i.meta_title || i.title,
    meta_description: i.meta_description || i.description,
  }),
  toInput: (r) => without(r),
  checks: (db, i, id) =>
    unique(db, 'blog_posts', 'slug', i.slug, id, 'Slug is already used by another blog post'),
};

const offerEntries = {
  slug: f.slug(),
  dealer_slug: v.optional(v.nullable(f.slug('Dealer slug')), null),
  model: f.text('Model', 100),
  model_slug: f.slug('Model slug'),
  title: f.text('Title', 200),
  intro_paragraph: f.text('Intro paragraph', 1000),
  body: f.html('Body'),
  thumbnail: f.imageFile('Thumbnail'),
  image: f.imageFile('Image'),
  source_code: f.text('Source code', 200),
  price: v.optional(v.nullable(f.integer('Price', 0, 100_000_000)), null),
  valid_until: f.date('Valid until'),
  terms: f.optionalText('Terms', 5000),
  sort_order: f.sortOrder(),
};

async function offerChecks(db: Kysely<Database>, i: Record<string, unknown>, id: number | null) {
  const out = await unique(
    db,
    'specials',
    'slug',
    i.slug,
    id,
    'Slug is already used by another special or service deal',
  );
  if (i.dealer_slug) {
    const dealer = await db
      .selectFrom('dealers')
      .select('id')
      .where('slug', '=', String(i.dealer_slug))
      .executeTakeFirst();
    if (!dealer)
      out.push({ propertyPath: 'dealer_slug', message: 'No dealer has this slug', code: 'unknown_dealer' });
  }
  return out;
}

const offer = (kind: 'special' | 'service', path: string, type: string, label: string): Resource => ({
  path,
  table: 'specials',
  type,
  label,
  schema: v.object(offerEntries),
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
  schema: v.object({
    type: v.picklist(['Car', 'Motorcycle'], "Type must be 'Car' or 'Motorcycle'"),
    title: f.text('Title', 200),
    subtitle: f.optionalText('Subtitle', 500),
    image: f.imageFile('Image'),
    button_text: v.optional(v.nullable(f.text('Button text', 60)), null),
    button_url: v.pipe(
      f.text('Button URL', 500),
      v.regex(/^(\/|https:\/\/)/, 'Button URL must start with / or https://'),
    ),
    sort_order: f.sortOrder(),
  }),
  toRow: (i) => i,
  toInput: (r) => without(r),
  checks: async () => [],
};

const color = v.object({
  name: f.text('Colour name', 100),
  hex_code: v.pipe(
    f.text('Colour code', 7),
    v.regex(/^#[0-9a-fA-F]{6}$/, 'Colour code must look like #1a2b3c'),
  ),
  image: f.imageFile('Colour image'),
});

const rangeVariants: Resource = {
  path: 'range_variants',
  table: 'range_variants',
  type: 'RangeVariant',
  label: 'Range variant',
  schema: v.object({
    model_id: f.integer('Model', 1),
    variant: f.text('Variant', 200),
    variant_slug: f.slug('Variant slug'),
    description: f.text('Description', 5000),
    main_image: f.imageFile('Main image'),
    power: f.integer('Power (kW)', 1, 2000),
    torque: f.integer('Torque (Nm)', 1, 5000),
    transmission: f.integer('Transmission speeds', 1, 20),
    transmission_type: f.text('Transmission type', 100),
    fuel_type: f.text('Fuel type', 50),
    body_type: f.text('Body type', 50),
    engine: f.text('Engine', 100),
    drivetrain: f.text('Drivetrain', 50),
    term: f.integer('Term (months)', 6, 120),
    interest: f.decimal('Interest rate', 0, 50),
    model_price: f.integer('Price', 1, 100_000_000),
    brochure: v.pipe(
      f.text('Brochure', 200),
      v.regex(/^[a-z0-9][a-z0-9._-]*\.pdf$/i, 'Brochure must be a PDF file name'),
    ),
    colors: v.pipe(v.array(color, 'Colours must be a list'), v.minLength(1, 'Add at least one colour')),
    features: v.array(f.text('Feature', 200), 'Features must be a list of texts'),
    sort_order: f.sortOrder(),
  }),
  toRow: (i) => ({ ...i, colors: JSON.stringify(i.colors), features: JSON.stringify(i.features) }),
  toInput: (r) => ({
    ...without(r),
    colors: JSON.parse(String(r.colors)),
    features: JSON.parse(String(r.features)),
  }),
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
      'Variant slug is already used by this model',
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
];
