/** Used and demo stock: the listing per dealer (or the group) and one vehicle (SPEC §7). */
import { Hono } from 'hono';
import * as v from 'valibot';
import { collectionOf } from '../../contract/hydra.ts';
import { VehicleDetail, VehicleSummary } from '../../contract/vehicles.ts';
import { USED_PAGE_SIZE } from '../../domain/vehicle-query.ts';
import { getStockItem, listStock, similarStock } from '../db/vehicle-queries.ts';
import type { Deps } from '../deps.ts';
import { checkPath, checkQuery, pathId, pathText, vehicleQuery } from '../http/params.ts';
import { collection, item, JsonMembers, notFound } from '../hydra.ts';
import { photosByVehicle } from '../media/photos.ts';
import { read } from '../openapi/describe.ts';
import { presentVehicleDetail, presentVehicleSummary } from '../present.ts';
import { checkDealerSlugs, resolveDealerScope } from './scope.ts';

const tags = ['Pre-owned stock'];

export function vehicleRoutes(deps: Deps) {
  const app = new Hono();

  app.get(
    '/vehicles/:id',
    read('One used vehicle; a sold one answers with status "sold".', tags, VehicleDetail, 404),
    checkPath(v.object({ id: pathId('Vehicle') })),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await getStockItem(deps.db, id);
      if (!row) throw notFound('Vehicle', String(id));
      const photos = await photosByVehicle(deps.db, [id]);
      const car = presentVehicleDetail(row, photos.get(id));
      return item(c, 'Vehicle', car['@id'], car);
    },
  );

  app.get(
    '/vehicles/:id/similar',
    read(
      'Up to 4 other available cars like this one: the same model first, then the same body type within 25% of its price.',
      tags,
      collectionOf(VehicleSummary),
      404,
    ),
    checkPath(v.object({ id: pathId('Vehicle') })),
    async (c) => {
      const { id } = c.req.valid('param');
      const car = await getStockItem(deps.db, id);
      if (!car) throw notFound('Vehicle', String(id));
      const rows = await similarStock(deps.db, car);
      const mains = await photosByVehicle(
        deps.db,
        rows.map((r) => r.id),
        true,
      );
      const members = rows.map((r) => presentVehicleSummary(r, mains.get(r.id)));
      return collection(c, 'Vehicle', members, members.length);
    },
  );

  app.get(
    '/:dealerSlug/vehicles',
    read(
      'Used and demo stock of a dealer, or of the whole group (group slug or "all"), 12 a page.',
      tags,
      collectionOf(VehicleSummary),
      [404, 'No dealer has this slug or site name.'],
    ),
    checkPath(v.object({ dealerSlug: pathText('Dealer slug, site name, group slug or all') })),
    checkQuery(vehicleQuery({ page: true, dealer: false })),
    async (c) => {
      const query = c.req.valid('query');
      const scope = await resolveDealerScope(deps, c.req.valid('param').dealerSlug);
      await checkDealerSlugs(deps, query.dealers);
      const paging = { page: query.page, pageSize: USED_PAGE_SIZE };
      // Answered from memory when the stock index can (db/stock-index.ts), else by the database.
      const fast = deps.stockIndex?.list(query, scope.dealerSlug);
      if (fast) return collection(c, 'Vehicle', new JsonMembers(fast.members), fast.total, paging);
      const { rows, total } = await listStock(deps.db, query, scope.dealerSlug);
      const mains = await photosByVehicle(
        deps.db,
        rows.map((r) => r.id),
        true,
      );
      const members = rows.map((r) => presentVehicleSummary(r, mains.get(r.id)));
      return collection(c, 'Vehicle', members, total, paging);
    },
  );
  return app;
}
