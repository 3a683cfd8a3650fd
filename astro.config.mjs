// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { deferredScripts } from './src/build/deferred-scripts.ts';
import { keptPageUrls, siteOrigin } from './src/config/build-sections.ts';
import { SITE_CSP_DIRECTIVES } from './src/config/content-security-policy.ts';
import { UNLISTED_PAGE } from './src/domain/urls.ts';

// The site is pre-built from the API at API_URL (see scripts/build.ts); PUBLIC_SITE_URL is its public origin.
export default defineConfig({
  site: siteOrigin(),
  output: 'static',
  trailingSlash: 'ignore',
  // Four pages render at a time: while one page's files are written (the thread pool), the next renders
  // (docs/decisions/198-islands-wait-for-the-paint-and-pages-are-rewritten-as-rendered.md, docs/performance.md).
  // Every stylesheet is inlined: nothing but the document then stands between a phone and its largest
  // picture, which takes the document's warm connection (docs/decisions/290-stylesheets-inline.md).
  build: { format: 'directory', concurrency: 4, inlineStylesheets: 'always' },
  // deferredScripts: each page's module scripts load after its largest paint, and `client:painted` islands
  // hydrate then (src/build/deferred-scripts.ts, with src/middleware.ts).
  // sitemap: every page but the unlisted ones (thank-you, saved, compare, used test drive) and 404; a
  // partial build renders some routes only, so it also lists the pages it keeps from the build before
  // (src/server/publish/partial.ts keptPages). 45,000 URLs a file, under the protocol's 50,000.
  integrations: [
    react(),
    deferredScripts(),
    sitemap({
      filter: (url) => !UNLISTED_PAGE.test(new URL(url).pathname),
      customPages: keptPageUrls(),
      entryLimit: 45_000,
    }),
  ],
  // An enforced, strict CSP: Astro hashes every script and style it emits (src/config/content-security-policy.ts);
  // deferredScripts adds the hash of the loader the middleware writes into each rendered page.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: SITE_CSP_DIRECTIVES,
    },
  },
  server: { port: 4321 },
  vite: { build: { assetsInlineLimit: 2048 } },
});
