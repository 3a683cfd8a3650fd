/**
 * The used-stock listing query's shape and its query string (SPEC §7), apart from the parser in
 * vehicle-query.ts: src/client/api.ts builds request URLs with it, and every island that calls the API
 * would otherwise carry the parser and its lists. Empty values and 'Any' are dropped (SPEC §5).
 */

export const ORDER_FIELDS = ['price', 'year', 'mileage'] as const;
export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export const RANGE_FIELDS = ['price', 'year', 'mileage', 'instalment'] as const;
export const RANGE_BOUNDS = ['gte', 'lte'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];
export type Bound = { gte?: number; lte?: number };

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
  /** Filters beyond SPEC §7; absent when not asked for, so a SPEC §7 query parses as it always did. */
  body_type?: string[];
  colour?: string[];
  province?: string[];
  /** Dealer slugs (group listing); `dealer[]` on the wire. */
  dealers?: string[];
  range?: Partial<Record<RangeField, Bound>>;
  /** Lower-case words, each of which must appear in make, model, variant or description. */
  words?: string[];
}

export function isBlank(value: string): boolean {
  return value.trim() === '' || value === 'Any' || value === 'null' || value === 'undefined';
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
  for (const name of ['body_type', 'colour', 'province'] as const)
    for (const value of q[name] ?? []) p.append(`${name}[]`, value);
  for (const slug of q.dealers ?? []) p.append('dealer[]', slug);
  for (const field of RANGE_FIELDS)
    for (const bound of RANGE_BOUNDS) {
      const value = q.range?.[field]?.[bound];
      if (value !== undefined) p.set(`${field}[${bound}]`, String(value));
    }
  if (q.words?.length) p.set('q', q.words.join(' '));
  return p.toString();
}
