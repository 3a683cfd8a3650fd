/** Used and demo stock: the listing per dealer (or the group) and one vehicle (SPEC §7). */
import { Hono } from 'hono';
import { parseVehicleQuery, USED_PAGE_SIZE } from '../../lib/vehicle-query.ts';
import { getStockItem, listStock } from '../db/vehicle-queries.ts';
import type { Deps } from '../deps.ts';
import { badRequest, collection, item, notFound } from '../hydra.ts';
import { presentVehicleDetail, presentVehicleSummary } from '../present.ts';
import { idParam } from './params.ts';
import { resolveDealerScope } from './scope.ts';

export function vehicleRoutes(deps: Deps) {
  const app = new Hono();

  app.get('/vehicles/:id', async (c) => {
    const id = idParam(c.req.param('id'), 'Vehicle');
    const row = await getStockItem(deps.db, id);
    if (!row) throw notFound('Vehicle', String(id));
    const v = presentVehicleDetail(row);
    return item(c, 'Vehicle', v['@id'], v);
  });

  app.get('/:dealerSlug/vehicles', async (c) => {
    const parsed = parseVehicleQuery(new URL(c.req.url).searchParams);
    if (!parsed.ok) {
      const detail = parsed.problems.map((p) => `${p.param}: ${p.message}`).join('\n');
      throw badRequest(detail, { parameters: parsed.problems });
    }
    const scope = await resolveDealerScope(deps, c.req.param('dealerSlug'));
    const { rows, total } = await listStock(deps.db, parsed.query, scope.dealerSlug);
    return collection(c, 'Vehicle', rows.map(presentVehicleSummary), total, {
      page: parsed.query.page,
      pageSize: USED_PAGE_SIZE,
    });
  });
  return app;
}
