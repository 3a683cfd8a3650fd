// `npm start`: build the admin app when its sources changed (in a child process, so Vite's memory does
// not stay in the server), then migrate, seed the demo data when empty, build the site when unbuilt,
// and serve on PORT (4321).
import { demoSeeder } from '../src/demo/seed.ts';
import { startServer } from '../src/server/main.ts';
import { ensureAdminBuiltApart } from './admin-build.ts';

ensureAdminBuiltApart();
await startServer({ seed: demoSeeder });
