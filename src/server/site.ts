/**
 * Serves the published static build (/uploads: routes/uploads.ts). The build directory is the one the `current` link
 * names (publish/current-link.ts): publishing renames that link, which switches the following requests
 * to the new build, and no request ever sees a half-written site.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { getMimeType } from 'hono/utils/mime';
import { DATA_SAVER_COOKIE, DATA_SAVER_PATH, dataSaverOn } from '../domain/data-saver.ts';
import { formBodyLimit } from './forms/form-fields.ts';
import { createDataSaverVariants } from './http/data-saver-variants.ts';
import type { FastAnswer, FastRequest } from './http/fast-path.ts';
import { createStaticFiles, type StaticFile } from './http/static-files.ts';
import { ApiError, errorResponse, problem, statusTitle } from './hydra.ts';
import { currentBuildDir } from './publish/current-link.ts';

/** The kept build directories other than `dir`, newest first, listed at most once a second. */
function olderBuilds(buildsDir: string) {
  let at = 0;
  let dirs: string[] = [];
  return (current: string) => {
    if (performance.now() - at > 1000) {
      at = performance.now();
      try {
        dirs = readdirSync(buildsDir, { withFileTypes: true })
          .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
          .map((e) => join(buildsDir, e.name))
          .sort()
          .reverse();
      } catch {
        dirs = [];
      }
    }
    return dirs.filter((d) => d !== current);
  };
}

/** How often the site looks for a newly published build to ready its landing pages (decision 351). */
const LANDING_CHECK_MS = 1000;

/**
 * The pages most visits start at: the home and each dealer's home, at both its addresses: the site's links
 * name `/dealer/{site}`, its canonical URL `/dealer/{site}/`, and the page cache holds each address apart.
 */
export function landingPages(dir: string): string[] {
  let dealers: string[] = [];
  try {
    dealers = readdirSync(join(dir, 'dealer'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => [`/dealer/${e.name}`, `/dealer/${e.name}/`]);
  } catch {
    // A build without dealer sites.
  }
  return ['/', ...dealers.sort()];
}

/** Answers a form posted to a page (forms/form-posts.ts), given a reader of the published pages. */
export type FormPosts = (c: Context, readPage: (path: string) => Promise<string | null>) => Promise<Response>;

/** The site's routes, and its answerer for the fast path (http/fast-path.ts). */
export function siteRoutes(opts: {
  buildsDir: string;
  /** Bytes of built files held in memory (config pageCacheBytes). */
  pageCacheBytes?: number;
  /** A hashed asset of a build not on this disk yet, from the shared store (publish/live.ts). */
  storedAsset?: (path: string) => Promise<{ data: Buffer; build: string } | null>;
  formPosts?: FormPosts;
}) {
  const app = new Hono();
  const files = createStaticFiles({ maxBytes: opts.pageCacheBytes });
  const saverPages = createDataSaverVariants();
  const oldAssets = createStaticFiles({ maxBytes: 32 * 1024 * 1024 });
  const older = olderBuilds(opts.buildsDir);
  // Paths this handler answered with a built file (not a shell page): only those are answered in front
  // of the Hono app, so no route mounted before this one is ever skipped. Bounded: cleared when full.
  const servedHere = new Map<string, { dir: string; key: string; file: StaticFile }>();
  const MAX_SERVED = 20_000;

  // A page's first answer is brotli's fast level, the best one after it (decision 320). The home and the
  // dealers' homes, where most visits start, get their best form when a build goes live instead, so their
  // first visitor has it too: at the fast level both are over the first round trip (decision 351).
  let warmedBuild: string | null = null;
  let warming: Promise<void> = Promise.resolve();
  const warmLandingPages = () => {
    const dir = currentBuildDir(opts.buildsDir);
    if (!dir || dir === warmedBuild) return;
    warmedBuild = dir;
    warming = files.warm(dir, landingPages(dir)).catch(() => {});
  };
  warmLandingPages();
  // This instance's publishes and another instance's alike show in the `current` link.
  setInterval(warmLandingPages, LANDING_CHECK_MS).unref();

  /** A hashed asset of an earlier build (a page still open in a browser), on this disk or in the store. */
  const olderAsset = async (c: Context, dir: string) => {
    for (const before of older(dir)) {
      const old = oldAssets.lookup(before, c.req.path);
      if (old) return oldAssets.respond(c, old.key, old.file);
    }
    if (!opts.storedAsset) return null;
    // A page another instance served from a build this one is still mirroring.
    const stored = await opts.storedAsset(c.req.path.slice(1)).catch(() => null);
    if (!stored) return null;
    return c.body(new Uint8Array(stored.data), 200, {
      'Content-Type': getMimeType(c.req.path) ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Site-Build': stored.build,
      'X-Content-Type-Options': 'nosniff',
    });
  };

  /** The page at a path, or the shell page that stands for it. */
  const pageAt = (dir: string, path: string) => {
    const found = files.lookup(dir, path);
    if (found) return { ...found, shell: false };
    // Used stock changes between builds: a car (or make, or model) added since the last build has no
    // pre-built page, so its address gets the shell page that loads it from the API by its address
    // (and says so plainly when it is sold or unknown).
    const shellPath = usedVehicleShell(path) ?? usedEnquiryShell(path) ?? usedListingShell(path);
    const shell = shellPath ? files.lookup(dir, shellPath) : null;
    return shell ? { ...shell, shell: true } : null;
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const dir = currentBuildDir(opts.buildsDir);
    if (!dir) return c.text('The site has not been built yet. Run `npm run build`.', 503);
    if (c.req.path.startsWith('/_astro/') && !files.lookup(dir, c.req.path)) {
      const asset = await olderAsset(c, dir);
      if (asset) return asset;
    }
    const found = pageAt(dir, c.req.path);
    const saver =
      found?.key.endsWith('.html') && dataSaverOn(c.req.header('save-data'), c.req.header('cookie'));
    if (found && saver)
      return saverPages.respond(
        c,
        found.file,
        200,
        found.shell ? 'no-cache' : 'public, max-age=0, must-revalidate',
      );
    if (found) {
      if (!found.shell && c.req.method === 'GET') {
        if (servedHere.size >= MAX_SERVED) servedHere.clear();
        servedHere.set(c.req.path, { dir, key: found.key, file: found.file });
      }
      return files.respond(c, found.key, found.file, found.shell ? { cacheControl: 'no-cache' } : {});
    }

    const page404 = files.lookup(dir, '/404.html');
    if (page404)
      return files.respond(c, page404.key, page404.file, { status: 404, cacheControl: 'no-store' });
    return c.text('Not found', 404);
  });

  // The footer's data-saver switch: a form, so it works without scripts; remembered for a year.
  app.post(DATA_SAVER_PATH, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const on = form.on === '1';
    let back = typeof form.back === 'string' && /^\/(?!\/)/.test(form.back) ? form.back : '/';
    // The page is static, so `back` is its path only; the browser's Referer of that same page on this
    // site also has its query (a listing's filters, the car a test-drive link names), which is kept.
    try {
      const from = new URL(c.req.header('referer') ?? '');
      const here = new URL(c.req.url);
      const trim = (p: string) => p.replace(/\/+$/, '') || '/';
      if (from.origin === here.origin && trim(from.pathname) === trim(back))
        back = `${from.pathname}${from.search}`;
    } catch {
      // No Referer, or not a URL: the path alone.
    }
    const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
    c.header(
      'Set-Cookie',
      `${DATA_SAVER_COOKIE}=${on ? 1 : 0}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`,
    );
    c.header('Cache-Control', 'no-store');
    return c.redirect(back, 303);
  });

  const formPosts = opts.formPosts;
  if (formPosts) {
    const readPageIn = (dir: string) => async (path: string) => {
      const found = pageAt(dir, path);
      if (!found?.key.endsWith('.html')) return null;
      return readFile(found.file.path, 'utf8').catch(() => null);
    };
    // A form's fields are a few kilobytes; a valuation's may carry its photos (forms/form-fields.ts).
    const limit = createMiddleware(async (c, next) => {
      const dir = currentBuildDir(opts.buildsDir);
      const maxSize = formBodyLimit(dir ? await readPageIn(dir)(c.req.path) : null);
      const size =
        maxSize >= 1024 * 1024 ? `${Math.round(maxSize / (1024 * 1024))} MB` : `${maxSize / 1024} KB`;
      return bodyLimit({
        maxSize,
        onError: (c) => problem(c, 413, statusTitle(413), `The form is larger than ${size}.`),
      })(c, next);
    });
    app.post('*', limit, async (c) => {
      const dir = currentBuildDir(opts.buildsDir);
      if (!dir) return c.text('The site has not been built yet. Run `npm run build`.', 503);
      const readPage = readPageIn(dir);
      // The page a form post answers with (again with its errors) came from this build, like every page.
      c.header('X-Site-Build', basename(dir));
      try {
        return await formPosts(c, readPage);
      } catch (err) {
        if (err instanceof ApiError) return errorResponse(c, err);
        throw err;
      }
    });
  }
  /** A built file this handler served before, answered whole when its form is in memory. */
  const fast = (r: FastRequest): FastAnswer | undefined => {
    const found = servedHere.get(r.path);
    // Still the published build, and the file still held (else the handler looks it up again).
    if (!found) return undefined;
    if (!found.file.cached || found.dir !== currentBuildDir(opts.buildsDir)) {
      servedHere.delete(r.path);
      return undefined;
    }
    const h = r.req.headers;
    if (
      found.key.endsWith('.html') &&
      dataSaverOn(h['save-data'] as string | undefined, h.cookie as string | undefined)
    )
      return undefined;
    return files.fast(r, found.key, found.file);
  };

  return Object.assign(app, {
    fast,
    pageCache: files,
    /** The build whose landing pages have their best brotli form, once they have it (tests). */
    landingPagesReady: async () => {
      await warming;
      await files.refined();
      return warmedBuild && basename(warmedBuild);
    },
  });
}

const DEALER = '(/dealer/[a-z0-9-]+)?';

/** /pre-owned/{make}/{model}/{id}: the vehicle page shell. */
function usedVehicleShell(path: string): string | null {
  const m = new RegExp(`^${DEALER}/pre-owned/[a-z0-9-]+/[a-z0-9-]+/\\d{1,12}/?$`).exec(path);
  return m ? `${m[1] ?? ''}/pre-owned/vehicle/` : null;
}

/**
 * /pre-owned/{make}/{model}/{id}/enquire[/thank-you]: the enquiry form shell (for cars added after
 * the build), or the one thank-you page every car's enquiry ends on (none is pre-built per car).
 */
function usedEnquiryShell(path: string): string | null {
  const m = new RegExp(`^${DEALER}/pre-owned/[a-z0-9-]+/[a-z0-9-]+/\\d{1,12}/enquire(/thank-you)?/?$`).exec(
    path,
  );
  return m ? `${m[1] ?? ''}/pre-owned/vehicle/enquire/${m[2] ? 'thank-you/' : ''}` : null;
}

/** /pre-owned/{make}[/{model}]: the listing, whose island reads make and model from the address. */
function usedListingShell(path: string): string | null {
  const m = new RegExp(`^${DEALER}/pre-owned/[a-z0-9-]+(/[a-z0-9-]+)?/?$`).exec(path);
  return m ? `${m[1] ?? ''}/pre-owned/` : null;
}
