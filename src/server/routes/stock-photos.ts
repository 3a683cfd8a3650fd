/** A dealer user reaches the photos of their own dealerships' cars only; another car is a 404. */
import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../deps.ts';
import { notFound } from '../hydra.ts';
import { inScope, scopeOf } from '../stock/access.ts';

export function ownCarOnly(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    const scope = scopeOf(c);
    if (scope) {
      const id = c.req.param('id') ?? '';
      const car = /^\d{1,9}$/.test(id)
        ? await deps.db
            .selectFrom('vehicles')
            .select('dealer_slug')
            .where('id', '=', Number(id))
            .executeTakeFirst()
        : undefined;
      if (car && !inScope(scope, car.dealer_slug)) throw notFound('Vehicle', id);
    }
    await next();
  };
}
