/** /makes and /filters: the values a visitor can filter used stock by, with counts that match the listing. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { collectionOf } from '../../contract/hydra.ts';
import { Filters, Make } from '../../contract/vehicles.ts';
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  FUEL_TYPES,
  TRANSMISSION_TYPES,
  VEHICLE_COLOURS,
  VEHICLE_STATES,
} from '../../domain/vehicle-query.ts';
import { countBy, makesWithModels, rangesOf, type StockFilter } from '../db/vehicle-queries.ts';
import type { Deps } from '../deps.ts';
import { checkPath, checkQuery, optionalSlug, pathSlug, vehicleQuery } from '../http/params.ts';
import { collection, item } from '../hydra.ts';
import { read } from '../openapi/describe.ts';
import { checkDealerSlugs, dealersInScope, resolveDealerScope } from './scope.ts';

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
    await checkDealerSlugs(deps, q.dealers);
    const [makes, fuel, transmission, state, body, colour, byDealer, byDealerForProvince, ranges, dealers] =
      await Promise.all([
        makesWithModels(deps.db, filter),
        countBy(deps.db, filter, 'fuelType'),
        countBy(deps.db, filter, 'transmissionType'),
        countBy(deps.db, filter, 'vehicle_state'),
        countBy(deps.db, filter, 'body_type'),
        countBy(deps.db, filter, 'colour'),
        countBy(deps.db, filter, 'dealer'),
        countBy(deps.db, filter, 'dealer', 'province'),
        rangesOf(deps.db, filter),
        dealersInScope(deps, filter.dealerSlug ?? null),
      ]);
    const facet = (values: readonly string[], counts: Map<string, number>) =>
      values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
    // A province counts its dealerships' cars, with every filter applied but the province one.
    const provinces = new Map<string, number>();
    for (const d of dealers)
      provinces.set(d.province, (provinces.get(d.province) ?? 0) + (byDealerForProvince.get(d.slug) ?? 0));
    const url = new URL(c.req.url);
    return item(c, 'Filters', url.pathname, {
      makes,
      fuelType: facet(FUEL_TYPES, fuel),
      transmissionType: facet(TRANSMISSION_TYPES, transmission),
      vehicle_state: facet(VEHICLE_STATES, state),
      body_type: BODY_TYPES.map((value) => ({
        value,
        label: BODY_TYPE_LABELS[value],
        count: body.get(value) ?? 0,
      })),
      colour: facet(VEHICLE_COLOURS, colour),
      province: [...provinces].map(([value, count]) => ({ value, count })),
      dealer: dealers.map((d) => ({ value: d.slug, label: d.dealer_name, count: byDealer.get(d.slug) ?? 0 })),
      ranges,
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
