/**
 * Dealerships and range models for the editor: the dealerships' address, phone, WhatsApp
 * number, opening hours and map; the new-range models (their variants and colours are range_variants).
 */
import type { Kysely } from 'kysely';
import { DealershipInput, RangeModelInput } from '../../contract/content.ts';
import type { Violation } from '../../contract/index.ts';
import type { Database } from '../db/schema.ts';
import type { Resource } from './resources.ts';
import { taken, without } from './rows.ts';

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
  schema: DealershipInput,
  toRow: (i) => ({ ...i, opening_hours: JSON.stringify(i.opening_hours) }),
  toInput: (r) => ({ ...without(r), opening_hours: JSON.parse(String(r.opening_hours || '[]')) }),
  checks: async (db, i, id) => {
    const out: Violation[] = [];
    if (await taken(db, 'dealers', { slug: i.slug }, id))
      out.push({
        propertyPath: 'slug',
        message: 'Short name is already used by another dealership',
        code: 'not_unique',
      });
    if (await taken(db, 'dealers', { site_name: i.site_name }, id))
      out.push({
        propertyPath: 'site_name',
        message: 'Web address is already used by another dealership',
        code: 'not_unique',
      });
    if (id !== null) {
      const current = await db.selectFrom('dealers').select('slug').where('id', '=', id).executeTakeFirst();
      const used = current && current.slug !== i.slug ? await dealerInUse(db, current.slug) : null;
      if (used)
        out.push({
          propertyPath: 'slug',
          message: `Short name cannot change while ${used} belong to this dealership`,
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
  schema: RangeModelInput,
  toRow: (i) => ({ ...i, gallery: JSON.stringify(i.gallery) }),
  toInput: (r) => ({ ...without(r), gallery: JSON.parse(String(r.gallery || '[]')) }),
  checks: async (db, i, id) =>
    (await taken(db, 'range_models', { make_slug: i.make_slug, model_slug: i.model_slug }, id))
      ? [
          {
            propertyPath: 'model_slug',
            message: 'Another model of this make already has this web address',
            code: 'not_unique',
          },
        ]
      : [],
};
