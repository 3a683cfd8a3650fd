/**
 * One process: migrate, seed when empty (with the seeder the entry script passes: scripts/start.ts),
 * serve /api, /uploads and the published site. Builds the site first when there is no published
 * build. Stops cleanly on SIGTERM/SIGINT.
 */
import { serve } from '@hono/node-server';
import { ensureFirstAdmin } from './auth/staff.ts';
import { prepare, type Seeder } from './boot.ts';
import { loadConfig } from './config.ts';
import { withLeadTables } from './db/schema-leads.ts';
import { startDigest } from './leads/digest.ts';
import { startRetention } from './leads/retention.ts';
import { startLeadWorker } from './leads/worker.ts';
import { createLogger } from './log.ts';
import { startOrphanSweep } from './media/photos.ts';
import { storeOf } from './media/storage.ts';
import { createCoordinator } from './publish/coordinator.ts';
import { currentBuildDir } from './publish/current-link.ts';
import { startSchedule } from './publish/schedule.ts';
import { purgeRevisions } from './revisions/purge.ts';
import { createServerApp } from './server.ts';

export async function startServer(opts: { seed?: Seeder } = {}): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { deps, destroy } = await prepare(config, logger, opts);
  // Rebuilds (schedule, webhook, editor changes) go through one coordinator (docs/decisions/020-publishing.md).
  const publishing = createCoordinator({
    db: deps.db,
    buildsDir: config.buildsDir,
    apiUrl: `http://127.0.0.1:${config.port}`,
    logger,
    autoPublish: config.publishing.autoPublish,
    keep: config.publishing.keepBuilds,
    debounceMs: config.publishing.debounceMs,
  });
  deps.publishing = publishing;
  await publishing.recover();
  const stopSchedule = startSchedule(publishing, { ...config.publishing, logger });
  if (config.publishing.editorToken)
    logger.warn(
      'EDITOR_TOKEN is deprecated: create an API key per integration in /admin (docs/decisions/061-machine-access.md)',
    );
  if (config.staff.secretIsDev) logger.warn('AUTH_SECRET is not set: using the development secret');
  await ensureFirstAdmin(deps, logger);
  if (!config.publishing.rebuildSecret)
    logger.warn('REBUILD_SECRET is not set: the rebuild webhook answers 503');
  const app = createServerApp(deps, logger);
  // Each sweep first purges items deleted longer ago than DELETED_RETENTION_DAYS, then keeps the photo
  // files the remaining revisions name.
  const stopSweep = startOrphanSweep(deps.db, storeOf(deps), logger, undefined, () =>
    purgeRevisions(deps.db, config.revisions.retentionDays),
  );
  if (config.leads.encryptionKeyIsDev)
    logger.warn('LEAD_ENCRYPTION_KEY is not set: using the development key');
  const leadWorker = config.leads.worker ? startLeadWorker(deps, logger) : undefined;
  const stopRetention = startRetention(withLeadTables(deps.db), {
    ...config.leads.retention,
    dataDir: config.dataDir,
    logger,
  });
  const stopDigest = startDigest(deps, logger);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('listening', { url: `http://localhost:${info.port}`, database: deps.dialect });
  });

  if (!currentBuildDir(config.buildsDir) && process.env.SKIP_BUILD !== '1') {
    logger.info('no published build yet: building the site from this server’s API');
    publishing
      .trigger('first-start')
      .catch((err) => logger.error('first build failed', { error: String(err) }));
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Stop accepting connections, let in-flight requests finish, then close the database.
    server.close(async () => {
      await leadWorker?.stop();
      stopSchedule();
      stopRetention();
      stopDigest();
      stopSweep();
      await publishing.stop();
      await destroy();
      logger.info('stopped');
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
