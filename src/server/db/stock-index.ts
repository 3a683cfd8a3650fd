/**
 * The available used stock held in memory, so a listing query nobody asked for before (a cache miss)
 * is answered without the database: each car's filter values, its presented summary as finished JSON,
 * and its position in every order the listing offers (docs/decisions/170-stock-index.md, issue 14).
 *
 * The database stays the truth. The index answers exactly what `listStock` (vehicle-queries.ts) answers,
 * which tests/api/stock-index.test.ts checks over many random queries on both databases; whatever it
 * cannot answer the same way (several orders at once, non-ASCII keywords) goes to SQL, and so does every
 * request while no snapshot is ready. Freshness: a stock change made through this process drops the
 * snapshot at once (the same call that clears the API micro-cache); a change made by another process
 * (a second instance, `npm run stock:import`) is noticed by `stockVersion` within `checkEveryMs`, less
 * than the staleness the micro-cache already has. A rebuild runs in the background in slices, serving
 * the old snapshot (or SQL, after a change here) until it is done.
 */
import { type Kysely, sql } from 'kysely';
import type { VehicleSummary } from '../../contract/vehicles.ts';
import {
  type OrderField,
  RANGE_FIELDS,
  type RangeField,
  USED_PAGE_SIZE,
  type VehicleQuery,
} from '../../domain/vehicle-query.ts';
import { photosByVehicle } from '../media/photos.ts';
import { presentVehicleSummary } from '../present.ts';
import type { Database } from './schema.ts';

interface Car {
  id: number;
  dealer: string;
  province: string;
  make: string;
  model: string;
  fuel: string;
  transmission: string;
  state: string;
  body: string;
  colour: string;
  price: number;
  year: number;
  mileage: number;
  instalment: number;
  /** Lower-cased make, model, variant and description, for keyword search (one entry per column). */
  text: [string, string, string, string];
  /** The presented VehicleSummary, serialised once. */
  json: string;
}

type SortKey = OrderField | 'created_at';

interface Snapshot {
  cars: Car[];
  columns: Columns;
  /** Positions into `cars`, ordered by (key asc, id asc); a descending listing walks it backwards. */
  orders: Record<SortKey, Int32Array>;
  /** The stock's version when the build began (stockVersion). */
  version: string;
  checkedAt: number;
}

export interface StockPage {
  /** Each member's JSON, in listing order. */
  members: string[];
  total: number;
}

export interface StockIndex {
  /** The page and total for a query, or null when SQL must answer (no snapshot yet, or a query it leaves to SQL). */
  list(query: VehicleQuery, dealerSlug: string | null): StockPage | null;
  /** Stock, photos or dealerships changed in this process: answer from SQL until a new snapshot is built. */
  invalidate(): void;
  /** Builds the snapshot now (tests, start-up). */
  ready(): Promise<void>;
}

/** Rows presented per slice of a rebuild before the event loop gets a turn. */
const SLICE = 250;

const turn = () => new Promise<void>((ok) => setImmediate(ok));

/**
 * A value that changes whenever another process commits a change to the stock (changes made through
 * this process call invalidate()). SQLite: `PRAGMA data_version`, which changes exactly when another
 * connection commits (any table, so now and then a rebuild finds nothing new). PostgreSQL: the row
 * count and the sum of the rows' transaction ids (xmin, new on every insert and update) of the three
 * tables a listing shows.
 */
export function stockVersion(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): () => Promise<string> {
  if (dialect === 'sqlite')
    return async () => {
      const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
      return String(rows[0]?.data_version);
    };
  const of = (table: string) =>
    sql`(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${sql.table(table)})`;
  return async () => {
    const { rows } = await sql<{
      v: string;
    }>`select ${of('vehicles')} || '/' || ${of('vehicle_images')} || '/' || ${of('dealers')} as v`.execute(
      db,
    );
    return String(rows[0]?.v);
  };
}

async function buildSnapshot(db: Kysely<Database>, version: () => Promise<string>): Promise<Snapshot> {
  const checkedAt = Date.now();
  const before = await version();
  const cars: Car[] = [];
  const created: string[] = [];
  // In slices by id, each followed by a turn of the event loop: better-sqlite3 reads synchronously.
  for (let after = 0; ; ) {
    const slice = await db
      .selectFrom('vehicles')
      .innerJoin('dealers', 'dealers.slug', 'vehicles.dealer_slug')
      .selectAll('vehicles')
      .select(['dealers.dealer_name', 'dealers.province as dealer_province'])
      .where('vehicles.status', '=', 'available')
      .where('vehicles.id', '>', after)
      .orderBy('vehicles.id')
      .limit(SLICE)
      .execute();
    if (!slice.length) break;
    after = (slice.at(-1) as { id: number }).id;
    const mains = await photosByVehicle(
      db,
      slice.map((r) => r.id),
      true,
    );
    for (const r of slice) {
      const summary: VehicleSummary = presentVehicleSummary(r, mains.get(r.id));
      cars.push({
        id: r.id,
        dealer: r.dealer_slug,
        province: r.dealer_province,
        make: r.make_slug,
        model: r.model_slug,
        fuel: r.fuel_type,
        transmission: r.transmission,
        state: r.state_of_vehicle,
        body: r.body_type,
        colour: r.exterior_color,
        price: Number(r.price),
        year: Number(r.year),
        mileage: Number(r.mileage),
        instalment: Number(r.installment),
        text: [r.make, r.model, r.variant, r.description].map(asciiLower) as Car['text'],
        json: JSON.stringify(summary),
      });
      created.push(String(r.created_at));
    }
    await turn();
  }
  // Rows arrive in id order and TypedArray sorts are stable, so equal keys stay in id order: (key, id).
  const sortBy = (key: Float64Array | string[]) =>
    Int32Array.from(cars.keys()).sort((a, b) => {
      const x = key[a] as number | string;
      const y = key[b] as number | string;
      return x === y ? 0 : x < y ? -1 : 1;
    });
  const columns = columnsOf(cars);
  const orders = {
    price: sortBy(columns.range.price),
    year: sortBy(columns.range.year),
    mileage: sortBy(columns.range.mileage),
    created_at: sortBy(created),
  };
  return { cars, columns, orders, version: before, checkedAt };
}

/** Lower-cases A–Z only, as SQLite's lower() does (keywords with other letters go to SQL). */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Keywords of printable ASCII only: the index lower-cases as SQLite does, and LIKE folds only ASCII. */
const ASCII = /^[\x20-\x7e]*$/;

/** Category columns, dictionary-coded per snapshot so a filter is an array lookup, not a string compare. */
const CATEGORIES = [
  'dealer',
  'province',
  'make',
  'model',
  'fuel',
  'transmission',
  'state',
  'body',
  'colour',
] as const;
type Category = (typeof CATEGORIES)[number];

interface Columns {
  codes: Record<Category, Uint16Array>;
  dictionary: Record<Category, Map<string, number>>;
  range: Record<RangeField, Float64Array>;
}

function columnsOf(cars: Car[]): Columns {
  const codes = {} as Columns['codes'];
  const dictionary = {} as Columns['dictionary'];
  for (const cat of CATEGORIES) {
    const dict = new Map<string, number>();
    codes[cat] = Uint16Array.from(cars, (c) => {
      const value = c[cat];
      const known = dict.get(value);
      if (known !== undefined) return known;
      dict.set(value, dict.size);
      return dict.size - 1;
    });
    dictionary[cat] = dict;
  }
  const range = {} as Columns['range'];
  for (const field of RANGE_FIELDS) range[field] = Float64Array.from(cars, (c) => c[field]);
  return { codes, dictionary, range };
}

/** The conditions of one query, the same as `whereStock` (vehicle-queries.ts), as column tests. */
interface Conditions {
  /** Per category: which codes pass (absent: any). A value the snapshot never saw passes nothing. */
  allowed: [Uint16Array, Uint8Array][];
  /** Per bounded range: its column, the bounds and the field (price, year and mileage have an order). */
  bounds: [Float64Array, number, number, RangeField][];
  words: string[];
}

function conditionsOf(cols: Columns, q: VehicleQuery, dealerSlug: string | null): Conditions {
  const allowed: Conditions['allowed'] = [];
  const oneOf = (cat: Category, values: (string | null | undefined)[] | undefined) => {
    const wanted = values?.filter((x): x is string => Boolean(x));
    if (!wanted?.length) return;
    const dict = cols.dictionary[cat];
    const pass = new Uint8Array(dict.size + 1);
    for (const value of wanted) {
      const code = dict.get(value);
      if (code !== undefined) pass[code] = 1;
    }
    allowed.push([cols.codes[cat], pass]);
  };
  oneOf('dealer', [dealerSlug]);
  oneOf('make', [q.make_slug]);
  oneOf('model', [q.model_slug]);
  oneOf('fuel', q.fuelType);
  oneOf('transmission', q.transmissionType);
  oneOf('state', q.vehicle_state);
  oneOf('body', q.body_type);
  oneOf('colour', q.colour);
  oneOf('dealer', q.dealers);
  oneOf('province', q.province);
  const bounds: Conditions['bounds'] = [];
  for (const [field, bound] of Object.entries(q.range ?? {})) {
    if (bound?.gte === undefined && bound?.lte === undefined) continue;
    const column = cols.range[field as RangeField];
    bounds.push([
      column,
      bound.gte ?? Number.NEGATIVE_INFINITY,
      bound.lte ?? Number.POSITIVE_INFINITY,
      field as RangeField,
    ]);
  }
  return { allowed, bounds, words: q.words ?? [] };
}

function passes(cond: Conditions, cars: Car[], i: number): boolean {
  // Indexed loops: this runs once per car per request (no iterator or tuple allocations).
  const { allowed, bounds, words } = cond;
  for (let k = 0; k < allowed.length; k++) {
    const [codes, pass] = allowed[k] as Conditions['allowed'][number];
    if (pass[codes[i] as number] !== 1) return false;
  }
  for (let k = 0; k < bounds.length; k++) {
    const [column, gte, lte] = bounds[k] as Conditions['bounds'][number];
    const value = column[i] as number;
    if (value < gte || value > lte) return false;
  }
  for (let k = 0; k < words.length; k++) {
    const word = words[k] as string;
    if (!(cars[i] as Car).text.some((t) => t.includes(word))) return false;
  }
  return true;
}

/** The positions from..to of `positions` (ascending by `column`) whose values lie within [gte, lte]. */
function runWithin(positions: Int32Array, column: Float64Array, gte: number, lte: number): [number, number] {
  const countBelow = (limit: number, orEqual: boolean) => {
    let a = 0;
    let b = positions.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      const value = column[positions[m] as number] as number;
      if (value < limit || (orEqual && value === limit)) a = m + 1;
      else b = m;
    }
    return a;
  };
  const from = countBelow(gte, false);
  // Bounds that cross (gte above lte) leave an empty run, not a negative one.
  return [from, Math.max(from, countBelow(lte, true))];
}

const hasOrder = (field: RangeField): field is RangeField & SortKey => field !== 'instalment';

/**
 * Pages the same as listStock: every match counted, the page's members collected in the query's order.
 * A bound on price, year or mileage is one run of that field's order (two binary searches), so only the
 * narrowest such run is counted, and the page's walk stops once the page is full.
 */
function page(snap: Snapshot, q: VehicleQuery, dealerSlug: string | null): StockPage | null {
  if (q.order.length > 1) return null;
  if (q.words?.some((w) => !ASCII.test(w))) return null;
  const order = q.order[0];
  const positions = snap.orders[order?.field ?? 'created_at'];
  const descending = (order?.direction ?? 'desc') === 'desc';
  const cond = conditionsOf(snap.columns, q, dealerSlug);
  const { cars } = snap;

  let scan = { positions, from: 0, to: positions.length, cond };
  for (const bound of cond.bounds) {
    const field = bound[3];
    if (!hasOrder(field)) continue;
    const byField = snap.orders[field];
    const [from, to] = runWithin(byField, bound[0], bound[1], bound[2]);
    if (to - from < scan.to - scan.from)
      scan = {
        positions: byField,
        from,
        to,
        cond: { ...cond, bounds: cond.bounds.filter((b) => b !== bound) },
      };
  }
  const rest = scan.cond;
  let total = scan.to - scan.from;
  if (rest.allowed.length || rest.bounds.length || rest.words.length) {
    total = 0;
    for (let k = scan.from; k < scan.to; k++) if (passes(rest, cars, scan.positions[k] as number)) total++;
  }

  const first = (q.page - 1) * USED_PAGE_SIZE;
  const end = first + USED_PAGE_SIZE;
  const members: string[] = [];
  if (first >= total) return { members, total };
  // The page's own order: within the run when the run is of that order, else all of it.
  const within = scan.positions === positions;
  const from = within ? scan.from : 0;
  const to = within ? scan.to : positions.length;
  const test = within ? rest : cond;
  for (let k = 0, seen = 0; k < to - from && seen < end; k++) {
    const i = positions[descending ? to - 1 - k : from + k] as number;
    if (!passes(test, cars, i)) continue;
    if (seen >= first) members.push((cars[i] as Car).json);
    seen++;
  }
  return { members, total };
}

export function createStockIndex(
  db: Kysely<Database>,
  opts: {
    version: () => Promise<string>;
    /** How often to ask whether another process changed the stock (while requests come). */
    checkEveryMs: number;
    onError?: (err: unknown) => void;
  },
): StockIndex {
  let snapshot: Snapshot | null = null;
  let building: Promise<void> | null = null;
  /** Bumped by invalidate(): a build that started before a change must not become the snapshot. */
  let generation = 0;

  const rebuild = (): Promise<void> => {
    if (building) return building;
    const started = generation;
    building = buildSnapshot(db, opts.version)
      .then((snap) => {
        if (started === generation) snapshot = snap;
      })
      .catch((err) => opts.onError?.(err))
      .finally(() => {
        building = null;
        // A change arrived while building: build again for it.
        if (started !== generation && !snapshot) void rebuild();
      });
    return building;
  };

  /** Rebuilds (serving the old snapshot meanwhile) when another process changed the stock. */
  const recheck = async (snap: Snapshot) => {
    try {
      if ((await opts.version()) !== snap.version && snapshot === snap) await rebuild();
    } catch (err) {
      opts.onError?.(err);
    }
  };

  return {
    list(query, dealerSlug) {
      const snap = snapshot;
      if (!snap) {
        void rebuild();
        return null;
      }
      const now = Date.now();
      if (now - snap.checkedAt > opts.checkEveryMs) {
        snap.checkedAt = now;
        void recheck(snap);
      }
      return page(snap, query, dealerSlug);
    },
    invalidate() {
      generation++;
      snapshot = null;
    },
    async ready() {
      if (!snapshot) await rebuild();
      if (!snapshot) throw new Error('the stock index could not be built');
    },
  };
}
