// `npm start`: build the admin app when its sources changed, then migrate, seed the demo data when
// empty, build the site when unbuilt, and serve on PORT (4321).
import { demoSeeder } from '../src/demo/seed.ts';
import { startServer } from '../src/server/main.ts';
import { ensureAdminBuilt } from './admin-build.ts';

await ensureAdminBuilt();
await startServer({ seed: demoSeeder });
