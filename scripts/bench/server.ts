/** The real server for the benchmark: migrated, seeded, built once under data/bench, then served. */
import { serve } from '@hono/node-server';
import { demoSeeder } from '../../src/demo/seed.ts';
import { prepare } from '../../src/server/boot.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/log.ts';
import { buildAndPublish } from '../../src/server/publish/build.ts';
import { createServerApp } from '../../src/server/server.ts';
import { currentBuildDir } from '../../src/server/site.ts';

const config = loadConfig();
const logger = createLogger('error');
const { deps } = await prepare(config, logger, { seed: demoSeeder });
const app = createServerApp(deps, createLogger('silent'));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, async (info) => {
  if (!currentBuildDir(config.buildsDir)) {
    await buildAndPublish({ apiUrl: `http://127.0.0.1:${info.port}`, buildsDir: config.buildsDir, logger });
  }
  process.send?.({ port: info.port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
