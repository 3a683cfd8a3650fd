/**
 * The rebuild coordinator (docs/decisions/020-publishing.md): one build at a time; triggers that
 * arrive while a build is queued or running coalesce into ONE follow-up build; every build is a row
 * in `builds`; a failed build never touches the live site; a successful one is published when its
 * trigger asks for it (AUTO_PUBLISH) or waits as a preview. Across instances on one database a lease
 * row makes sure only one builds at a time.
 */

import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BuildsTable, BuildTrigger } from '../db/schema-builds.ts';
import type { Logger } from '../log.ts';
import { buildSite, currentBuildId, newBuildId, pruneBuilds, publish } from './build.ts';

export type BuildRow = Selectable<BuildsTable>;

/** Writes a complete site into outDir, or throws. The real one runs `astro build`; tests inject a fake. */
export type Builder = (job: {
  id: string;
  outDir: string;
  apiUrl: string;
  signal: AbortSignal;
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
}

/** A refusal the API turns into a problem response (404 unknown build, 409 wrong state). */
export class PublishError extends Error {
  readonly status: 404 | 409;
  constructor(status: 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

export interface Coordinator {
  /** Queues a build, or folds the trigger into the one already queued (`coalesced: true`). */
  trigger: (
    trigger: BuildTrigger,
    opts?: { publish?: boolean },
  ) => Promise<{ build: BuildRow; coalesced: boolean }>;
  /** Content changed: trigger a 'content' build once no further change arrived for debounceMs. */
  contentChanged: () => void;
  publish: (id: string) => Promise<BuildRow>;
  discard: (id: string) => Promise<BuildRow>;
  rollback: () => Promise<BuildRow>;
  list: (limit?: number) => Promise<BuildRow[]>;
  get: (id: string) => Promise<BuildRow | undefined>;
  currentId: () => string | null;
  buildsDir: string;
  /** Marks builds left queued/building by a crashed process as failed (when no instance holds the lease). */
  recover: () => Promise<void>;
  /** Resolves when nothing is queued, debouncing or building. */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
}

const LEASE = 'site';
const now = () => new Date().toISOString();
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export const astroBuilder: Builder = ({ outDir, apiUrl, signal }) => buildSite({ apiUrl, outDir, signal });

export function createCoordinator(opts: CoordinatorOptions): Coordinator {
  const { db, logger } = opts;
  const buildsDir = resolve(opts.buildsDir);
  const builder = opts.builder ?? astroBuilder;
  const leaseMs = opts.leaseMs ?? 60_000;
  const leasePollMs = opts.leasePollMs ?? 2_000;
  const instance = randomUUID();
  const abort = new AbortController();
  mkdirSync(buildsDir, { recursive: true });

  let pending: { id: string; publish: boolean; inserted: Promise<unknown> } | null = null;
  let running: Promise<void> | null = null;
  let buildingId: string | null = null;
  let debounce: NodeJS.Timeout | null = null;
  let debounced: Promise<unknown> | null = null;
  let debouncedDone: (v?: unknown) => void = () => {};
  let stopped = false;

  const get = (id: string) => db.selectFrom('builds').selectAll().where('id', '=', id).executeTakeFirst();
  const mustGet = async (id: string) => {
    const row = await get(id);
    if (!row) throw new PublishError(404, `Build '${id}' was not found.`);
    return row;
  };

  async function acquireLease(): Promise<boolean> {
    await db
      .insertInto('build_leases')
      .values({ name: LEASE, owner: null, expires_at: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    while (!stopped) {
      const t = Date.now();
      const r = await db
        .updateTable('build_leases')
        .set({ owner: instance, expires_at: t + leaseMs })
        .where('name', '=', LEASE)
        .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '=', instance), eb('expires_at', '<', t)]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) return true;
      await sleep(leasePollMs);
    }
    return false;
  }
  const releaseLease = () =>
    db
      .updateTable('build_leases')
      .set({ owner: null, expires_at: 0 })
      .where('name', '=', LEASE)
      .where('owner', '=', instance)
      .execute();

  async function runOne(job: { id: string; publish: boolean }) {
    const outDir = join(buildsDir, job.id);
    const started = performance.now();
    buildingId = job.id;
    await db
      .updateTable('builds')
      .set({ status: 'building', started_at: now() })
      .where('id', '=', job.id)
      .execute();
    logger.info('build started', { id: job.id });
    let steps: Record<string, number> = {};
    const renew = setInterval(() => {
      db.updateTable('build_leases')
        .set({ expires_at: Date.now() + leaseMs })
        .where('name', '=', LEASE)
        .where('owner', '=', instance)
        .execute()
        .catch((err) => logger.warn('build lease renewal failed', { error: String(err) }));
    }, leaseMs / 3);
    try {
      steps = (await builder({ id: job.id, outDir, apiUrl: opts.apiUrl, signal: abort.signal })) ?? {};
      if (!existsSync(join(outDir, 'index.html'))) throw new Error('the build produced no index.html');
    } catch (err) {
      rmSync(outDir, { recursive: true, force: true });
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      const duration = Math.round(performance.now() - started);
      await db
        .updateTable('builds')
        .set({ status: 'failed', error, finished_at: now(), duration_ms: duration })
        .where('id', '=', job.id)
        .execute();
      logger.error('build failed; the live site is unchanged', { id: job.id, error });
      return;
    } finally {
      clearInterval(renew);
      buildingId = null;
    }
    const duration = Math.round(performance.now() - started);
    await db
      .updateTable('builds')
      .set({ status: 'succeeded', finished_at: now(), duration_ms: duration })
      .where('id', '=', job.id)
      .execute();
    logger.info('build succeeded', { id: job.id, seconds: duration / 1000, publish: job.publish, ...steps });
    if (job.publish) await publishBuild(job.id);
    await prune();
  }

  async function loop() {
    while (pending && !stopped) {
      const job = pending;
      await job.inserted;
      if (!(await acquireLease())) return;
      // From here on, new triggers queue a follow-up build instead of joining this one.
      pending = null;
      try {
        await runOne(job);
      } catch (err) {
        logger.error('build bookkeeping failed', { id: job.id, error: String(err) });
      } finally {
        await releaseLease().catch(() => {});
      }
    }
  }
  function kick() {
    if (running || stopped) return;
    running = loop().finally(() => {
      running = null;
      if (pending && !stopped) kick();
    });
  }

  async function trigger(trigger: BuildTrigger, o: { publish?: boolean } = {}) {
    if (stopped) throw new PublishError(409, 'The server is shutting down; no builds are started.');
    const wants = o.publish ?? (trigger === 'first-start' || opts.autoPublish);
    if (pending) {
      const p = pending;
      p.publish ||= wants;
      await p.inserted;
      await db
        .updateTable('builds')
        .set((eb) => ({ coalesced: eb('coalesced', '+', 1), auto_publish: p.publish ? 1 : 0 }))
        .where('id', '=', p.id)
        .execute();
      return { build: await mustGet(p.id), coalesced: true };
    }
    const id = newBuildId();
    const row = {
      id,
      status: 'queued' as const,
      trigger,
      coalesced: 0,
      auto_publish: wants ? 1 : 0,
      queued_at: now(),
    };
    const inserted = db.insertInto('builds').values(row).execute();
    pending = { id, publish: wants, inserted };
    await inserted;
    logger.info('build queued', { id, trigger });
    kick();
    return { build: await mustGet(id), coalesced: false };
  }

  /** Switches the served build atomically, then records it. The link on disk is the truth. */
  async function publishBuild(id: string): Promise<BuildRow> {
    const row = await mustGet(id);
    if (!['succeeded', 'published'].includes(row.status))
      throw new PublishError(409, `Build '${id}' is ${row.status}; only a succeeded build can be published.`);
    if (row.pruned_at || !existsSync(join(buildsDir, id, 'index.html')))
      throw new PublishError(409, `Build '${id}' is no longer on disk; start a new build.`);
    publish(buildsDir, id);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('builds')
        .set({ status: 'succeeded' })
        .where('status', '=', 'published')
        .execute();
      await trx
        .updateTable('builds')
        .set({ status: 'published', published_at: at })
        .where('id', '=', id)
        .execute();
    });
    logger.info('build published', { id });
    return mustGet(id);
  }

  /** The build that was live before the current one: latest published_at before the current's. */
  async function rollbackTarget(): Promise<BuildRow | undefined> {
    const cur = currentBuildId(buildsDir);
    const curRow = cur ? await get(cur) : undefined;
    let q = db
      .selectFrom('builds')
      .selectAll()
      .where('published_at', 'is not', null)
      .where('pruned_at', 'is', null)
      .where('status', '=', 'succeeded');
    if (cur) q = q.where('id', '!=', cur);
    if (curRow?.published_at) q = q.where('published_at', '<', curRow.published_at);
    return q.orderBy('published_at', 'desc').limit(1).executeTakeFirst();
  }

  async function rollback(): Promise<BuildRow> {
    const target = await rollbackTarget();
    if (!target || !existsSync(join(buildsDir, target.id, 'index.html')))
      throw new PublishError(409, 'There is no earlier published build to roll back to.');
    // Rollback keeps published_at as it was, so a second rollback walks one step further back.
    publish(buildsDir, target.id);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('builds')
        .set({ status: 'succeeded' })
        .where('status', '=', 'published')
        .execute();
      await trx.updateTable('builds').set({ status: 'published' }).where('id', '=', target.id).execute();
    });
    logger.info('rolled back', { to: target.id });
    return mustGet(target.id);
  }

  async function discard(id: string): Promise<BuildRow> {
    const row = await mustGet(id);
    if (row.status === 'discarded') return row;
    if (id === currentBuildId(buildsDir))
      throw new PublishError(409, `Build '${id}' is live; publish another build or roll back first.`);
    if (row.status === 'queued' || row.status === 'building')
      throw new PublishError(409, `Build '${id}' is ${row.status}; discard it once it has finished.`);
    rmSync(join(buildsDir, id), { recursive: true, force: true });
    await db
      .updateTable('builds')
      .set({ status: 'discarded', pruned_at: now() })
      .where('id', '=', id)
      .execute();
    return mustGet(id);
  }

  /** Keeps the newest `keep` builds plus the live one, the rollback target and previews newer than live. */
  async function prune() {
    const cur = currentBuildId(buildsDir);
    const previews = await db
      .selectFrom('builds')
      .select('id')
      .where('status', '=', 'succeeded')
      .where('published_at', 'is', null)
      .where('pruned_at', 'is', null)
      .execute();
    const protect = [cur, buildingId, (await rollbackTarget())?.id]
      .concat(previews.map((p) => p.id).filter((p) => !cur || p > cur))
      .filter((x): x is string => !!x);
    const removed = pruneBuilds(buildsDir, opts.keep, protect);
    if (removed.length) {
      await db.updateTable('builds').set({ pruned_at: now() }).where('id', 'in', removed).execute();
      logger.info('old builds removed', { removed });
    }
  }

  async function recover() {
    const t = Date.now();
    const lease = await db
      .selectFrom('build_leases')
      .selectAll()
      .where('name', '=', LEASE)
      .executeTakeFirst();
    if (lease?.owner && lease.expires_at > t) return; // another instance is building right now
    await db
      .updateTable('builds')
      .set({
        status: 'failed',
        error: 'interrupted: the server stopped before the build finished',
        finished_at: now(),
      })
      .where('status', 'in', ['queued', 'building'])
      .execute();
  }

  function contentChanged() {
    if (stopped) return;
    if (debounce) clearTimeout(debounce);
    if (!debounced)
      debounced = new Promise((ok) => {
        debouncedDone = ok;
      });
    debounce = setTimeout(() => {
      debounce = null;
      trigger('content')
        .catch((err) => logger.error('content rebuild could not be queued', { error: String(err) }))
        .finally(() => {
          debounced = null;
          debouncedDone();
        });
    }, opts.debounceMs);
    debounce.unref();
  }

  async function idle() {
    for (;;) {
      if (debounced) await debounced;
      else if (running) await running;
      else if (pending) await pending.inserted.then(() => sleep(5));
      else return;
    }
  }

  async function stop() {
    stopped = true;
    if (debounce) clearTimeout(debounce);
    debouncedDone();
    abort.abort();
    await running?.catch(() => {});
  }

  return {
    trigger,
    contentChanged,
    publish: publishBuild,
    discard,
    rollback,
    list: (limit = 50) => db.selectFrom('builds').selectAll().orderBy('id', 'desc').limit(limit).execute(),
    get,
    currentId: () => currentBuildId(buildsDir),
    buildsDir,
    recover,
    idle,
    stop,
  };
}
