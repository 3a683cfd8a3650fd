/**
 * The used-stock search as a page URL (SPEC §4, §9): make and model are path segments under the
 * listing's base path (/pre-owned or /dealer/{name}/pre-owned); page, sort (`sortBy=name,value`) and the
 * multi-select filters are query parameters. Pure, shared by the listing pages (build time) and the island.
 */
import { isSlug } from './slug.ts';
import {
  type Bound,
  FUEL_TYPES,
  keywords,
  parseVehicleQuery,
  type RangeField,
  TRANSMISSION_TYPES,
  VEHICLE_STATES,
  type VehicleQuery,
  vehicleQueryString,
} from './vehicle-query.ts';

export const SORT_OPTIONS = [
  { value: '', label: 'Default' },
  { value: 'price,asc', label: 'Price: low to high' },
  { value: 'price,desc', label: 'Price: high to low' },
  { value: 'mileage,asc', label: 'Mileage: low to high' },
  { value: 'mileage,desc', label: 'Mileage: high to low' },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

export const MULTI_FILTERS = {
  transmissionType: { label: 'Transmission', values: TRANSMISSION_TYPES },
  vehicle_state: { label: 'Vehicle state', values: VEHICLE_STATES },
  fuelType: { label: 'Fuel', values: FUEL_TYPES },
} as const;
export type MultiFilter = keyof typeof MULTI_FILTERS;
export const MULTI_FILTER_NAMES = Object.keys(MULTI_FILTERS) as MultiFilter[];

export interface SearchState {
  make: string | null;
  model: string | null;
  page: number;
  sort: SortValue;
  transmissionType: string[];
  vehicle_state: string[];
  fuelType: string[];
  /** The filters beyond SPEC §7, in the page URL under their API names (`price[lte]=300000&body_type[]=suv`). */
  range: Partial<Record<RangeField, Bound>>;
  body_type: string[];
  colour: string[];
  province: string[];
  dealers: string[];
  q: string;
}

export const EMPTY_SEARCH: SearchState = {
  make: null,
  model: null,
  page: 1,
  sort: '',
  transmissionType: [],
  vehicle_state: [],
  fuelType: [],
  range: {},
  body_type: [],
  colour: [],
  province: [],
  dealers: [],
  q: '',
};

/** Choices for the min/max selects (rand, model year, km, rand a month). */
export const PRICE_STEPS = [
  50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 600_000, 800_000, 1_000_000,
];
export const BUDGET_STEPS = [2_000, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 15_000];
export const MILEAGE_STEPS = [10_000, 30_000, 50_000, 80_000, 100_000, 150_000, 200_000];
export const yearSteps = (newest: number, oldest = 2012) =>
  Array.from({ length: newest - oldest + 1 }, (_, i) => newest - i);

/** The filters beyond SPEC §7, read from the query; a bad parameter is left out, the rest kept. */
function extraFilters(
  q: URLSearchParams,
): Pick<SearchState, 'range' | 'body_type' | 'colour' | 'province' | 'dealers' | 'q'> {
  const wanted = new URLSearchParams();
  for (const [k, val] of q)
    if (/^(price|year|mileage|instalment)\[|^(body_type|colour|province|dealer)(\[\])?$/.test(k))
      wanted.append(k, val);
  let parsed = parseVehicleQuery(wanted);
  if (!parsed.ok) {
    const bad = new Set(parsed.problems.map((p) => p.param));
    for (const k of [...wanted.keys()]) if (bad.has(k) || bad.has(`${k}[]`)) wanted.delete(k);
    parsed = parseVehicleQuery(wanted);
  }
  const r = parsed.ok ? parsed.query : undefined;
  return {
    range: r?.range ?? {},
    body_type: r?.body_type ?? [],
    colour: r?.colour ?? [],
    province: r?.province ?? [],
    dealers: r?.dealers ?? [],
    q: (q.get('q') ?? '').trim().slice(0, 100),
  };
}

/** The query string of the filters beyond SPEC §7, brackets left readable. */
function extraQuery(state: SearchState): string {
  return vehicleQueryString(extraApiQuery(state)).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

function extraApiQuery(state: SearchState): Partial<VehicleQuery> {
  const words = keywords(state.q);
  return {
    range: state.range,
    body_type: state.body_type,
    colour: state.colour,
    province: state.province,
    dealers: state.dealers,
    ...(words.length ? { words } : {}),
  };
}

/** How many filters are chosen (the count on the phone's Filters button). */
export function chosenCount(state: SearchState): number {
  const lists = [...MULTI_FILTER_NAMES, 'body_type', 'colour', 'province', 'dealers'] as const;
  const bounds = Object.values(state.range).reduce((n, b) => n + Object.keys(b ?? {}).length, 0);
  return (
    lists.reduce((n, name) => n + state[name].length, 0) + bounds + (state.make ? 1 : 0) + (state.q ? 1 : 0)
  );
}

/** A state with one range bound set (or cleared with undefined). */
export function withBound(
  state: SearchState,
  field: RangeField,
  bound: keyof Bound,
  value: number | undefined,
) {
  const next = { ...state.range[field], [bound]: value };
  if (value === undefined) delete next[bound];
  const range = { ...state.range, [field]: next };
  if (!Object.keys(next).length) delete range[field];
  return { range };
}

function pick(raw: string[], allowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of raw.flatMap((r) => r.split(','))) {
    const match = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
    if (match && !out.includes(match)) out.push(match);
  }
  return allowed.filter((a) => out.includes(a)); // canonical order, so equal states give equal URLs
}

/**
 * Make and model from a plain GET form (the home page's quick search): `make=subaru` and `model`, where a
 * model option is `make/model`, so it names its make even when no make was chosen. As path segments.
 */
function queryMakeModel(q: URLSearchParams): string {
  const make = (q.get('make') ?? '').trim();
  const model = (q.get('model') ?? '').trim();
  const [modelMake, modelSlug] = model.split('/');
  if (modelMake && modelSlug && (!make || make === modelMake)) return `${modelMake}/${modelSlug}`;
  return make;
}

/** Reads the state from a pathname and query; anything unknown is ignored (a shared URL never breaks). */
export function parseSearch(pathname: string, search: string, basePath: string): SearchState {
  const rest = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : '';
  const q = new URLSearchParams(search);
  const [make, model] = (rest.split('/').some(Boolean) ? rest : queryMakeModel(q))
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s).toLowerCase());
  const page = Number(q.get('page'));
  const sort = SORT_OPTIONS.find((o) => o.value === (q.get('sortBy') ?? '').toLowerCase())?.value ?? '';
  const state: SearchState = {
    ...EMPTY_SEARCH,
    make: make && isSlug(make) ? make : null,
    model: make && model && isSlug(model) ? model : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sort,
  };
  for (const name of MULTI_FILTER_NAMES) {
    state[name] = pick([...q.getAll(name), ...q.getAll(`${name}[]`)], MULTI_FILTERS[name].values);
  }
  return { ...state, ...extraFilters(q) };
}

/** The page URL of a state: `{base}/{make}/{model}?page=2&sortBy=price,asc&fuelType=Diesel`. */
export function searchUrl(state: SearchState, basePath: string): string {
  let path = basePath;
  if (state.make) path += `/${encodeURIComponent(state.make)}`;
  if (state.make && state.model) path += `/${encodeURIComponent(state.model)}`;
  const parts: string[] = [];
  for (const name of MULTI_FILTER_NAMES)
    for (const v of state[name]) parts.push(`${name}=${encodeURIComponent(v)}`);
  const extra = extraQuery(state);
  if (extra) parts.push(extra);
  if (state.sort) parts.push(`sortBy=${state.sort}`); // 'price,asc' is URL-safe as it stands
  if (state.page > 1) parts.push(`page=${state.page}`);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** The API query (SPEC §7) for a state. */
export function apiQuery(state: SearchState, withPage = true): Partial<VehicleQuery> {
  const [field, direction] = state.sort
    ? (state.sort.split(',') as ['price' | 'mileage', 'asc' | 'desc'])
    : [];
  return {
    page: withPage ? state.page : 1,
    make_slug: state.make ?? undefined,
    model_slug: (state.make && state.model) || undefined,
    order: field && direction ? [{ field, direction }] : [],
    transmissionType: state.transmissionType,
    vehicle_state: state.vehicle_state,
    fuelType: state.fuelType,
    ...extraApiQuery(state),
  };
}

/**
 * 'Any' is exclusive (SPEC §4): choosing Any clears the others; unchecking the last value returns to Any.
 * `value` null means the Any box.
 */
export function toggleFilter(current: string[], value: string | null, checked: boolean): string[] {
  if (value === null) return [];
  if (checked) return current.includes(value) ? current : [...current, value];
  return current.filter((v) => v !== value);
}

/** Applies a change: any filter or sort change goes back to page 1; a new make clears the model. */
export function changeSearch(state: SearchState, change: Partial<SearchState>): SearchState {
  const next = { ...state, ...change };
  if ('make' in change && change.make !== state.make && !('model' in change)) next.model = null;
  if (!('page' in change)) next.page = 1;
  for (const name of MULTI_FILTER_NAMES) {
    next[name] = MULTI_FILTERS[name].values.filter((v) => next[name].includes(v));
  }
  return next;
}

/** Number of pages: ceil, so the last partial page is reachable (DESIGN §5). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Page numbers to show, with null for a gap: 1 … 4 5 6 … 35. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && n - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && n - prev > 2) out.push(null);
    out.push(n);
  }
  return out;
}

/** 'Used Cars For Sale', 'Used Subaru For Sale', 'Used Subaru Forester For Sale' (SPEC §2). */
export function listingHeading(makeName: string | null, modelName: string | null): string {
  const name = [makeName, modelName].filter(Boolean).join(' ');
  return `Used ${name || 'Cars'} For Sale`;
}
