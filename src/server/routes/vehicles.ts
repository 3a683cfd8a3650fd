/** Used and demo stock: the listing per dealer (or the group) and one vehicle (SPEC §7). */
import { Hono } from 'hono';
import * as v from 'valibot';
import { collectionOf } from '../../contract/hydra.ts';
import { VehicleDetail, VehicleSummary } from '../../contract/vehicles.ts';
import { USED_PAGE_SIZE } from '../../domain/vehicle-query.ts';
import { getStockItem, listStock, similarStock } from '../db/vehicle-queries.ts';
import type { Deps } from '../deps.ts';
import type { FastRead } from '../http/fast-reads.ts';
import { checkPath, checkQuery, pathId, pathText, queryInput, vehicleQuery } from '../http/params.ts';
import { collection, collectionJson, item, JsonMembers, notFound } from '../hydra.ts';
import { photosByVehicle } from '../media/photos.ts';
import { read } from '../openapi/describe.ts';
import { presentVehicleDetail, presentVehicleSummary } from '../present.ts';
import { checkDealerSlugs, resolveDealerScope, scopeInIndex, slugsInIndex } from './scope.ts';

const tags = ['Pre-owned stock'];
const LISTING_QUERY = vehicleQuery({ page: true, dealer: false });
/** The listing's path as the fast path sees it, and as the route below registers it under /api. */
const LISTING_PATH = /^\/api\/([^/]+)\/vehicles$/;
const LISTING_ROUTE = '/api/:dealerSlug/vehicles';

/**
 * The listing answered from the stock index in front of the Hono chain (http/fast-reads.ts): the JSON
 * the route below gives, or undefined for anything it must answer itself (a bad parameter, an unknown
 * dealership, no snapshot yet, a path another route owns). `routes`: every route of the app. A route
 * of the listing's shape registered before it (the editor's stock list) keeps its path; another pattern
 * of that shape would keep them all, so then nothing is answered here.
 */
export function listingRead(deps: Deps, routes: readonly { method: string; path: string }[]): FastRead {
  const owned = new Set<string>();
  let shadowed = false;
  for (const r of routes) {
    const m =
      (r.method === 'GET' || r.method === 'ALL') && r.path !== LISTING_ROUTE && LISTING_PATH.exec(r.path);
    if (!m) continue;
    const segment = m[1] as string;
    if (/[:*{]/.test(segment)) shadowed = true;
    else owned.add(segment);
  }
  return {
    path: LISTING_PATH,
    read(match, url) {
      const index = deps.stockIndex;
      const segment = match[1] as string;
      if (!index || shadowed || owned.has(segment)) return undefined;
      const parsed = v.safeParse(LISTING_QUERY, queryInput(url));
      if (!parsed.success) return undefined;
      const query = parsed.output;
      const scope = scopeInIndex(deps, segment);
      if (!scope || !slugsInIndex(index, query.dealers)) return undefined;
      const found = index.list(query, scope.dealerSlug);
      if (!found) return undefined;
      return collectionJson(url, 'Vehicle', new JsonMembers(found.members), found.total, {
        page: query.page,
        pageSize: USED_PAGE_SIZE,
      });
    },
  };
}

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
    checkQuery(LISTING_QUERY),
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
