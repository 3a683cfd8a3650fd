/**
 * `npm run build`: build the static site from the API at API_URL into a new build directory and
 * publish it, after building the admin app (/admin) when its sources changed. Without API_URL, the embedded API is started on a free local port for the build.
 */
import { serve } from '@hono/node-server';
import { loadConfig } from '../src/config/server.ts';
import { demoSeeder } from '../src/demo/seed.ts';
import { createApi } from '../src/server/app.ts';
import { prepare } from '../src/server/boot.ts';
import { createLogger } from '../src/server/log.ts';
import { buildAndPublish } from '../src/server/publish/build.ts';
import { ensureAdminBuilt } from './admin-build.ts';

await ensureAdminBuilt();
const config = loadConfig();
const logger = createLogger(config.logLevel, 'build');
let apiUrl = process.env.API_URL;
let stop = async () => {};

if (!apiUrl) {
  const { deps, destroy } = await prepare(config, logger, { seed: demoSeeder });
  const server = await new Promise<ReturnType<typeof serve>>((ok) => {
    const s = serve({ fetch: createApi(deps).fetch, port: 0, hostname: '127.0.0.1' }, () => ok(s));
  });
  const address = server.address();
  apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  stop = async () => {
    server.close();
    await destroy();
  };
}

try {
  const id = await buildAndPublish({ apiUrl, buildsDir: config.buildsDir, logger });
  console.log(`published build ${id}`);
} catch (err) {
  logger.error('build failed', { error: String(err) });
  process.exitCode = 1;
} finally {
  await stop();
}
