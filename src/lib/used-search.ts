/**
 * The used-stock search as a page URL (SPEC §4, §9): make and model are path segments under the
 * listing's base path (/pre-owned or /dealer/{name}/pre-owned); page, sort (`sortBy=name,value`) and the
 * multi-select filters are query parameters. Pure, shared by the listing pages (build time) and the island.
 */
import { isSlug } from './slug.ts';
import { FUEL_TYPES, TRANSMISSION_TYPES, VEHICLE_STATES, type VehicleQuery } from './vehicle-query.ts';

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
}

export const EMPTY_SEARCH: SearchState = {
  make: null,
  model: null,
  page: 1,
  sort: '',
  transmissionType: [],
  vehicle_state: [],
  fuelType: [],
};

function pick(raw: string[], allowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of raw.flatMap((r) => r.split(','))) {
    const match = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
    if (match && !out.includes(match)) out.push(match);
  }
  return allowed.filter((a) => out.includes(a)); // canonical order, so equal states give equal URLs
}

/** Reads the state from a pathname and query; anything unknown is ignored (a shared URL never breaks). */
export function parseSearch(pathname: string, search: string, basePath: string): SearchState {
  const rest = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : '';
  const [make, model] = rest
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s).toLowerCase());
  const q = new URLSearchParams(search);
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
  return state;
}

/** The page URL of a state: `{base}/{make}/{model}?page=2&sortBy=price,asc&fuelType=Diesel`. */
export function searchUrl(state: SearchState, basePath: string): string {
  let path = basePath;
  if (state.make) path += `/${encodeURIComponent(state.make)}`;
  if (state.make && state.model) path += `/${encodeURIComponent(state.model)}`;
  const parts: string[] = [];
  for (const name of MULTI_FILTER_NAMES)
    for (const v of state[name]) parts.push(`${name}=${encodeURIComponent(v)}`);
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
