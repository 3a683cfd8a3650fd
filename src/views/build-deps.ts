/**
 * Build-time bookkeeping for partial builds (docs/decisions/130-fast-builds.md): which route is being
 * rendered (an AsyncLocalStorage set by src/middleware.ts for pages and by route-kit.ts for
 * getStaticPaths), each section of data a route reads, recorded into the file the build names, and
 * which routes this build renders at all.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { buildDepsFile, buildRoutes, type Section, UNKNOWN_ROUTE } from '../config/build-sections.ts';

/** The route pattern (e.g. `/[...site]/special-offers/[slug]`) whose page or paths are being made. */
export const currentRoute = new AsyncLocalStorage<string>();

const depsFile = buildDepsFile();
const recorded = new Set<string>();

/**
 * Lines go to the file in batches, and the rest when the build process exits: a line per page appended
 * on its own (open, write, close) cost a 26,000-page build seconds of file system calls.
 */
const pending: string[] = [];
function flush(): void {
  if (!depsFile || !pending.length) return;
  appendFileSync(depsFile, pending.join(''));
  pending.length = 0;
}
function append(line: string): void {
  pending.push(`${line}\n`);
  if (pending.length >= 1000) flush();
}
if (depsFile) process.once('exit', flush);

/** Notes that the current route reads `section` (once per route and section). */
export function recordUse(section: Section): void {
  if (!depsFile) return;
  const line = `${currentRoute.getStore() ?? UNKNOWN_ROUTE}\t${section}`;
  if (recorded.has(line)) return;
  recorded.add(line);
  append(line);
}

const only = buildRoutes();
const routes = only ? new Set(only) : null;

/** Whether this build renders the route: every route, unless the build was given a list (partial). */
export const rendersRoute = (routePattern: string): boolean => !routes || routes.has(routePattern);

/** Notes that the current route made the page at `pathname` (the middleware, once per page). */
export function recordPage(pathname: string): void {
  if (!depsFile) return;
  append(`${currentRoute.getStore() ?? UNKNOWN_ROUTE}\t@${pathname}`);
}
