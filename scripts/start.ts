// `npm start`: migrate, seed the demo data when empty, build when unbuilt, and serve on PORT (4321).
import { demoSeeder } from '../src/demo/seed.ts';
import { startServer } from '../src/server/main.ts';

await startServer({ seed: demoSeeder });
