/**
 * Path and query parameters as valibot schemas, checked by middleware before a handler runs. A bad
 * value is a 400 whose detail names the parameter ("page: 'x' must be a whole number from 1"); the same
 * schemas describe the parameters in /api/docs.json.
 */
import type { Context } from 'hono';
import { getQueryParams } from 'hono/utils/url';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { isSlug } from '../../domain/slug.ts';
import {
  BODY_TYPES,
  FUEL_TYPES,
  PROVINCES,
  parseVehicleQuery,
  Q_MAX_LENGTH,
  TRANSMISSION_TYPES,
  VEHICLE_COLOURS,
  VEHICLE_STATES,
  type VehicleQuery,
} from '../../domain/vehicle-query.ts';
import { badRequest, notFound } from '../hydra.ts';

/** A message that quotes the value as it was sent. */
const quoted = (rule: string) => (issue: v.BaseIssue<unknown>) => `'${String(issue.input)}' ${rule}`;
const once = 'must be given once';

type Issue = { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] };
type Result = { success: true } | { success: false; error: readonly Issue[] };

const keyOf = (issue: Issue) =>
  (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.');

/** The 400 for every parameter problem: one "name: message" line per parameter. */
function rejectParams(result: Result, _c: Context) {
  if (result.success) return;
  const problems: { param: string; message: string }[] = [];
  for (const issue of result.error) {
    const param = keyOf(issue);
    if (!problems.some((p) => p.param === param)) problems.push({ param, message: issue.message });
  }
  throw badRequest(problems.map((p) => `${p.param}: ${p.message}`).join('\n'), {
    parameter: problems[0]?.param,
    parameters: problems,
  });
}

// Parameters arrive as text: documented as their input (before the pipeline converts them).
const asInput = { options: { typeMode: 'input' } };
export const checkQuery = <S extends v.GenericSchema>(schema: S) =>
  validator('query', schema, rejectParams, asInput);

/**
 * A URL's query as checkQuery's schema receives it (Hono's validator: its own parse of the query, one
 * value as text, several as a list), for a read answered in front of the chain (fast-reads.ts).
 */
export const queryInput = (url: string): Record<string, string | string[]> =>
  Object.fromEntries(
    Object.entries(getQueryParams(url) as Record<string, string[]>).map(([k, values]) => [
      k,
      values.length === 1 ? (values[0] as string) : values,
    ]),
  );
/** `names`: how a path parameter is named in a 400 when it stands for a query parameter. */
export const checkPath = <S extends v.GenericSchema>(schema: S, names: Record<string, string> = {}) =>
  validator(
    'param',
    schema,
    (result: Result, c: Context) =>
      rejectParams(
        result.success
          ? result
          : {
              success: false,
              error: result.error.map((i) => ({ message: i.message, path: [names[keyOf(i)] ?? keyOf(i)] })),
            },
        c,
      ),
    asInput,
  );

/** An optional text parameter: trimmed, blank means absent. */
const optionalText = (description: string) =>
  v.pipe(v.optional(v.string(once), ''), v.description(description), v.trim());

export const page = (description = 'Page number from 1.') =>
  v.pipe(
    optionalText(description),
    v.regex(/^\d{0,6}$/, quoted('must be a whole number from 1')),
    v.check((s) => s === '' || Number(s) >= 1, quoted('must be a whole number from 1')),
    v.transform((s) => (s === '' ? 1 : Number(s))),
  );

export const optionalSlug = (description: string) =>
  v.pipe(
    optionalText(description),
    v.check((s) => s === '' || isSlug(s.toLowerCase()), quoted('must be a lower-case slug')),
    v.transform((s) => s.toLowerCase() || undefined),
  );

export const pathSlug = (description: string) =>
  v.pipe(
    v.string(),
    v.description(description),
    v.check((s) => isSlug(s.trim().toLowerCase()), quoted('must be a lower-case slug')),
    v.transform((s) => s.trim().toLowerCase()),
  );

/** Any text segment (dealer names, slugs looked up as given); documented, not constrained. */
export const pathText = (description: string) => v.pipe(v.string(), v.description(description));

/** Ids are 32-bit integers on both databases: a larger one names nothing (and PostgreSQL would refuse it). */
export const MAX_ID = 2 ** 31 - 1;

/**
 * A numeric id from the path: 400 when it is not a whole number; 404 (thrown from the pipe, so the
 * handler never sees it) when it is one no row can have.
 */
export const pathId = (what: string) =>
  v.pipe(
    v.string(),
    v.description(`${what} id`),
    v.regex(/^\d{1,100}$/, quoted('must be a positive whole number')),
    v.transform((raw) => {
      const id = Number(raw);
      if (id < 1 || id > MAX_ID) throw notFound(what, raw);
      return id;
    }),
  );

/** One of `options`, any letter case, answered in the canonical case; blank means absent. */
export const optionalChoice = <T extends string>(options: readonly T[], description: string) =>
  v.pipe(
    optionalText(description),
    v.check(
      (s) => s === '' || options.some((o) => o.toLowerCase() === s.toLowerCase()),
      quoted(`is not one of ${options.join(', ')}`),
    ),
    v.transform((s) => options.find((o) => o.toLowerCase() === s.toLowerCase())),
  );

const listDoc = (values: readonly string[]) =>
  v.pipe(
    v.optional(v.union([v.string(), v.array(v.string())])),
    v.description(`Repeatable: ${values.join(', ')}. Any and empty values are ignored.`),
  );
const order = v.pipe(v.optional(v.string()), v.description('asc or desc.'));
const bound = (description: string) => v.pipe(v.optional(v.string()), v.description(description));

/**
 * The used-stock query of SPEC §7 (page, make_slug, model_slug, order[...], fuelType[], ...), parsed by
 * the rules the search island shares (src/domain/vehicle-query.ts); every bad parameter is named. The
 * object lists the parameters for the document; the parse itself accepts `name` as well as `name[]`.
 */
export function vehicleQuery(options: { page: boolean; dealer: boolean }) {
  const dealer = optionalSlug('Limit to one dealer (slug or site name).');
  const entries: v.ObjectEntries = {
    ...(options.page
      ? { page: v.pipe(v.optional(v.string()), v.description('Page from 1 (12 cars a page).')) }
      : {}),
    ...(options.dealer ? { dealer } : {}),
    make_slug: v.pipe(v.optional(v.string()), v.description('Make slug, e.g. toyota.')),
    model_slug: v.pipe(v.optional(v.string()), v.description('Model slug, e.g. hilux.')),
    'order[price]': order,
    'order[year]': order,
    'order[mileage]': order,
    'fuelType[]': listDoc(FUEL_TYPES),
    'transmissionType[]': listDoc(TRANSMISSION_TYPES),
    'vehicle_state[]': listDoc(VEHICLE_STATES),
    'price[gte]': bound('Lowest price in rand, a whole number.'),
    'price[lte]': bound('Highest price in rand, a whole number.'),
    'instalment[lte]': bound(
      'Monthly budget in rand: cars whose instalment at the finance defaults (SPEC §9) is at most this.',
    ),
    'instalment[gte]': bound('Lowest monthly instalment in rand.'),
    'year[gte]': bound('Oldest model year, e.g. 2019.'),
    'year[lte]': bound('Newest model year.'),
    'mileage[gte]': bound('Lowest odometer reading in km.'),
    'mileage[lte]': bound('Highest odometer reading in km.'),
    'body_type[]': listDoc(BODY_TYPES),
    'colour[]': listDoc(VEHICLE_COLOURS),
    'province[]': listDoc(PROVINCES),
    'dealer[]': v.pipe(
      v.optional(v.union([v.string(), v.array(v.string())])),
      v.description('Repeatable: dealership slugs, e.g. motus-subaru-durban (useful on the group listing).'),
    ),
    q: v.pipe(
      v.optional(v.string()),
      v.description(
        `Keywords (at most ${Q_MAX_LENGTH} characters); every word must appear in the make, model, variant or description.`,
      ),
    ),
  };
  const schema = v.pipe(
    v.looseObject(entries),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value as Record<string, unknown>;
      const params = new URLSearchParams();
      for (const [k, raw] of Object.entries(input))
        if (k !== 'dealer' && (options.page || k !== 'page'))
          for (const one of [raw].flat()) if (typeof one === 'string') params.append(k, one);
      const parsed = parseVehicleQuery(params);
      if (parsed.ok) return { ...parsed.query, dealer: input.dealer as string | undefined };
      for (const p of parsed.problems)
        addIssue({
          message: p.message,
          path: [{ type: 'object', origin: 'value', input, key: p.param, value: undefined }],
        });
      return NEVER;
    }),
  );
  return schema as unknown as v.GenericSchema<Record<string, unknown>, VehicleQuery & { dealer?: string }>;
}
