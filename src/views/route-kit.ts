/**
 * The one way a page gets its static paths. Every route file lives once under src/pages/[...site]/,
 * and its `site` rest parameter is undefined for the group site at the root or `dealer/{siteName}` for
 * each dealer (SPEC §2, docs/decisions/035-one-route-tree.md). A route describes its entries for one
 * site context; `eachSite` repeats them for every site. A page reads its context from
 * `Astro.locals.siteCtx`, which src/middleware.ts sets from the `site` parameter.
 */
import type { GetStaticPathsOptions, GetStaticPathsResult } from 'astro';
import { withDealer } from '../domain/urls.ts';
import { currentRoute, rendersRoute } from './build-deps.ts';
import { data } from './data.ts';
import { dealerCtx, rootCtx, type SiteCtx } from './site.ts';

export interface Entry<P> {
  params: Record<string, string>;
  props: P;
}
export type PathsFor<P> = (ctx: SiteCtx) => Promise<Entry<P>[]>;

/** Every site a page is built for: the group site, then each dealer's site. */
async function allSites(): Promise<SiteCtx[]> {
  return [await rootCtx(), ...(await data.dealers()).map(dealerCtx)];
}

/** The `site` rest parameter of a context: undefined at the root, 'dealer/{siteName}' for a dealer. */
function siteParam(ctx: SiteCtx): string | undefined {
  return ctx.site ? withDealer('/', ctx.site).slice(1) : undefined;
}

/**
 * getStaticPaths for a route: its entries for every site. A
 * partial build renders only the routes it names (build-deps.ts): any other route has no pages and
 * loads nothing; the server keeps that route's files from the previous build.
 */
export function eachSite<P extends object>(pathsFor: PathsFor<P>) {
  return async ({ routePattern }: GetStaticPathsOptions) =>
    currentRoute.run(routePattern, async () => {
      const out: { params: Record<string, string | undefined>; props: P & Record<string, unknown> }[] = [];
      if (!rendersRoute(routePattern)) return out;
      for (const ctx of await allSites()) {
        for (const e of await pathsFor(ctx)) {
          out.push({
            params: { ...e.params, site: siteParam(ctx) },
            props: e.props as P & Record<string, unknown>,
          });
        }
      }
      return out satisfies GetStaticPathsResult;
    });
}

/** A page without parameters of its own. */
export const single = eachSite(async () => [{ params: {}, props: {} }]);
