// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';

// The site is pre-built from the API at API_URL (see scripts/build.ts); PUBLIC_SITE_URL is its public origin.
export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), sitemap({ filter: (page) => !/\/thank-you\/?$/.test(page) })],
  server: { port: 4321 },
  vite: { build: { assetsInlineLimit: 2048 } },
});
