/**
 * Runs at build time only (the site is static): sets the page's site context (Astro.locals.siteCtx,
 * from its route's `site` parameter) and renders each page inside its route's context, so the
 * data it reads, and the page itself, are recorded against its route (src/views/build-deps.ts,
 * partial builds); then defers the page's scripts to after its largest paint (src/build/deferred-scripts.ts:
 * here, as the page is rendered, because rewriting every written page afterwards cost a large build
 * many seconds of file reads and writes), cuts its stylesheet to the rules that may match
 * (src/build/unused-css.ts), moves its islands' long props to a file beside it (src/build/island-props.ts),
 * and narrows its CSP to the hashes of what it holds inline
 * (src/build/page-csp.ts). `astro dev` serves its own scripts, so it skips that step.
 */
import { defineMiddleware } from 'astro:middleware';
import { CLIENT_BUILD_FILE, ISLAND_PROPS_DIR, PAGE_LOADER } from 'virtual:deferred-scripts';
import { writeIslandProps } from './build/island-props.ts';
import { clientBuildReader, finishPage } from './build/page-scripts.ts';
import { currentRoute, recordPage } from './views/build-deps.ts';
import { siteCtxOf } from './views/site.ts';

const clientBuild = clientBuildReader(CLIENT_BUILD_FILE);
const keepProps = (pathname: string, props: string) => writeIslandProps(ISLAND_PROPS_DIR, pathname, props);

export const onRequest = defineMiddleware((context, next) =>
  currentRoute.run(context.routePattern, async () => {
    recordPage(context.url.pathname);
    context.locals.siteCtx = await siteCtxOf(context.params.site);
    const response = await next();
    return import.meta.env.DEV
      ? response
      : finishPage(response, PAGE_LOADER, clientBuild, { pathname: context.url.pathname, keepProps });
  }),
);
