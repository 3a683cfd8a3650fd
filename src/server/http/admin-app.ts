/**
 * Serves the back office, a React single-page app built by Vite into dist/admin (scripts/admin-build.ts),
 * at /admin (docs/decisions/080-admin-app.md). Hashed assets are immutable; every other path under
 * /admin answers the app's index.html (the SPA fallback) with a fresh CSP nonce, which the app hands to
 * its CSS-in-JS so run-time styles are allowed without 'unsafe-inline'. Nothing here is reachable from
 * a public page: the public build never links /admin.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { getMimeType } from 'hono/utils/mime';
import { adminDist } from '../../config/server.ts';
import { adminPolicy } from './security-headers.ts';

/** Where `npm run build:admin` writes the bundle (not committed). */
export const ADMIN_DIST = adminDist();
/** The placeholder in src/admin/index.html that each answer replaces with its nonce. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

function readFile(path: string): Buffer | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

export function adminAppRoutes(dist = ADMIN_DIST) {
  const app = new Hono();
  const root = normalize(dist);
  // Assets never change under one name; index.html is read per build of the bundle (cheap, small).
  const assets = new Map<string, Buffer | null>();
  app.use('/admin/*', compress());

  app.get('/admin/assets/*', (c) => {
    const rel = c.req.path.slice('/admin/'.length);
    const full = normalize(join(root, rel));
    if (!full.startsWith(root + sep)) return c.text('Not found', 404);
    let body = assets.get(full);
    if (body === undefined) {
      body = readFile(full) ?? null;
      if (body) assets.set(full, body);
    }
    if (!body) return c.text('Not found', 404);
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': getMimeType(full) ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  app.get('/admin', (c) => c.redirect('/admin/', 301));
  app.get('/admin/*', (c) => {
    const html = readFile(join(root, 'index.html'));
    if (!html)
      return c.text('The admin app has not been built yet. Run `npm run build:admin` (npm start does).', 503);
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', adminPolicy(nonce));
    c.header('Cache-Control', 'no-store');
    return c.html(html.toString('utf8').replaceAll(NONCE_PLACEHOLDER, nonce));
  });
  return app;
}
