// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { modulePreload } from './src/build/module-preload.ts';
import { siteOrigin } from './src/lib/build-sections.ts';
import { SITE_CSP_DIRECTIVES } from './src/lib/content-security-policy.ts';

// The site is pre-built from the API at API_URL (see scripts/build.ts); PUBLIC_SITE_URL is its public origin.
export default defineConfig({
  site: siteOrigin(),
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // The sitemap is written by the build step from the finished build (src/server/publish/partial.ts),
  // so a partial build's sitemap is as complete as a full one's.
  // modulePreload: each page preloads its scripts' static imports (src/build/module-preload.ts).
  integrations: [react(), modulePreload()],
  // An enforced, strict CSP: Astro hashes every script and style it emits (src/lib/content-security-policy.ts).
  security: { csp: { algorithm: 'SHA-256', directives: SITE_CSP_DIRECTIVES } },
  server: { port: 4321 },
  vite: { build: { assetsInlineLimit: 2048 } },
});
