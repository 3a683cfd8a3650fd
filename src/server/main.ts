/**
 * One process: migrate, seed when empty, serve /api, /uploads and the published site.
 * Builds the site first when there is no published build. Stops cleanly on SIGTERM/SIGINT.
 */
import { serve } from '@hono/node-server';
import { prepare } from './boot.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './log.ts';
import { buildAndPublish } from './publish/build.ts';
import { createServerApp } from './server.ts';
import { currentBuildDir } from './site.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const { deps, destroy } = await prepare(config, logger);
const app = createServerApp(deps, logger);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info('listening', { url: `http://localhost:${info.port}`, database: deps.dialect });
});

if (!currentBuildDir(config.buildsDir) && process.env.SKIP_BUILD !== '1') {
  logger.info('no published build yet: building the site from this server’s API');
  buildAndPublish({ apiUrl: `http://127.0.0.1:${config.port}`, buildsDir: config.buildsDir, logger }).catch(
    (err) => logger.error('first build failed', { error: String(err) }),
  );
}

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  // Stop accepting connections, let in-flight requests finish, then close the database.
  server.close(async () => {
    await destroy();
    logger.info('stopped');
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
