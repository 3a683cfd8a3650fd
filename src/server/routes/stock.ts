/**
 * Used stock for the back office, behind stock:write (admins, editors, dealer users,
 * API keys with that scope). A dealer user works only on their own dealership(s): other cars are 404,
 * and a car cannot be given to another dealership (422). Every change is audited with before and after
 * and queues a rebuild.
 *   GET    /api/editor/vehicles        page, itemsPerPage, order[field], q, dealer_slug, status, make_slug, state_of_vehicle
 *   POST   /api/editor/vehicles        StockVehicleInput
 *   GET    /api/editor/vehicles/{id}
 *   PUT    /api/editor/vehicles/{id}   StockVehicleInput (whole)
 *   PATCH  /api/editor/vehicles/{id}   some fields of StockVehicleInput
 *   DELETE /api/editor/vehicles/{id}   the car and its photos
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  type StockVehicleInput as Input,
  STOCK_SORTS,
  STOCK_STATUSES,
  StockVehicle,
  StockVehicleFields,
  StockVehicleInput,
} from '../../contract/stock.ts';
import { VEHICLE_STATES } from '../../domain/vehicle-query.ts';
import { audit } from '../auth/audit.ts';
import { byWhom } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { checkWhole, insertChecked, updateChecked } from '../editor/writes.ts';
import { type JsonBodyEnv, jsonInput } from '../http/json-body.ts';
import { listQuery } from '../http/list-query.ts';
import { checkPath, checkQuery, pathId } from '../http/params.ts';
import { collection, item, notFound } from '../hydra.ts';
import { collectionOk, jsonBody, ld, problems, staffGuard, staffOperations } from '../openapi/describe.ts';
import { revised, whoOf } from '../revisions/record.ts';
import { scopeOf } from '../stock/access.ts';
import {
  inputOf,
  insertVehicle,
  presentStock,
  stockChecks,
  updateVehicle,
  type VehicleRow,
} from '../stock/store.ts';

const guarded = staffGuard('The role or key lacks stock:write, or a session write came from another origin.');
const op = staffOperations('Stock', guarded);

const opt = (description: string) => v.optional(v.pipe(v.string(), v.description(description)));
const ListParams = v.object({
  page: opt('Page, from 1.'),
  itemsPerPage: opt('Cars a page, 1 to 200 (default 30).'),
  q: opt('Words found in the stock number, VIN, make, model or variant.'),
  dealer_slug: opt('Only this dealership.'),
  status: v.optional(v.picklist(STOCK_STATUSES, `must be one of ${STOCK_STATUSES.join(', ')}`)),
  make_slug: opt('Only this make.'),
  state_of_vehicle: v.optional(v.picklist(VEHICLE_STATES, `must be one of ${VEHICLE_STATES.join(', ')}`)),
  ...Object.fromEntries(
    STOCK_SORTS.map((f) => [`order[${f}]`, v.optional(v.picklist(['asc', 'desc']))] as const),
  ),
});

const written = (status: number, description: string) => ({
  [status]: ld(StockVehicle, description),
  ...problems(400, 413, 415, [422, 'Violations naming each field.']),
});

export function stockRoutes(deps: Deps) {
  const app = new Hono();
  const db = deps.db;
  const byId = checkPath(v.object({ id: pathId('Vehicle') }));

  const selectStock = (scope: string[] | null) => {
    let q = db
      .selectFrom('vehicles')
      .innerJoin('dealers', 'dealers.slug', 'vehicles.dealer_slug')
      .selectAll('vehicles')
      .select('dealers.dealer_name');
    if (scope) q = q.where('vehicles.dealer_slug', 'in', scope.length ? scope : ['']);
    return q;
  };
  const photoCounts = async (ids: number[]) => {
    if (!ids.length) return new Map<number, number>();
    const rows = await db
      .selectFrom('vehicle_images')
      .select(['vehicle_id', (eb) => eb.fn.countAll().as('n')])
      .where('vehicle_id', 'in', ids)
      .groupBy('vehicle_id')
      .execute();
    return new Map(rows.map((r) => [r.vehicle_id, Number(r.n)]));
  };
  /** The car if the caller may see it; another dealership's car is simply not found. */
  const find = async (c: Context, id: number) => {
    const row = await selectStock(scopeOf(c)).where('vehicles.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Vehicle', String(id));
    return row;
  };
  const answer = async (c: Context, row: VehicleRow & { dealer_name: string }, status: 200 | 201 = 200) => {
    const counts = await photoCounts([row.id]);
    const { '@id': iri, '@type': _t, ...data } = presentStock(row, counts.get(row.id) ?? 0);
    return item(c, 'StockVehicle', iri, data, status);
  };

  const recheck = (c: Context, data: Input, id: number | null) => () => stockChecks(db, scopeOf(c), data, id);
  const check = (c: Context, body: Record<string, unknown>, id: number | null) =>
    checkWhole(StockVehicleInput, body, (data) => recheck(c, data, id)());
  const changed = async (c: Context, action: string, id: number, before?: Input, after?: Input) => {
    await audit(c, db, deps.config.trustProxy, {
      action: `stock.${action}`,
      resource: 'vehicles',
      resourceId: id,
      before,
      after,
    });
    deps.readCache?.clear();
    deps.publishing?.contentChanged('stock', byWhom(c));
  };

  app.get(
    '/editor/vehicles',
    op('Used stock the caller may edit (a dealer user: their own dealerships), paged.', {
      ...collectionOk(StockVehicle),
      ...problems(400),
    }),
    checkQuery(ListParams),
    async (c) => {
      const lq = listQuery(c, [...STOCK_SORTS], 200);
      const perPage = c.req.query('itemsPerPage') ? lq.perPage : 30;
      let q = selectStock(scopeOf(c));
      const f = c.req.valid('query' as never) as v.InferOutput<typeof ListParams>;
      if (f.dealer_slug) q = q.where('vehicles.dealer_slug', '=', f.dealer_slug);
      if (f.status) q = q.where('vehicles.status', '=', f.status);
      if (f.make_slug) q = q.where('vehicles.make_slug', '=', f.make_slug);
      if (f.state_of_vehicle) q = q.where('vehicles.state_of_vehicle', '=', f.state_of_vehicle);
      for (const word of (lq.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
        const like = `%${word.replace(/[%_\\]/g, '')}%`;
        q = q.where((eb) =>
          eb.or(
            (['stock_number', 'vin', 'make', 'model', 'variant'] as const).map((col) =>
              eb(eb.fn('lower', [eb.ref(`vehicles.${col}`)]), 'like', like),
            ),
          ),
        );
      }
      const { n } = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await q
        .orderBy(`vehicles.${(lq.sort ?? 'id') as (typeof STOCK_SORTS)[number]}`, lq.dir)
        .orderBy('vehicles.id')
        .limit(perPage)
        .offset((lq.page - 1) * perPage)
        .execute();
      const counts = await photoCounts(rows.map((r) => r.id));
      return collection(
        c,
        'StockVehicle',
        rows.map((r) => presentStock(r, counts.get(r.id) ?? 0)),
        Number(n),
        { page: lq.page, pageSize: perPage },
      );
    },
  );

  app.get(
    '/editor/vehicles/:id',
    op('One car of used stock (404 for another dealership’s car).', {
      200: ld(StockVehicle, 'OK'),
      ...problems(400, 404),
    }),
    byId,
    async (c) => answer(c, await find(c, c.req.valid('param').id)),
  );

  app.post(
    '/editor/vehicles',
    op('Add a car to used stock; queues a rebuild.', written(201, 'Created; Location names it.'), {
      requestBody: jsonBody(StockVehicleInput),
    }),
    jsonInput,
    async (c) => {
      const data = await check(c, c.var.body, null);
      const id = await insertChecked(
        () => revised(db, whoOf(c), 'vehicles', null, 'create', (trx) => insertVehicle(trx, data)),
        recheck(c, data, null),
      );
      await changed(c, 'create', id, undefined, data);
      c.header('Location', `/api/editor/vehicles/${id}`);
      return answer(c, await find(c, id), 201);
    },
  );

  const update = (merge: boolean) => async (c: Context<JsonBodyEnv>) => {
    const id = Number(c.req.param('id'));
    const body = c.var.body;
    const row = await find(c, id);
    const before = inputOf(row);
    const data = await check(c, merge ? { ...before, ...body } : body, id);
    await updateChecked(
      () => revised(db, whoOf(c), 'vehicles', id, 'update', (trx) => updateVehicle(trx, id, data)),
      recheck(c, data, id),
    );
    await changed(c, 'update', id, before, data);
    return answer(c, await find(c, id));
  };
  const notThere = problems(404);
  app.put(
    '/editor/vehicles/:id',
    op(
      'Replace a car’s details.',
      { ...written(200, 'Updated'), ...notThere },
      {
        requestBody: jsonBody(StockVehicleInput),
      },
    ),
    byId,
    jsonInput,
    update(false),
  );
  app.patch(
    '/editor/vehicles/:id',
    op(
      'Change some of a car’s details (e.g. {"status": "sold"}).',
      { ...written(200, 'Updated'), ...notThere },
      { requestBody: jsonBody(v.partial(StockVehicleFields)) },
    ),
    byId,
    jsonInput,
    update(true),
  );

  app.delete(
    '/editor/vehicles/:id',
    op('Remove a car and its photos from stock.', { 204: { description: 'Deleted' }, ...problems(400, 404) }),
    byId,
    async (c) => {
      const id = c.req.valid('param').id;
      const row = await find(c, id);
      // Its photo files stay while it is under "Recently deleted" (revisions/purge.ts).
      await revised(db, whoOf(c), 'vehicles', id, 'delete', async (trx) => {
        await trx.deleteFrom('vehicle_images').where('vehicle_id', '=', id).execute();
        await trx.deleteFrom('vehicles').where('id', '=', id).execute();
      });
      await changed(c, 'delete', id, inputOf(row));
      return c.body(null, 204);
    },
  );
  return app;
}
