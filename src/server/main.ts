/**
 * One process: migrate, seed when empty (with the seeder the entry script passes: scripts/serve.ts),
 * serve /api, /uploads and the published site. Builds the site first when no build is live. Several
 * such processes can serve one PostgreSQL database (README "Running several instances"): they follow
 * one live build, share the schedules and drain on SIGTERM.
 */

import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config/server.ts';
import { ensureFirstAdmin } from './auth/staff.ts';
import { prepare, type Seeder } from './boot.ts';
import { isPostgresUrl, sqliteFileOf } from './db/client.ts';
import { holdInstanceLock } from './db/instance-lock.ts';
import { withLeadTables } from './db/schema-leads.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { orphanSweepJob } from './jobs/sweep.ts';
import { digestJob } from './leads/digest.ts';
import { retentionJob } from './leads/retention.ts';
import { startLeadWorker } from './leads/worker.ts';
import { createLogger } from './log.ts';
import { describeStorage, privateStoreOf, storeOf } from './media/stores.ts';
import { reduceWhenQuiet } from './memory/reduce-when-quiet.ts';
import { boundaryRebuildJob } from './publish/boundaries.ts';
import { createCoordinator } from './publish/coordinator.ts';
import { currentBuildDir } from './publish/current-link.ts';
import { createLiveBuild } from './publish/live.ts';
import { rebuildJob } from './publish/schedule.ts';
import { purgeRevisions } from './revisions/purge.ts';
import { createAppServer, createServerApp } from './server.ts';

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export async function startServer(opts: { seed?: Seeder } = {}): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const sqliteFile = isPostgresUrl(config.databaseUrl) ? undefined : sqliteFileOf(config.databaseUrl);
  const releaseLock = sqliteFile ? await holdInstanceLock(sqliteFile) : () => {};
  const { deps, destroy } = await prepare(config, logger, opts);
  let phase: 'starting' | 'serving' | 'draining' = 'starting';

  // Builds go to the shared store when other instances may serve them: on PostgreSQL. On SQLite there
  // is one instance, and the build's own directory is what it serves.
  const shared = deps.dialect === 'postgres' ? storeOf(deps) : undefined;
  const live = createLiveBuild({
    db: deps.db,
    dialect: deps.dialect,
    databaseUrl: config.databaseUrl,
    buildsDir: resolve(config.buildsDir),
    store: shared,
    logger,
    keep: config.publishing.keepBuilds,
    pollMs: config.liveBuildPollMs,
  });
  // Rebuilds (schedule, webhook, editor changes) go through one coordinator (docs/decisions/020-publishing.md).
  const publishing = createCoordinator({
    db: deps.db,
    buildsDir: config.buildsDir,
    apiUrl: `http://127.0.0.1:${config.port}`,
    logger,
    autoPublish: config.publishing.autoPublish,
    keep: config.publishing.keepBuilds,
    debounceMs: config.publishing.debounceMs,
    live,
    shared,
  });
  deps.publishing = publishing;
  deps.liveBuild = live;
  let drainAnswered = false;
  deps.readiness = () => {
    if (phase === 'draining') {
      drainAnswered = true;
      return 'draining: this instance is shutting down';
    }
    if (phase === 'starting') return 'starting';
    return live.ready() ? null : 'no complete build of the site is served yet';
  };
  await publishing.recover();
  if (config.publishing.editorToken)
    logger.warn(
      'EDITOR_TOKEN is deprecated: create an API key per integration in /admin (docs/decisions/061-machine-access.md)',
    );
  if (config.staff.secretIsDev) logger.warn('AUTH_SECRET is not set: using the development secret');
  await ensureFirstAdmin(deps, logger);
  if (!config.publishing.rebuildSecret)
    logger.warn('REBUILD_SECRET is not set: the rebuild webhook answers 503');
  const app = createServerApp(deps, logger);
  if (config.leads.encryptionKeyIsDev)
    logger.warn('LEAD_ENCRYPTION_KEY is not set: using the development key');
  const leadWorker = config.leads.worker ? startLeadWorker(deps, logger) : undefined;

  // Every schedule runs once per occurrence across the instances (jobs/scheduler.ts).
  const scheduler = createScheduler(deps.db, logger, { leaseMs: config.scheduleLeaseMs });
  scheduler.add(rebuildJob(publishing, config.publishing));
  scheduler.add(
    boundaryRebuildJob(deps.db, publishing, {
      schedule: config.publishing.boundarySchedule,
      timezone: config.publishing.timezone,
      clock: deps.clock,
    }),
  );
  scheduler.add(
    retentionJob(withLeadTables(deps.db), { ...config.leads.retention, files: privateStoreOf(deps), logger }),
  );
  const digest = digestJob(deps, logger);
  if (digest) scheduler.add(digest);
  // Each sweep first purges items deleted longer ago than DELETED_RETENTION_DAYS, then keeps the photo
  // files the remaining revisions name.
  scheduler.add(
    orphanSweepJob(deps.db, storeOf(deps), logger, config.publishing.timezone, () =>
      purgeRevisions(deps.db, config.revisions.retentionDays),
    ),
  );

  // The app behind its fast path, with its timeouts (server.ts createAppServer).
  const server = createAppServer(app, config.host);
  server.listen(config.port, config.host, () => {
    const info = server.address() as AddressInfo;
    logger.info('listening', {
      url: `http://localhost:${info.port}`,
      database: deps.dialect,
      files: describeStorage(config.storage),
    });
  });

  await live.start();
  phase = 'serving';
  // Another instance that started first may be building the first site already.
  const underway = await deps.db
    .selectFrom('builds')
    .select('id')
    .where('status', 'in', ['queued', 'building'])
    .executeTakeFirst();
  // The live build's files gone from this machine with no shared store to copy them from (its builds
  // folder deleted): build anew, as on a first start, rather than wait for files that will not come.
  const liveId = live.id();
  const liveLost = liveId !== null && !shared && !existsSync(join(config.buildsDir, liveId, 'index.html'));
  if ((!liveId || liveLost) && !underway && !currentBuildDir(config.buildsDir) && config.buildOnFirstStart) {
    logger.info('no published build yet: building the site from this server’s API');
    publishing
      .trigger('first-start')
      .catch((err) => logger.error('first build failed', { error: String(err) }));
  }

  // After a burst (a build, a rush of requests), the memory it needed goes back once the process is quiet.
  const stopReducing = reduceWhenQuiet({
    onReduced: ({ beforeBytes, afterBytes, ms }) =>
      logger.info('memory handed back while quiet', {
        rss_before_mb: Math.round(beforeBytes / 2 ** 20),
        rss_after_mb: Math.round(afterBytes / 2 ** 20),
        ms: Math.round(ms),
      }),
  });

  const shutdown = async (signal: string) => {
    if (phase === 'draining') return;
    phase = 'draining';
    const deadline = Date.now() + config.shutdownTimeoutMs;
    logger.info('draining', { signal, within_ms: config.shutdownTimeoutMs });
    setTimeout(() => {
      logger.error('shutdown took too long; exiting with work unfinished');
      logger.flush?.();
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // A load balancer that checks /readyz stops sending once it has seen the 503; wait for that (briefly).
    const waitUntil = Date.now() + Math.min(5000, config.shutdownTimeoutMs / 4);
    while (!drainAnswered && probedRecently() && Date.now() < waitUntil) await sleep(50);
    // Stop accepting connections; in-flight requests finish; idle keep-alive connections close.
    const closed = new Promise<void>((ok) => server.close(() => ok()));
    const idle = setInterval(() => server.closeIdleConnections(), 250);
    await closed;
    clearInterval(idle);
    const left = () => Math.max(0, deadline - Date.now() - 2000);
    stopReducing();
    await Promise.all([leadWorker?.stop(), scheduler.stop(left()), publishing.stop()]);
    await live.stop();
    await destroy();
    releaseLock();
    logger.info('stopped');
    logger.flush?.();
    process.exit(0);
  };
  // Whether a load balancer looks at /readyz (so draining should wait for it to see the 503).
  let lastProbe = 0;
  const probedRecently = () => Date.now() - lastProbe < 10_000;
  server.on('request', (req) => {
    if (req.url === '/readyz') lastProbe = Date.now();
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
