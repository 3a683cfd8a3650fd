/**
 * Editor endpoints (issue 6): CRUD under /api/editor/{blog_posts,specials,service_deals,banners,range_variants}
 * behind the editor token. A write never touches the live site; it asks for a rebuild, and the change
 * goes live when that build is published.
 */
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { requireEditor } from '../editor/auth.ts';
import { resourceRoutes } from '../editor/crud.ts';
import { RESOURCES } from '../editor/resources.ts';
import { photoRoutes } from './photos.ts';

export function editorRoutes(deps: Deps) {
  const app = new Hono();
  app.use('/editor/*', requireEditor(deps));
  app.use('/editor', requireEditor(deps));
  for (const r of RESOURCES) app.route('/', resourceRoutes(deps, r));
  app.route('/', photoRoutes(deps));
  return app;
}
