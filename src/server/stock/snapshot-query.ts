/**
 * Answering a listing query from a snapshot of the used stock (stock-index.ts builds and refreshes the
 * snapshot): the same filters, orders and pages as `listStock` (src/server/db/vehicle-queries.ts), over
 * dictionary-coded columns and presorted positions.
 */
import {
  type OrderField,
  RANGE_FIELDS,
  type RangeField,
  USED_PAGE_SIZE,
  type VehicleQuery,
} from '../../domain/vehicle-query.ts';

export interface Car {
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

export interface Snapshot {
  cars: Car[];
  columns: Columns;
  /** Positions into `cars`, ordered by (key asc, id asc); a descending listing walks it backwards. */
  orders: Record<SortKey, Int32Array>;
  /** Every dealership by slug and by site name, to its slug (routes/scope.ts reads it instead of SQL). */
  dealers: Map<string, string>;
  /** The stock's version when the build began (stockVersion). */
  version: string;
  checkedAt: number;
}

export interface StockPage {
  /** Each member's JSON, in listing order. */
  members: string[];
  total: number;
}

/** Lower-cases A–Z only, as SQLite's lower() does (keywords with other letters go to SQL). */
export function asciiLower(s: string): string {
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

export function columnsOf(cars: Car[]): Columns {
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
export function page(snap: Snapshot, q: VehicleQuery, dealerSlug: string | null): StockPage | null {
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
