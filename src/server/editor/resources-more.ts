/**
 * Dealerships and range models for the editor (issue 10 §2): the dealerships' address, phone, WhatsApp
 * number, opening hours and map; the new-range models (their variants and colours are range_variants).
 */
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { VEHICLE_TYPES } from '../../lib/contract/range.ts';
import type { Violation } from '../../lib/contract.ts';
import { OPENING_DAYS } from '../../lib/opening-hours.ts';
import { toSaE164 } from '../../lib/phone.ts';
import { PROVINCES } from '../../lib/vehicle-query.ts';
import type { Database } from '../db/schema.ts';
import * as f from './fields.ts';
import type { Resource } from './resources.ts';

type Row = Record<string, unknown> & { id: number };
const without = (row: Row, ...keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'id' && !keys.includes(k)));

export const WEEKDAYS = OPENING_DAYS;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (label: string) => v.pipe(f.text(label, 5), v.regex(TIME, `${label} must be a time like 08:00`));

/** One opening period; a day not listed is closed. Maps onto schema.org OpeningHoursSpecification. */
const openingPeriod = v.pipe(
  v.object({
    day: v.picklist(WEEKDAYS, `Day must be one of ${WEEKDAYS.join(', ')}`),
    opens: time('Opening time'),
    closes: time('Closing time'),
  }),
  v.check((p) => p.opens < p.closes, 'Closing time must be after the opening time'),
);

const phone = (label: string) =>
  v.pipe(
    f.text(label, 30),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const e164 = toSaE164(dataset.value);
      if (!e164) {
        addIssue({ message: `${label} must be a South African phone number, e.g. 082 123 4567` });
        return NEVER;
      }
      return e164;
    }),
  );

async function taken(
  db: Kysely<Database>,
  table: 'dealers' | 'range_models',
  where: Record<string, unknown>,
  id: number | null,
) {
  // biome-ignore lint/suspicious/noExplicitAny: the table is chosen at run time
  let q = (db as Kysely<any>).selectFrom(table).select('id');
  for (const [k, val] of Object.entries(where)) q = q.where(k, '=', val);
  if (id !== null) q = q.where('id', '!=', id);
  return Boolean(await q.executeTakeFirst());
}

/** Rows that name a dealership by slug: its slug cannot change (or it be deleted) while they exist. */
async function dealerInUse(db: Kysely<Database>, slug: string): Promise<string | null> {
  const uses = [
    ['vehicles', 'cars'],
    ['specials', 'offers'],
    ['staff_dealers', 'staff links'],
  ] as const;
  for (const [table, what] of uses) {
    const row = await db
      .selectFrom(table)
      .select('dealer_slug')
      .where('dealer_slug', '=', slug)
      .executeTakeFirst();
    if (row) return what;
  }
  return null;
}

export const dealers: Resource = {
  path: 'dealers',
  table: 'dealers',
  type: 'Dealership',
  label: 'Dealership',
  schema: v.object({
    slug: f.slug(),
    site_name: f.slug('Site name'),
    dealer_name: f.text('Name', 120),
    address: f.text('Street address', 200),
    suburb: f.text('Suburb', 100),
    city: f.text('City', 100),
    province: v.picklist(PROVINCES, `Province must be one of ${PROVINCES.join(', ')}`),
    postal_code: v.pipe(f.text('Postal code', 4), v.regex(/^\d{4}$/, 'Postal code must be 4 digits')),
    latitude: f.decimal('Latitude', -35, -22),
    longitude: f.decimal('Longitude', 16, 33),
    location: v.pipe(
      f.text('Map link', 1000),
      v.regex(/^https:\/\//, 'Map link must be an https:// address (a map embed URL)'),
    ),
    dealer_contact_no: phone('Phone'),
    whatsapp_no: v.optional(v.union([v.literal(''), phone('WhatsApp number')]), ''),
    email: v.pipe(f.text('E-mail', 200), v.email('E-mail must be an e-mail address')),
    opening_hours: v.optional(v.array(openingPeriod, 'Opening hours must be a list of periods'), []),
    sort_order: f.sortOrder(),
  }),
  toRow: (i) => ({ ...i, opening_hours: JSON.stringify(i.opening_hours) }),
  toInput: (r) => ({ ...without(r), opening_hours: JSON.parse(String(r.opening_hours || '[]')) }),
  checks: async (db, i, id) => {
    const out: Violation[] = [];
    if (await taken(db, 'dealers', { slug: i.slug }, id))
      out.push({
        propertyPath: 'slug',
        message: 'Slug is already used by another dealership',
        code: 'not_unique',
      });
    if (await taken(db, 'dealers', { site_name: i.site_name }, id))
      out.push({
        propertyPath: 'site_name',
        message: 'Site name is already used by another dealership',
        code: 'not_unique',
      });
    if (id !== null) {
      const current = await db.selectFrom('dealers').select('slug').where('id', '=', id).executeTakeFirst();
      const used = current && current.slug !== i.slug ? await dealerInUse(db, current.slug) : null;
      if (used)
        out.push({
          propertyPath: 'slug',
          message: `Slug cannot change while ${used} belong to this dealership`,
          code: 'in_use',
        });
    }
    return out;
  },
  beforeDelete: async (db, row) => {
    const used = await dealerInUse(db, String(row.slug));
    return used ? `This dealership still has ${used}; move or delete them first.` : null;
  },
};

export const rangeModels: Resource = {
  path: 'range_models',
  table: 'range_models',
  type: 'RangeModelEntry',
  label: 'Range model',
  schema: v.object({
    make: f.text('Make', 60),
    make_slug: f.slug('Make slug'),
    model: f.text('Model', 100),
    model_slug: f.slug('Model slug'),
    type: v.picklist(VEHICLE_TYPES, `Type must be one of ${VEHICLE_TYPES.join(', ')}`),
    tagline: f.optionalText('Tagline', 200),
    description: f.text('Description', 5000),
    main_image: f.imageFile('Main image'),
    gallery: v.optional(
      v.array(f.imageFile('Gallery image'), 'Gallery must be a list of image file names'),
      [],
    ),
    sort_order: f.sortOrder(),
  }),
  toRow: (i) => ({ ...i, gallery: JSON.stringify(i.gallery) }),
  toInput: (r) => ({ ...without(r), gallery: JSON.parse(String(r.gallery || '[]')) }),
  checks: async (db, i, id) =>
    (await taken(db, 'range_models', { make_slug: i.make_slug, model_slug: i.model_slug }, id))
      ? [
          {
            propertyPath: 'model_slug',
            message: 'Another range model of this make already has this model slug',
            code: 'not_unique',
          },
        ]
      : [],
};
