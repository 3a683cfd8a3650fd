/** /makes and /filters: the values a visitor can filter used stock by, with counts that match the listing. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { collectionOf } from '../../lib/contract/hydra.ts';
import { Filters, Make } from '../../lib/contract/vehicles.ts';
import { FUEL_TYPES, TRANSMISSION_TYPES, VEHICLE_STATES } from '../../lib/vehicle-query.ts';
import { countBy, makesWithModels, type StockFilter } from '../db/vehicle-queries.ts';
import type { Deps } from '../deps.ts';
import { collection, item } from '../hydra.ts';
import { read } from '../openapi/describe.ts';
import { checkPath, checkQuery, optionalSlug, pathSlug, vehicleQuery } from './params.ts';
import { resolveDealerScope } from './scope.ts';

const tags = ['Pre-owned stock'];
const dealer = optionalSlug('Limit to one dealer (slug or site name).');

export function stockFacetRoutes(deps: Deps) {
  const app = new Hono();

  const scopeOf = async (raw: string | undefined) =>
    raw ? (await resolveDealerScope(deps, raw)).dealerSlug : null;

  app.get(
    '/makes',
    read('Makes in stock with their models and counts.', tags, collectionOf(Make), 404),
    checkQuery(v.object({ dealer })),
    async (c) => {
      const makes = await makesWithModels(deps.db, {
        dealerSlug: await scopeOf(c.req.valid('query').dealer),
      });
      const members = makes.map((m) => ({ '@id': `/api/makes/${m.slug}`, '@type': 'Make', ...m }));
      return collection(c, 'Make', members, members.length);
    },
  );

  const describeFilters = (summary: string) =>
    read(`${summary} Each facet counts the listing with every other filter applied.`, tags, Filters, [
      404,
      'No dealer has this slug or site name.',
    ]);
  const query = checkQuery(vehicleQuery({ page: false, dealer: true }));
  const filters = async (c: import('hono').Context, path: { make?: string; model?: string } = {}) => {
    const q = c.req.valid('query' as never) as v.InferOutput<ReturnType<typeof vehicleQuery>>;
    const filter: StockFilter = {
      ...q,
      ...(path.make ? { make_slug: path.make } : {}),
      ...(path.model ? { model_slug: path.model } : {}),
      dealerSlug: await scopeOf(q.dealer),
    };
    const [makes, fuel, transmission, state] = await Promise.all([
      makesWithModels(deps.db, filter),
      countBy(deps.db, filter, 'fuelType'),
      countBy(deps.db, filter, 'transmissionType'),
      countBy(deps.db, filter, 'vehicle_state'),
    ]);
    const facet = (values: readonly string[], counts: Map<string, number>) =>
      values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
    const url = new URL(c.req.url);
    return item(c, 'Filters', url.pathname, {
      makes,
      fuelType: facet(FUEL_TYPES, fuel),
      transmissionType: facet(TRANSMISSION_TYPES, transmission),
      vehicle_state: facet(VEHICLE_STATES, state),
    });
  };
  // The segments are the make_slug and model_slug filters, and a 400 names them so.
  const STANDS_FOR = { make: 'make_slug', model: 'model_slug' };
  const make = pathSlug('Make slug (URL-encoded)');
  const model = pathSlug('Model slug (URL-encoded)');
  app.get('/filters', describeFilters('Filter values with counts.'), query, (c) => filters(c));
  app.get(
    '/filters/:make',
    describeFilters('Filter values within one make.'),
    checkPath(v.object({ make }), STANDS_FOR),
    query,
    (c) => filters(c, c.req.valid('param')),
  );
  app.get(
    '/filters/:make/:model',
    describeFilters('Filter values within one make and model.'),
    checkPath(v.object({ make, model }), STANDS_FOR),
    query,
    (c) => filters(c, c.req.valid('param')),
  );
  return app;
}
