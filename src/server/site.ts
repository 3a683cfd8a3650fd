/**
 * Serves the published static build (/uploads: routes/uploads.ts). The build directory is the one the `current` link
 * names (publish/current-link.ts): publishing renames that link, which switches the following requests
 * to the new build, and no request ever sees a half-written site. A hashed asset (`/_astro/…`) the
 * current build lacks is looked for in the builds kept before it, so a page opened before a publish keeps
 * its scripts and styles (docs/decisions/223-several-instances.md).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { createStaticFiles } from './http/static-files.ts';
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

export function siteRoutes(opts: {
  buildsDir: string;
  /** A hashed asset of a build not on this disk yet, from the shared store (publish/live.ts). */
  storedAsset?: (path: string) => Promise<{ data: Buffer; build: string } | null>;
}) {
  const app = new Hono();
  const files = createStaticFiles();
  const oldAssets = createStaticFiles({ maxBytes: 32 * 1024 * 1024 });
  const older = olderBuilds(opts.buildsDir);

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const dir = currentBuildDir(opts.buildsDir);
    if (!dir) return c.text('The site has not been built yet. Run `npm run build`.', 503);
    const found = files.lookup(dir, c.req.path);
    if (found) return files.respond(c, found.key, found.file);
    if (c.req.path.startsWith('/_astro/'))
      for (const before of older(dir)) {
        const old = oldAssets.lookup(before, c.req.path);
        if (old) return oldAssets.respond(c, old.key, old.file);
      }
    if (c.req.path.startsWith('/_astro/') && opts.storedAsset) {
      // A page another instance served from a build this one is still mirroring.
      const stored = await opts.storedAsset(c.req.path.slice(1)).catch(() => null);
      if (stored)
        return c.body(new Uint8Array(stored.data), 200, {
          'Content-Type': getMimeType(c.req.path) ?? 'application/octet-stream',
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Site-Build': stored.build,
          'X-Content-Type-Options': 'nosniff',
        });
    }

    // Used stock changes between builds: a car (or make, or model) added since the last build has no
    // pre-built page, so its address gets the shell page that loads it from the API by its address
    // (and says so plainly when it is sold or unknown).
    const shellPath =
      usedVehicleShell(c.req.path) ?? usedEnquiryShell(c.req.path) ?? usedListingShell(c.req.path);
    const shell = shellPath ? files.lookup(dir, shellPath) : null;
    if (shell) return files.respond(c, shell.key, shell.file, { cacheControl: 'no-cache' });

    const page404 = files.lookup(dir, '/404.html');
    if (page404)
      return files.respond(c, page404.key, page404.file, { status: 404, cacheControl: 'no-store' });
    return c.text('Not found', 404);
  });
  return app;
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
