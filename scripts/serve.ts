// The server `npm start` runs, compiled into dist/server/serve.mjs (scripts/server-build.ts) and run by
// scripts/start.mjs: migrate, seed the demo data when empty, build the site when unbuilt, and serve.
import { demoSeeder } from '../src/demo/seed.ts';
import { startServer } from '../src/server/main.ts';

await startServer({ seed: demoSeeder });
