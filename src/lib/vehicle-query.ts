/**
 * The used-stock listing query of SPEC §7, shared by the API (parsing, validation) and the
 * search island (building request URLs). Empty values and 'Any' are dropped (SPEC §5).
 */
import * as v from 'valibot';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slug.ts';

export const USED_PAGE_SIZE = 12;
export const FUEL_TYPES = ['Petrol', 'Diesel', 'Hybrid'] as const;
export const TRANSMISSION_TYPES = ['Automatic', 'Manual'] as const;
export const VEHICLE_STATES = ['Used', 'Demo'] as const;
export const ORDER_FIELDS = ['price', 'year', 'mileage'] as const;
export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;

export type OrderField = (typeof ORDER_FIELDS)[number];
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

export interface VehicleQuery {
  page: number;
  make_slug?: string;
  model_slug?: string;
  order: { field: OrderField; direction: OrderDirection }[];
  fuelType: string[];
  transmissionType: string[];
  vehicle_state: string[];
}

export interface QueryProblem {
  param: string;
  message: string;
}

const slugSchema = v.pipe(
  v.string(),
  v.maxLength(SLUG_MAX_LENGTH),
  v.regex(SLUG_PATTERN, 'must be a lower-case slug'),
);
const pageSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,6}$/, 'must be a whole number from 1'),
  v.transform(Number),
  v.minValue(1, 'must be a whole number from 1'),
);

function isBlank(value: string): boolean {
  return value.trim() === '' || value === 'Any' || value === 'null' || value === 'undefined';
}

/** Values of a list parameter, accepting both `name[]=a&name[]=b` and `name=a`. */
function listValues(params: URLSearchParams, name: string): string[] {
  return [...params.getAll(`${name}[]`), ...params.getAll(name)]
    .flatMap((s) => s.split(','))
    .filter((s) => !isBlank(s));
}

function checkList(
  params: URLSearchParams,
  name: string,
  allowed: readonly string[],
  problems: QueryProblem[],
): string[] {
  const values = listValues(params, name);
  const canonical: string[] = [];
  for (const value of values) {
    const match = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
    if (!match)
      problems.push({ param: `${name}[]`, message: `'${value}' is not one of ${allowed.join(', ')}` });
    else if (!canonical.includes(match)) canonical.push(match);
  }
  return canonical;
}

export function parseVehicleQuery(
  params: URLSearchParams,
): { ok: true; query: VehicleQuery } | { ok: false; problems: QueryProblem[] } {
  const problems: QueryProblem[] = [];
  const query: VehicleQuery = { page: 1, order: [], fuelType: [], transmissionType: [], vehicle_state: [] };

  const page = params.get('page');
  if (page !== null && !isBlank(page)) {
    const r = v.safeParse(pageSchema, page.trim());
    if (r.success) query.page = r.output;
    else problems.push({ param: 'page', message: `'${page}' ${r.issues[0].message}` });
  }
  for (const name of ['make_slug', 'model_slug'] as const) {
    const value = params.get(name);
    if (value === null || isBlank(value)) continue;
    const r = v.safeParse(slugSchema, value.trim().toLowerCase());
    if (r.success) query[name] = r.output;
    else problems.push({ param: name, message: `'${value}' ${r.issues[0].message}` });
  }
  for (const [key, raw] of params) {
    const m = /^order\[(.*)\]$/.exec(key);
    if (!m || isBlank(raw)) continue;
    const field = m[1] as OrderField;
    const direction = raw.trim().toLowerCase() as OrderDirection;
    if (!ORDER_FIELDS.includes(field)) {
      problems.push({ param: key, message: `can only order by ${ORDER_FIELDS.join(', ')}` });
    } else if (!ORDER_DIRECTIONS.includes(direction)) {
      problems.push({ param: key, message: `'${raw}' must be asc or desc` });
    } else if (!query.order.some((o) => o.field === field)) {
      query.order.push({ field, direction });
    }
  }
  query.fuelType = checkList(params, 'fuelType', FUEL_TYPES, problems);
  query.transmissionType = checkList(params, 'transmissionType', TRANSMISSION_TYPES, problems);
  query.vehicle_state = checkList(params, 'vehicle_state', VEHICLE_STATES, problems);
  return problems.length ? { ok: false, problems } : { ok: true, query };
}

/** Query string for the API call, with empty values dropped (SPEC §5 'Other'). */
export function vehicleQueryString(q: Partial<VehicleQuery>): string {
  const p = new URLSearchParams();
  if (q.page && q.page > 1) p.set('page', String(q.page));
  if (q.make_slug) p.set('make_slug', q.make_slug);
  if (q.model_slug) p.set('model_slug', q.model_slug);
  for (const o of q.order ?? []) p.set(`order[${o.field}]`, o.direction);
  for (const name of ['fuelType', 'transmissionType', 'vehicle_state'] as const) {
    for (const value of q[name] ?? []) if (!isBlank(value)) p.append(`${name}[]`, value);
  }
  return p.toString();
}
