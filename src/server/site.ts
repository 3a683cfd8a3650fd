/**
 * Serves the published static build (/uploads: routes/uploads.ts). The build directory is the one the `current` link
 * names (publish/current-link.ts): publishing renames that link, which switches the following requests
 * to the new build, and no request ever sees a half-written site.
 */
import { Hono } from 'hono';
import { createStaticFiles } from './http/static-files.ts';
import { currentBuildDir } from './publish/current-link.ts';

export function siteRoutes(opts: { buildsDir: string }) {
  const app = new Hono();
  const files = createStaticFiles();

  app.on(['GET', 'HEAD'], '*', (c) => {
    const dir = currentBuildDir(opts.buildsDir);
    if (!dir) return c.text('The site has not been built yet. Run `npm run build`.', 503);
    const found = files.lookup(dir, c.req.path);
    if (found) return files.respond(c, found.key, found.file);

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
