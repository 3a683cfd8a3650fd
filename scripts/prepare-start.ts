// What `npm start` does before its server runs (scripts/start.mjs), in a process of its own so that
// neither Vite's memory (decision 295) nor the compiler's stays in the server: build the admin app when
// its sources changed, and compile the server.
import { ensureAdminBuilt } from './admin-build.ts';
import { buildServer } from './server-build.ts';

await ensureAdminBuilt();
await buildServer();
