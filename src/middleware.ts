/**
 * Runs at build time only (the site is static): renders each page inside its route's context, so the
 * data it reads, and the page itself, are recorded against its route (src/views/build-deps.ts,
 * partial builds).
 */
import { defineMiddleware } from 'astro:middleware';
import { currentRoute, recordPage } from './views/build-deps.ts';

export const onRequest = defineMiddleware((context, next) =>
  currentRoute.run(context.routePattern, () => {
    recordPage(context.url.pathname);
    return next();
  }),
);
