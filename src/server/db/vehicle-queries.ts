/**
 * The used-stock queries behind the listing, the filters and the makes list. One where-builder,
 * so a facet count always agrees with the listing it filters.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { RangeField, VehicleQuery } from '../../domain/vehicle-query.ts';
import { RANGE_FIELDS, USED_PAGE_SIZE } from '../../domain/vehicle-query.ts';
import type { Database } from './schema.ts';

export type Facet =
  | 'make'
  | 'model'
  | 'fuelType'
  | 'transmissionType'
  | 'vehicle_state'
  | 'body_type'
  | 'colour'
  | 'province'
  | 'dealer'
  | RangeField;

/** The column behind each range filter; the instalment is the stored one at the finance defaults. */
const RANGE_COLUMN = {
  price: 'vehicles.price',
  year: 'vehicles.year',
  mileage: 'vehicles.mileage',
  instalment: 'vehicles.installment',
} as const;

/** `%`, `_` and the escape character itself match literally in a keyword. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SEARCHED = ['vehicles.make', 'vehicles.model', 'vehicles.variant', 'vehicles.description'] as const;

export interface StockFilter extends Partial<Omit<VehicleQuery, 'page' | 'order'>> {
  dealerSlug?: string | null;
}

type VehicleSelect<O> = SelectQueryBuilder<Database, 'vehicles', O>;

/** Applies every filter except the facet being counted. */
function whereStock<O>(q: VehicleSelect<O>, f: StockFilter, except?: Facet): VehicleSelect<O> {
  let out = q.where('vehicles.status', '=', 'available');
  if (f.dealerSlug) out = out.where('vehicles.dealer_slug', '=', f.dealerSlug);
  if (f.make_slug && except !== 'make') out = out.where('vehicles.make_slug', '=', f.make_slug);
  if (f.model_slug && except !== 'make' && except !== 'model')
    out = out.where('vehicles.model_slug', '=', f.model_slug);
  if (f.fuelType?.length && except !== 'fuelType') out = out.where('vehicles.fuel_type', 'in', f.fuelType);
  if (f.transmissionType?.length && except !== 'transmissionType')
    out = out.where('vehicles.transmission', 'in', f.transmissionType);
  if (f.vehicle_state?.length && except !== 'vehicle_state')
    out = out.where('vehicles.state_of_vehicle', 'in', f.vehicle_state);
  if (f.body_type?.length && except !== 'body_type') out = out.where('vehicles.body_type', 'in', f.body_type);
  if (f.colour?.length && except !== 'colour') out = out.where('vehicles.exterior_color', 'in', f.colour);
  if (f.dealers?.length && except !== 'dealer') out = out.where('vehicles.dealer_slug', 'in', f.dealers);
  if (f.province?.length && except !== 'province') {
    const provinces = f.province;
    out = out.where('vehicles.dealer_slug', 'in', (eb) =>
      eb.selectFrom('dealers').select('dealers.slug').where('dealers.province', 'in', provinces),
    );
  }
  for (const field of RANGE_FIELDS) {
    const bound = f.range?.[field];
    if (!bound || except === field) continue;
    if (bound.gte !== undefined) out = out.where(RANGE_COLUMN[field], '>=', bound.gte);
    if (bound.lte !== undefined) out = out.where(RANGE_COLUMN[field], '<=', bound.lte);
  }
  // Every word somewhere in make, model, variant or description; lower() on both sides, as
  // PostgreSQL's LIKE is case-sensitive and SQLite's only folds ASCII.
  for (const word of f.words ?? []) {
    const pattern = likePattern(word);
    out = out.where((eb) =>
      eb.or(SEARCHED.map((col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
    );
  }
  return out;
}

/** The number of matches: an index-only count (every filter's index starts with `status`). */
const countStock = (db: Kysely<Database>, filter: StockFilter) =>
  whereStock(db.selectFrom('vehicles'), filter).select((eb) => eb.fn.countAll<number>().as('total'));

/**
 * One page of the listing and the number of matches in ONE query: the inner query walks the
 * index of the order (migration 013) and stops after the page's 12 ids; the count is a scalar subquery
 * that counts the matching index entries. (A window `count(*) over ()` made the database sort every match
 * before the limit; decision 170.) Ties break on id in the direction of the
 * last order, so the index order is the listing order and pages never overlap. A page past the end has
 * no row to carry the count, so only then is it asked for separately.
 */
export async function listStock(db: Kysely<Database>, query: VehicleQuery, dealerSlug: string | null) {
  const filter: StockFilter = { ...query, dealerSlug };
  const tie = query.order.at(-1)?.direction ?? 'desc';
  const ordered = <Q extends VehicleSelect<O>, O>(q: Q): Q => {
    let out = q;
    for (const o of query.order) out = out.orderBy(`vehicles.${o.field}`, o.direction) as Q;
    // Default order: newest stock first.
    if (!query.order.length) out = out.orderBy('vehicles.created_at', 'desc') as Q;
    return out.orderBy('vehicles.id', tie) as Q;
  };
  const page = ordered(
    whereStock(db.selectFrom('vehicles'), filter).select((eb) => [
      eb.ref('vehicles.id').as('page_id'),
      countStock(db, filter).as('total'),
    ]),
  )
    .limit(USED_PAGE_SIZE)
    .offset((query.page - 1) * USED_PAGE_SIZE);
  const found = await ordered(
    db
      .with('page', () => page)
      .selectFrom('vehicles')
      .innerJoin('page', 'page.page_id', 'vehicles.id')
      .innerJoin('dealers', 'dealers.slug', 'vehicles.dealer_slug')
      .selectAll('vehicles')
      .select(['dealers.dealer_name', 'dealers.province as dealer_province', 'page.total']),
  ).execute();
  const rows = found.map(({ total: _, ...row }) => row);
  if (found.length) return { rows, total: Number(found[0]?.total) };
  if (query.page === 1) return { rows, total: 0 };
  const countRow = await countStock(db, filter).executeTakeFirstOrThrow();
  return { rows, total: Number(countRow.total) };
}

export async function getStockItem(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('vehicles')
    .innerJoin('dealers', 'dealers.slug', 'vehicles.dealer_slug')
    .selectAll('vehicles')
    .select(['dealers.dealer_name', 'dealers.province as dealer_province'])
    .where('vehicles.id', '=', id)
    .executeTakeFirst();
}

const COLUMN = {
  fuelType: 'fuel_type',
  transmissionType: 'transmission',
  vehicle_state: 'state_of_vehicle',
  body_type: 'body_type',
  colour: 'exterior_color',
  dealer: 'dealer_slug',
} as const;

export async function countBy(
  db: Kysely<Database>,
  filter: StockFilter,
  facet: keyof typeof COLUMN,
  except: Facet = facet,
): Promise<Map<string, number>> {
  const col = COLUMN[facet];
  const rows = await whereStock(db.selectFrom('vehicles'), filter, except)
    .select((eb) => [eb.ref(`vehicles.${col}`).as('value'), eb.fn.countAll<number>().as('count')])
    .groupBy(`vehicles.${col}`)
    .execute();
  return new Map(rows.map((r) => [String(r.value), Number(r.count)]));
}

/** Makes with their models and counts of available stock (filters other than make/model applied). */
export async function makesWithModels(db: Kysely<Database>, filter: StockFilter) {
  const rows = await whereStock(db.selectFrom('vehicles'), filter, 'make')
    .select((eb) => ['make', 'make_slug', 'model', 'model_slug', eb.fn.countAll<number>().as('count')])
    .groupBy(['make', 'make_slug', 'model', 'model_slug'])
    .orderBy('make')
    .orderBy('model')
    .execute();
  const makes = new Map<
    string,
    { name: string; slug: string; count: number; models: { name: string; slug: string; count: number }[] }
  >();
  for (const r of rows) {
    const m = makes.get(r.make_slug) ?? { name: r.make, slug: r.make_slug, count: 0, models: [] };
    m.count += Number(r.count);
    m.models.push({ name: r.model, slug: r.model_slug, count: Number(r.count) });
    makes.set(r.make_slug, m);
  }
  return [...makes.values()];
}

/** Lowest and highest value of each range field, each with every filter but its own applied. */
export async function rangesOf(db: Kysely<Database>, filter: StockFilter) {
  const entries = await Promise.all(
    RANGE_FIELDS.map(async (field) => {
      const col = RANGE_COLUMN[field];
      const row = await whereStock(db.selectFrom('vehicles'), filter, field)
        .select((eb) => [eb.fn.min(col).as('min'), eb.fn.max(col).as('max')])
        .executeTakeFirst();
      const num = (x: unknown) => (x === null || x === undefined ? null : Number(x));
      return [field, { min: num(row?.min), max: num(row?.max) }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<RangeField, { min: number | null; max: number | null }>;
}

/** How far from this car's price a "similar" car of the same body type may be (a fraction of it). */
const SIMILAR_PRICE_BAND = 0.25;
const SIMILAR_MAX = 4;

/**
 * Up to four other available cars like this one: the same make and model first, then the same body
 * type within the price band; closest in price first within each group, never the car itself.
 */
export async function similarStock(
  db: Kysely<Database>,
  car: { id: number; make_slug: string; model_slug: string; body_type: string; price: number },
) {
  const base = () =>
    db
      .selectFrom('vehicles')
      .innerJoin('dealers', 'dealers.slug', 'vehicles.dealer_slug')
      .selectAll('vehicles')
      .select(['dealers.dealer_name', 'dealers.province as dealer_province'])
      .where('vehicles.status', '=', 'available')
      .where('vehicles.id', '!=', car.id)
      .orderBy(sql`abs(vehicles.price - ${car.price})`)
      .orderBy('vehicles.id')
      .limit(SIMILAR_MAX);
  const sameModel = await base()
    .where('vehicles.make_slug', '=', car.make_slug)
    .where('vehicles.model_slug', '=', car.model_slug)
    .execute();
  if (sameModel.length >= SIMILAR_MAX) return sameModel;
  const sameBody = await base()
    .where('vehicles.body_type', '=', car.body_type)
    .where((eb) =>
      eb.not(
        eb.and([
          eb('vehicles.make_slug', '=', car.make_slug),
          eb('vehicles.model_slug', '=', car.model_slug),
        ]),
      ),
    )
    .where('vehicles.price', '>=', Math.floor(car.price * (1 - SIMILAR_PRICE_BAND)))
    .where('vehicles.price', '<=', Math.ceil(car.price * (1 + SIMILAR_PRICE_BAND)))
    .limit(SIMILAR_MAX - sameModel.length)
    .execute();
  return [...sameModel, ...sameBody];
}
