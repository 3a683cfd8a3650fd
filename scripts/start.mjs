// `npm start`: builds the admin app when its sources changed and compiles the server, in a child
// process (scripts/prepare-start.ts), then runs the compiled server in this one: migrate, seed the demo
// data when empty, build the site when unbuilt, and serve on PORT (4321). Plain JavaScript, so this
// process never loads Node's TypeScript stripper (docs/decisions/347-server-runs-compiled.md).
import { spawnSync } from 'node:child_process';

const prepared = spawnSync(process.execPath, ['scripts/prepare-start.ts'], { stdio: 'inherit' });
if (prepared.status !== 0) {
  const why = prepared.error?.message ?? `exit ${prepared.status ?? prepared.signal}`;
  console.error(`preparing the server failed (${why})`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import('../dist/server/serve.mjs');
