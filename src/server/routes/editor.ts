/**
 * Editor endpoints: CRUD under /api/editor/{blog_posts,specials,service_deals,banners,
 * range_variants,…} for staff with content:write (editors, admins) and API keys with that scope; used
 * stock, its photos and CSV imports (/api/editor/vehicles…, /api/editor/stock_imports…) need stock:write instead, which dealer users have for
 * their own dealerships. A write never touches the live site; it asks for a rebuild, and the change goes
 * live when that build is published.
 */
import { Hono } from 'hono';
import { requireScope } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { resourceRoutes } from '../editor/crud.ts';
import { RESOURCES } from '../editor/resources.ts';
import { contentImageRoutes } from './content-images.ts';
import { photoRoutes } from './photos.ts';
import { revisionRoutes } from './revisions.ts';
import { revisionBatchRoutes } from './revisions-batch.ts';
import { stockRoutes } from './stock.ts';
import { stockImportRoutes } from './stock-import.ts';
import { ownCarOnly } from './stock-photos.ts';

const STOCK_PATH = /\/editor\/(vehicles|stock_imports)(\/|$)/;
const DELETED_PATH = /\/editor\/deleted(\/|$)/;

export function editorRoutes(deps: Deps) {
  const app = new Hono();
  const content = requireScope(deps, 'content:write');
  const stock = requireScope(deps, 'stock:write');
  // Recently deleted lists content and cars: either scope, each caller seeing what it may restore.
  const either = requireScope(deps, ['content:write', 'stock:write']);
  const guard: Parameters<typeof app.use>[1] = (c, next) =>
    STOCK_PATH.test(c.req.path)
      ? stock(c, next)
      : DELETED_PATH.test(c.req.path)
        ? either(c, next)
        : content(c, next);
  app.use('/editor/*', guard); // also matches '/editor' itself
  app.use('/editor/vehicles/:id/*', ownCarOnly(deps));
  for (const r of RESOURCES) app.route('/', resourceRoutes(deps, r));
  app.route('/', revisionRoutes(deps));
  app.route('/', revisionBatchRoutes(deps));
  app.route('/', stockRoutes(deps));
  app.route('/', stockImportRoutes(deps));
  app.route('/', photoRoutes(deps));
  app.route('/', contentImageRoutes(deps));
  return app;
}
