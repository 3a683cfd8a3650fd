import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { collection, item, notFound } from '../hydra.ts';
import { presentDealer } from '../present.ts';

export function dealerRoutes({ db }: Deps) {
  const app = new Hono();
  const all = () => db.selectFrom('dealers').selectAll().orderBy('sort_order').orderBy('id').execute();

  app.get('/dealers', async (c) => {
    const rows = await all();
    return collection(c, 'Dealer', rows.map(presentDealer), rows.length);
  });

  app.get('/dealers/:slug', async (c) => {
    const slug = c.req.param('slug');
    const row = await db.selectFrom('dealers').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row) throw notFound('Dealer', slug);
    const d = presentDealer(row);
    return item(c, 'Dealer', d['@id'], d);
  });

  // The dealer whose site name (the /dealer/{name} prefix) matches; the slug is accepted too.
  app.get('/dealer-list/:name', async (c) => {
    const name = c.req.param('name').toLowerCase();
    const row = await db
      .selectFrom('dealers')
      .selectAll()
      .where((eb) => eb.or([eb('site_name', '=', name), eb('slug', '=', name)]))
      .executeTakeFirst();
    if (!row) throw notFound('Dealer', name);
    const d = presentDealer(row);
    return item(c, 'Dealer', d['@id'], d);
  });
  return app;
}
