/**
 * The back office bundle (docs/decisions/080-admin-app.md): src/admin built on its own, served by the
 * Hono server at /admin from dist/admin. Separate from Astro's build, so none of it reaches public pages.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/admin',
  base: '/admin/',
  publicDir: false,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: process.env.ADMIN_DIST ? `${process.cwd()}/${process.env.ADMIN_DIST}` : '../../dist/admin',
    emptyOutDir: true,
    // The admin is a back-office app on staff machines; one chunk per vendor group keeps caching useful.
    chunkSizeWarningLimit: 3000,
    sourcemap: false,
  },
});
