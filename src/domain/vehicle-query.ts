/**
 * The used-stock listing query of SPEC §7, shared by the API (parsing, validation) and the
 * search island (building request URLs). Empty values and 'Any' are dropped (SPEC §5).
 */
import * as v from 'valibot';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slug.ts';
import {
  type Bound,
  isBlank,
  ORDER_DIRECTIONS,
  ORDER_FIELDS,
  type OrderDirection,
  type OrderField,
  RANGE_BOUNDS,
  type RangeField,
  type VehicleQuery,
} from './vehicle-query-string.ts';

export * from './vehicle-query-string.ts';

export const USED_PAGE_SIZE = 12;
export const FUEL_TYPES = ['Petrol', 'Diesel', 'Hybrid'] as const;
export const TRANSMISSION_TYPES = ['Automatic', 'Manual'] as const;
export const VEHICLE_STATES = ['Used', 'Demo'] as const;

/** Body types of used stock, as stored, with the words a buyer reads. */
export const BODY_TYPES = ['hatch', 'sedan', 'suv', 'mpv', 'wagon', 'bakkie', 'coupe'] as const;
export const BODY_TYPE_LABELS: Record<(typeof BODY_TYPES)[number], string> = {
  hatch: 'Hatchback',
  sedan: 'Sedan',
  suv: 'SUV',
  mpv: 'MPV',
  wagon: 'Station wagon',
  bakkie: 'Bakkie',
  coupe: 'Coupé',
};
/** The plain colours dealers list used cars by (not the paint names). */
export const VEHICLE_COLOURS = [
  'White',
  'Silver',
  'Grey',
  'Black',
  'Blue',
  'Red',
  'Bronze',
  'Green',
  'Orange',
  'Beige',
] as const;
export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;
/** Numeric fields a listing can be bounded by: `price[gte]=100000&price[lte]=300000` (API Platform RangeFilter). */
/** Longest keyword search accepted, and how many of its words count. */
export const Q_MAX_LENGTH = 100;
const Q_MAX_WORDS = 8;

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
  const lists = {
    body_type: checkList(params, 'body_type', BODY_TYPES, problems),
    colour: checkList(params, 'colour', VEHICLE_COLOURS, problems),
    province: checkList(params, 'province', PROVINCES, problems),
    dealers: checkSlugs(params, 'dealer', problems),
  };
  for (const [name, values] of Object.entries(lists)) if (values.length) query[name as 'colour'] = values;
  const range = parseRanges(params, problems);
  if (Object.keys(range).length) query.range = range;
  const q = params.get('q');
  if (q !== null && !isBlank(q)) {
    if (q.length > Q_MAX_LENGTH)
      problems.push({ param: 'q', message: `must be at most ${Q_MAX_LENGTH} characters` });
    else query.words = keywords(q);
  }
  return problems.length ? { ok: false, problems } : { ok: true, query };
}

/** Lower-case words of a keyword search, without repeats, at most Q_MAX_WORDS. */
export function keywords(q: string): string[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, Q_MAX_WORDS);
}

function checkSlugs(params: URLSearchParams, name: string, problems: QueryProblem[]): string[] {
  const out: string[] = [];
  for (const value of listValues(params, name)) {
    const r = v.safeParse(slugSchema, value.trim().toLowerCase());
    if (!r.success) problems.push({ param: `${name}[]`, message: `'${value}' ${r.issues[0].message}` });
    else if (!out.includes(r.output)) out.push(r.output);
  }
  return out;
}

const WHOLE = /^\d{1,9}$/;
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

function parseRanges(params: URLSearchParams, problems: QueryProblem[]) {
  const range: Partial<Record<RangeField, Bound>> = {};
  for (const [key, raw] of params) {
    const m = /^(price|year|mileage|instalment)\[(.*)\]$/.exec(key);
    if (!m || isBlank(raw)) continue;
    const field = m[1] as RangeField;
    const bound = m[2] as (typeof RANGE_BOUNDS)[number];
    if (!RANGE_BOUNDS.includes(bound)) {
      problems.push({ param: key, message: `use ${field}[gte] or ${field}[lte]` });
      continue;
    }
    const text = raw.trim();
    const pattern = field === 'instalment' ? MONEY : WHOLE;
    if (!pattern.test(text)) {
      const what = field === 'instalment' ? 'an amount in rand' : 'a whole number';
      problems.push({ param: key, message: `'${raw}' must be ${what}` });
      continue;
    }
    range[field] = { ...range[field], [bound]: Number(text) };
  }
  return range;
}
