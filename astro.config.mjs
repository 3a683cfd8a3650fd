// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { SITE_CSP_DIRECTIVES } from './src/lib/content-security-policy.ts';

// The site is pre-built from the API at API_URL (see scripts/build.ts); PUBLIC_SITE_URL is its public origin.
export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), sitemap({ filter: (page) => !/\/thank-you\/?$/.test(page) })],
  // An enforced, strict CSP: Astro hashes every script and style it emits (src/lib/content-security-policy.ts).
  security: { csp: { algorithm: 'SHA-256', directives: SITE_CSP_DIRECTIVES } },
  server: { port: 4321 },
  vite: { build: { assetsInlineLimit: 2048 } },
});
