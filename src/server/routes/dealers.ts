import { Hono } from 'hono';
import * as v from 'valibot';
import { Dealer } from '../../contract/dealers.ts';
import { collectionOf } from '../../contract/hydra.ts';
import type { Deps } from '../deps.ts';
import { checkPath, pathText } from '../http/params.ts';
import { collection, item, notFound } from '../hydra.ts';
import { read } from '../openapi/describe.ts';
import { presentDealer } from '../present.ts';

const tags = ['Dealers'];

export function dealerRoutes({ db }: Deps) {
  const app = new Hono();
  const all = () => db.selectFrom('dealers').selectAll().orderBy('sort_order').orderBy('id').execute();

  app.get('/dealers', read('All dealerships of the group.', tags, collectionOf(Dealer)), async (c) => {
    const rows = await all();
    return collection(c, 'Dealer', rows.map(presentDealer), rows.length);
  });

  app.get(
    '/dealers/:slug',
    read('One dealership by slug.', tags, Dealer, 404),
    checkPath(v.object({ slug: pathText('e.g. motus-subaru-west-rand') })),
    async (c) => {
      const { slug } = c.req.valid('param');
      const row = await db.selectFrom('dealers').selectAll().where('slug', '=', slug).executeTakeFirst();
      if (!row) throw notFound('Dealer', slug);
      const d = presentDealer(row);
      return item(c, 'Dealer', d['@id'], d);
    },
  );

  // The dealer whose site name (the /dealer/{name} prefix) matches; the slug is accepted too.
  app.get(
    '/dealer-list/:name',
    read('The dealership whose site name (the /dealer/{name} prefix) or slug matches.', tags, Dealer, 404),
    checkPath(v.object({ name: pathText('Site name, e.g. west-rand, or slug') })),
    async (c) => {
      const name = c.req.valid('param').name.toLowerCase();
      const row = await db
        .selectFrom('dealers')
        .selectAll()
        .where((eb) => eb.or([eb('site_name', '=', name), eb('slug', '=', name)]))
        .executeTakeFirst();
      if (!row) throw notFound('Dealer', name);
      const d = presentDealer(row);
      return item(c, 'Dealer', d['@id'], d);
    },
  );
  return app;
}
