/** /makes and /filters: the values a visitor can filter used stock by, with counts that match the listing. */
import { Hono } from 'hono';
import {
  FUEL_TYPES,
  parseVehicleQuery,
  TRANSMISSION_TYPES,
  VEHICLE_STATES,
} from '../../lib/vehicle-query.ts';
import { countBy, makesWithModels, type StockFilter } from '../db/vehicle-queries.ts';
import type { Deps } from '../deps.ts';
import { badRequest, collection, item } from '../hydra.ts';
import { slugParam } from './params.ts';
import { resolveDealerScope } from './scope.ts';

export function stockFacetRoutes(deps: Deps) {
  const app = new Hono();

  const scopeOf = async (raw: string | undefined) =>
    raw?.trim() ? (await resolveDealerScope(deps, raw)).dealerSlug : null;

  app.get('/makes', async (c) => {
    const makes = await makesWithModels(deps.db, { dealerSlug: await scopeOf(c.req.query('dealer')) });
    const members = makes.map((m) => ({ '@id': `/api/makes/${m.slug}`, '@type': 'Make', ...m }));
    return collection(c, 'Make', members, members.length);
  });

  const filters = async (c: import('hono').Context) => {
    const params = new URL(c.req.url).searchParams;
    // Hono has already decoded path parameters once; decoding again would turn %25 into a bad escape.
    const make = c.req.param('make');
    const model = c.req.param('model');
    if (make) params.set('make_slug', make);
    if (model) params.set('model_slug', model);
    params.delete('page');
    const parsed = parseVehicleQuery(params);
    if (!parsed.ok) {
      throw badRequest(parsed.problems.map((p) => `${p.param}: ${p.message}`).join('\n'), {
        parameters: parsed.problems,
      });
    }
    slugParam(c.req.query('dealer'), 'dealer');
    const filter: StockFilter = { ...parsed.query, dealerSlug: await scopeOf(c.req.query('dealer')) };
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
  app.get('/filters', filters);
  app.get('/filters/:make', filters);
  app.get('/filters/:make/:model', filters);
  return app;
}
