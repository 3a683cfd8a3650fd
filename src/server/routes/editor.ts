/**
 * Editor endpoints (issue 6): CRUD under /api/editor/{blog_posts,specials,service_deals,banners,range_variants}
 * for staff with content:write (editors, admins) and API keys with that scope. A write never touches the live site; it asks for a rebuild, and the change
 * goes live when that build is published.
 */
import { Hono } from 'hono';
import { requireScope } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { resourceRoutes } from '../editor/crud.ts';
import { RESOURCES } from '../editor/resources.ts';
import { photoRoutes } from './photos.ts';

export function editorRoutes(deps: Deps) {
  const app = new Hono();
  app.use('/editor/*', requireScope(deps, 'content:write'));
  app.use('/editor', requireScope(deps, 'content:write'));
  for (const r of RESOURCES) app.route('/', resourceRoutes(deps, r));
  app.route('/', photoRoutes(deps));
  return app;
}
