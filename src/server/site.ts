/**
 * Serves the published static build and /uploads. The build directory is looked up per request
 * through the `current` link, so publishing (an atomic rename of that link) switches every
 * following request to the new build at once, and no request ever sees a half-written site.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';

export function currentBuildDir(buildsDir: string): string | null {
  const link = join(buildsDir, 'current');
  try {
    return realpathSync(link);
  } catch {
    return null;
  }
}

function cacheHeaders(path: string, c: Context) {
  if (/\/_astro\//.test(path)) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  else if (/\.html$/.test(path)) c.header('Cache-Control', 'public, max-age=0, must-revalidate');
  else c.header('Cache-Control', 'public, max-age=3600');
}

export function siteRoutes(opts: { buildsDir: string; uploadsDir: string }) {
  const app = new Hono();
  const handlers = new Map<string, MiddlewareHandler>();
  const handlerFor = (dir: string) => {
    let h = handlers.get(dir);
    if (!h) {
      h = serveStatic({ root: dir, precompressed: true, onFound: cacheHeaders });
      handlers.set(dir, h);
    }
    return h;
  };

  app.use(
    '/uploads/*',
    serveStatic({
      root: opts.uploadsDir,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
      onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800'),
    }),
  );
  app.get('/uploads/*', (c) => c.text('Not found', 404));

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const dir = currentBuildDir(opts.buildsDir);
    if (!dir) return c.text('The site has not been built yet. Run `npm run build`.', 503);
    // Trailing-slash URLs and extensionless paths map to directory index files.
    return handlerFor(dir)(c, async () => {
      // Used stock changes between builds (issue 4): a car added since the last build has no pre-built
      // page, so /pre-owned/{make}/{model}/{id} (and its /dealer/{name} twin) gets the vehicle shell,
      // which loads the car from the API by the id in its address (and says so if it is sold or unknown).
      const shell =
        usedVehicleShell(dir, c.req.path) ??
        usedEnquiryShell(dir, c.req.path) ??
        usedListingShell(dir, c.req.path);
      if (shell) {
        c.header('Cache-Control', 'no-cache');
        c.res = c.html(readFileSync(shell, 'utf8'), 200);
        return;
      }
      const page404 = join(dir, '404.html');
      if (existsSync(page404)) {
        c.header('Cache-Control', 'no-store');
        c.res = c.html(readFileSync(page404, 'utf8'), 404);
        return;
      }
      await next();
    });
  });
  return app;
}

/** The shell page for a used-vehicle address with no pre-built page, or null (see siteRoutes). */
function usedVehicleShell(dir: string, path: string): string | null {
  const m = /^(\/dealer\/[a-z0-9-]+)?\/pre-owned\/[a-z0-9-]+\/[a-z0-9-]+\/\d{1,12}\/?$/.exec(path);
  if (!m) return null;
  const file = join(dir, m[1] ?? '', 'pre-owned', 'vehicle', 'index.html');
  return existsSync(file) ? file : null;
}

/**
 * A make or model that came into stock after the last build: /pre-owned/{make}[/{model}] gets the
 * listing page, whose island reads make and model from the address (its filters link there too).
 */
function usedListingShell(dir: string, path: string): string | null {
  const m = /^(\/dealer\/[a-z0-9-]+)?\/pre-owned\/[a-z0-9-]+(\/[a-z0-9-]+)?\/?$/.exec(path);
  if (!m) return null;
  const file = join(dir, m[1] ?? '', 'pre-owned', 'index.html');
  return existsSync(file) ? file : null;
}

/**
 * Leads issue: the enquiry form and its thank-you page for a used car added since the last build.
 * /pre-owned/{make}/{model}/{id}/enquire (and /thank-you, and the /dealer/{name} twins) get the shells
 * built at /pre-owned/vehicle/enquire[/thank-you]; the form island loads the car by the id in the address.
 */
function usedEnquiryShell(dir: string, path: string): string | null {
  const m =
    /^(\/dealer\/[a-z0-9-]+)?\/pre-owned\/[a-z0-9-]+\/[a-z0-9-]+\/\d{1,12}\/enquire(\/thank-you)?\/?$/.exec(
      path,
    );
  if (!m) return null;
  const file = join(
    dir,
    m[1] ?? '',
    'pre-owned',
    'vehicle',
    'enquire',
    m[2] ? 'thank-you' : '',
    'index.html',
  );
  return existsSync(file) ? file : null;
}
