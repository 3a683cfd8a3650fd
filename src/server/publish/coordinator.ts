/**
 * The rebuild coordinator (docs/decisions/020-publishing.md, 041-publish-coordinator-parts.md): one
 * build at a time; triggers that arrive while a build is queued or running coalesce into ONE follow-up
 * build; every build is a row in `builds`; a failed build never touches the live site; a successful one
 * is published when its trigger asks for it (AUTO_PUBLISH) or waits as a preview. Across instances on
 * one database a lease row makes sure only one builds at a time. It composes the parts: lease.ts,
 * queue.ts, debounce.ts and build-store.ts (rows and directories, and the one makeLive).
 */

import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { SECTION_OF_RESOURCE, type Section } from '../../config/build-sections.ts';
import type { Database } from '../db/schema.ts';
import type { BuildTrigger } from '../db/schema-builds.ts';
import type { Logger } from '../log.ts';
import type { BlobStore } from '../media/storage.ts';
import { buildSite, type PartialBase } from './build.ts';
import { storedPageManifest, uploadBuild } from './build-files.ts';
import { type BuildRow, createBuildStore, PublishError } from './build-store.ts';
import { currentBuildId } from './current-link.ts';
import { createDebounce } from './debounce.ts';
import { createLease } from './lease.ts';
import type { LiveBuild } from './live.ts';
import { type PageManifest, readManifest, writeManifest } from './manifest.ts';
import { pagesWritten } from './progress.ts';
import { createQueue, type Job } from './queue.ts';

export { type BuildRow, PublishError };

/**
 * Writes a complete site into outDir, or throws. The real one runs `astro build`; tests inject a fake.
 * With `base`, only the given sections changed since that build: the builder may re-render just what
 * reads them and take the rest from it (docs/decisions/130-fast-builds.md).
 */
export type Builder = (job: {
  id: string;
  outDir: string;
  apiUrl: string;
  signal: AbortSignal;
  base?: PartialBase;
}) => Promise<Record<string, number> | undefined>;

export interface CoordinatorOptions {
  db: Kysely<Database>;
  buildsDir: string;
  apiUrl: string;
  logger: Logger;
  autoPublish: boolean;
  keep: number;
  debounceMs: number;
  builder?: Builder;
  /** Lease length and how often a waiting instance retries (multi-instance). */
  leaseMs?: number;
  leasePollMs?: number;
  /** The live build row every instance follows (live.ts); unset: this disk's link alone. */
  live?: LiveBuild;
  /** Where finished builds are put for the other instances (build-files.ts); unset: not shared. */
  shared?: BlobStore;
  /** How often a running build's page count is written to its row (the Builds screen on any instance). */
  progressMs?: number;
}

export interface Coordinator {
  /** Queues a build, or folds the trigger into the one already queued (`coalesced: true`). */
  trigger: (
    trigger: BuildTrigger,
    opts?: { publish?: boolean; by?: string },
  ) => Promise<{ build: BuildRow; coalesced: boolean }>;
  /**
   * Content changed: trigger a 'content' build once no further change arrived for debounceMs. The
   * resource (an editor resource, or 'stock') lets that build re-render only what reads it; without
   * one, or for a resource of no known section, the build is a full one. `by` names who changed it
   * (the builds list's "started by").
   */
  contentChanged: (resource?: string, by?: string) => void;
  publish: (id: string) => Promise<BuildRow>;
  discard: (id: string) => Promise<BuildRow>;
  rollback: () => Promise<BuildRow>;
  list: (limit?: number) => Promise<BuildRow[]>;
  get: (id: string) => Promise<BuildRow | undefined>;
  currentId: () => string | null;
  /** The build this instance serves now (the live one, or the one before while the live one is mirrored). */
  servedId: () => string | null;
  buildsDir: string;
  /**
   * Build `id`'s page manifest: written by the builder beside its builds, or, for a build another
   * instance made, read from the shared store. Null when neither has it.
   */
  pageManifest: (id: string) => Promise<PageManifest | null>;
  /** Marks builds left queued/building by a crashed process as failed (when no instance holds the lease). */
  recover: () => Promise<void>;
  /** Resolves when nothing is queued, debouncing or building. */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
}

const astroBuilder: Builder = ({ outDir, apiUrl, signal, base }) =>
  buildSite({ apiUrl, outDir, signal, base });

/** Who starts a build that no person or key asked for. */
const STARTED_BY: Partial<Record<BuildTrigger, string>> = {
  schedule: 'scheduler',
  webhook: 'webhook',
  'first-start': 'server start',
};

export function createCoordinator(opts: CoordinatorOptions): Coordinator {
  const { logger } = opts;
  const buildsDir = resolve(opts.buildsDir);
  const builder = opts.builder ?? astroBuilder;
  const abort = new AbortController();
  mkdirSync(buildsDir, { recursive: true });
  const store = createBuildStore(opts.db, buildsDir, opts.live, opts.shared);
  const lease = createLease(opts.db, { leaseMs: opts.leaseMs, pollMs: opts.leasePollMs });
  let stopped = false;
  /**
   * What changed since `lastBuilt` (the last build this process finished): sections, or 'all'. The
   * first build of a process, any trigger but content, and the build after a failure are full ones.
   */
  let changed: Set<Section> | 'all' = 'all';
  let lastBuilt: string | null = null;

  /** The build to start from, when a partial build is safe: ours, the newest that succeeded, on disk. */
  async function partialBase(scope: Set<Section> | 'all'): Promise<PartialBase | undefined> {
    if (scope === 'all' || !lastBuilt || !store.onDisk(lastBuilt)) return undefined;
    // Another instance may have built since (shared database): only the newest build is a base.
    if ((await store.newestSucceeded())?.id !== lastBuilt) return undefined;
    return { dir: store.outDir(lastBuilt), changed: [...scope].sort() };
  }

  async function run(job: Job) {
    const outDir = store.outDir(job.id);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const scope = changed;
    changed = new Set();
    const base = await partialBase(scope);
    await store.started(job.id);
    logger.info('build started', { id: job.id, changed: base ? base.changed : 'all' });
    let steps: Record<string, number> = {};
    const stopRenewing = lease.keepAlive((err) =>
      logger.warn('build lease renewal failed', { error: String(err) }),
    );
    const progress = setInterval(() => {
      store
        .progress(job.id, pagesWritten(job.id, outDir))
        .catch((err) => logger.warn('build progress not recorded', { error: String(err) }));
    }, opts.progressMs ?? 2000);
    try {
      steps = (await builder({ id: job.id, outDir, apiUrl: opts.apiUrl, signal: abort.signal, base })) ?? {};
      if (!existsSync(join(outDir, 'index.html'))) throw new Error('the build produced no index.html');
      clearInterval(progress);
      if (opts.shared) await uploadBuild(opts.shared, job.id, outDir);
    } catch (err) {
      changed = 'all'; // what this build should have shown is still to be built
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      await store.failed(job.id, error, elapsed());
      logger.error('build failed; the live site is unchanged', { id: job.id, error });
      return;
    } finally {
      clearInterval(progress);
      stopRenewing();
    }
    const duration = elapsed();
    lastBuilt = job.id;
    // The page manifest lets the admin show what a build changes against live; a build without one
    // is still a good build (the screen then says its changes are unknown).
    const pages = await writeManifest(buildsDir, job.id, outDir).catch((err) => {
      logger.warn('page manifest not written', { id: job.id, error: String(err) });
      return null;
    });
    await store.succeeded(job.id, duration, pages);
    logger.info('build succeeded', { id: job.id, seconds: duration / 1000, publish: job.publish, ...steps });
    if (job.publish) await publish(job.id);
    const removed = await store.prune(opts.keep);
    if (removed.length) logger.info('old builds removed', { removed });
  }

  const queue = createQueue({
    run,
    acquire: lease.acquire,
    release: lease.release,
    onError: (job, err) => logger.error('build bookkeeping failed', { id: job.id, error: String(err) }),
  });

  async function trigger(trigger: BuildTrigger, o: { publish?: boolean; by?: string } = {}) {
    if (stopped) throw new PublishError(409, 'The server is shutting down; no builds are started.');
    const wants = o.publish ?? (trigger === 'first-start' || opts.autoPublish);
    if (trigger !== 'content') changed = 'all'; // webhook, schedule, manual: anything may have changed
    const waiting = queue.pending();
    if (waiting) {
      waiting.publish ||= wants;
      await waiting.inserted;
      await store.coalesce(waiting.id, waiting.publish);
      return { build: await store.mustGet(waiting.id), coalesced: true };
    }
    const { id, inserted } = store.queue(trigger, wants, o.by ?? STARTED_BY[trigger] ?? null);
    queue.push({ id, publish: wants, inserted });
    await inserted;
    logger.info('build queued', { id, trigger });
    // The answer shows the build as queued; the runner starts once it has been read.
    const build = await store.mustGet(id);
    queue.start();
    return { build, coalesced: false };
  }

  /** Serves a succeeded build and stamps its publication time. */
  async function publish(id: string): Promise<BuildRow> {
    const row = await store.mustGet(id);
    if (!['succeeded', 'published'].includes(row.status))
      throw new PublishError(409, `Build '${id}' is ${row.status}; only a succeeded build can be published.`);
    if (row.pruned_at || !(await store.available(id)))
      throw new PublishError(409, `Build '${id}' is no longer on disk; start a new build.`);
    const live = await store.makeLive(id, { stamp: true });
    logger.info('build published', { id });
    return live;
  }

  /** Serves the build that was live before the current one, keeping its publication time. */
  async function rollback(): Promise<BuildRow> {
    const target = await store.rollbackTarget();
    if (!target || !(await store.available(target.id)))
      throw new PublishError(409, 'There is no earlier published build to roll back to.');
    const live = await store.makeLive(target.id, { stamp: false });
    logger.info('rolled back', { to: target.id });
    return live;
  }

  // Who changed content since the last 'content' trigger: that build's "started by".
  const editors = new Set<string>();
  const debounce = createDebounce(() => {
    const by = [...editors].join(', ') || undefined;
    editors.clear();
    return trigger('content', { by }).catch((err) =>
      logger.error('content rebuild could not be queued', { error: String(err) }),
    );
  }, opts.debounceMs);

  return {
    trigger,
    contentChanged: (resource?: string, by?: string) => {
      if (stopped) return;
      if (by) editors.add(by);
      const section = resource ? SECTION_OF_RESOURCE[resource] : undefined;
      if (!section) changed = 'all';
      else if (changed !== 'all') changed.add(section);
      debounce.poke();
    },
    publish,
    discard: store.discard,
    rollback,
    list: store.list,
    get: store.get,
    currentId: store.currentId,
    servedId: () => currentBuildId(buildsDir),
    pageManifest: async (id) =>
      readManifest(buildsDir, id) ??
      (opts.shared ? await storedPageManifest(opts.shared, id).catch(() => null) : null),
    buildsDir,
    async recover() {
      if (await lease.held()) return; // another instance is building right now
      await store.failInterrupted();
    },
    async idle() {
      do {
        await debounce.settled();
        await queue.drained();
      } while (debounce.busy() || queue.busy());
    },
    async stop() {
      stopped = true;
      debounce.cancel();
      lease.stop();
      abort.abort();
      await queue.stop();
    },
  };
}
