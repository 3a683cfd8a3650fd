/**
 * The builds' bookkeeping: rows in `builds`, directories under buildsDir and, when builds are shared
 * between instances, their copies in the store, kept in step. Which build is live is the `site_live` row
 * (live.ts); `makeLive` flips it and the build rows in one transaction, for publish and rollback alike,
 * then switches this instance's link at once when it holds the build (the others follow).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BuildsTable, BuildTrigger } from '../db/schema-builds.ts';
import type { BlobStore } from '../media/storage.ts';
import { newBuildId, pruneBuilds } from './build.ts';
import { buildStored, removeStoredBuild } from './build-files.ts';
import { currentBuildId, publish } from './current-link.ts';
import type { LiveBuild } from './live.ts';

export type BuildRow = Selectable<BuildsTable>;

/** A refusal the API turns into a problem response (404 unknown build, 409 wrong state). */
export class PublishError extends Error {
  readonly status: 404 | 409;
  constructor(status: 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

const now = () => new Date().toISOString();

export function createBuildStore(
  db: Kysely<Database>,
  buildsDir: string,
  live?: LiveBuild,
  /** Where builds are shared with other instances; unset: this machine's disk only. */
  shared?: BlobStore,
) {
  const get = (id: string) => db.selectFrom('builds').selectAll().where('id', '=', id).executeTakeFirst();
  const mustGet = async (id: string) => {
    const row = await get(id);
    if (!row) throw new PublishError(404, `Build '${id}' was not found.`);
    return row;
  };
  const setRow = (id: string, values: Partial<BuildRow>) =>
    db.updateTable('builds').set(values).where('id', '=', id).execute();
  const onDisk = (id: string) => existsSync(join(buildsDir, id, 'index.html'));
  /** On this disk, or complete in the shared store (any instance can then serve it). */
  const available = async (id: string) => onDisk(id) || (!!shared && (await buildStored(shared, id)));
  const currentId = () => live?.id() ?? currentBuildId(buildsDir);
  const removeFiles = async (id: string) => {
    rmSync(join(buildsDir, id), { recursive: true, force: true });
    if (shared) await removeStoredBuild(shared, id);
  };

  /** The build that was live before the current one: latest published_at before the current's. */
  async function rollbackTarget(): Promise<BuildRow | undefined> {
    const cur = currentId();
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

  return {
    get,
    mustGet,
    currentId,
    onDisk,
    available,
    rollbackTarget,
    outDir: (id: string) => join(buildsDir, id),
    /** The newest build that succeeded and is still on disk (published or not). */
    newestSucceeded: () =>
      db
        .selectFrom('builds')
        .selectAll()
        .where('status', 'in', ['succeeded', 'published'])
        .where('pruned_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    list: (limit = 50) => db.selectFrom('builds').selectAll().orderBy('id', 'desc').limit(limit).execute(),

    /** A new queued build row; `inserted` resolves once it is stored. */
    queue(trigger: BuildTrigger, publishIt: boolean, startedBy: string | null = null) {
      const id = newBuildId();
      const inserted = db
        .insertInto('builds')
        .values({
          id,
          status: 'queued',
          trigger,
          coalesced: 0,
          auto_publish: publishIt ? 1 : 0,
          queued_at: now(),
          started_by: startedBy,
        })
        .execute();
      return { id, inserted };
    },
    /** One more trigger folded into queued build `id`. */
    coalesce: (id: string, publishIt: boolean) =>
      db
        .updateTable('builds')
        .set((eb) => ({ coalesced: eb('coalesced', '+', 1), auto_publish: publishIt ? 1 : 0 }))
        .where('id', '=', id)
        .execute(),
    started: (id: string) => setRow(id, { status: 'building', started_at: now(), pages_written: 0 }),
    /** Pages a running build has written so far. */
    progress: (id: string, pages: number) =>
      db
        .updateTable('builds')
        .set({ pages_written: pages })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .execute(),
    succeeded: (id: string, durationMs: number, pages: number | null = null) =>
      setRow(id, { status: 'succeeded', finished_at: now(), duration_ms: durationMs, pages }),
    /** The failed build's files go; its row keeps the error. */
    failed(id: string, error: string, durationMs: number) {
      rmSync(join(buildsDir, id), { recursive: true, force: true });
      return setRow(id, { status: 'failed', error, finished_at: now(), duration_ms: durationMs });
    },

    /**
     * Serves build `id`: switches the link atomically, then marks it published and the previous one
     * succeeded, in one transaction. `stamp` sets published_at (a publish); a rollback keeps it, so a
     * second rollback walks one step further back.
     */
    async makeLive(id: string, opts: { stamp: boolean }): Promise<BuildRow> {
      const published_at = opts.stamp ? now() : undefined;
      await db.transaction().execute(async (trx) => {
        if (live) {
          const from =
            (
              await trx
                .selectFrom('site_live')
                .select('build_id')
                .where('name', '=', 'site')
                .executeTakeFirst()
            )?.build_id ?? null;
          if (!(await live.flip(from, id, trx)))
            throw new PublishError(
              409,
              'Another instance changed the live build at the same moment; try again.',
            );
        }
        await trx
          .updateTable('builds')
          .set({ status: 'succeeded' })
          .where('status', '=', 'published')
          .execute();
        await trx
          .updateTable('builds')
          .set(published_at ? { status: 'published', published_at } : { status: 'published' })
          .where('id', '=', id)
          .execute();
      });
      if (onDisk(id)) publish(buildsDir, id);
      if (live) void live.sync();
      return mustGet(id);
    },

    async discard(id: string): Promise<BuildRow> {
      const row = await mustGet(id);
      if (row.status === 'discarded') return row;
      if (id === currentId())
        throw new PublishError(409, `Build '${id}' is live; publish another build or roll back first.`);
      if (row.status === 'queued' || row.status === 'building')
        throw new PublishError(409, `Build '${id}' is ${row.status}; discard it once it has finished.`);
      await removeFiles(id);
      await setRow(id, { status: 'discarded', pruned_at: now() });
      return mustGet(id);
    },

    /**
     * Keeps the newest `keep` builds plus the live one, the rollback target and previews newer than
     * live. Returns the removed ids.
     */
    async prune(keep: number): Promise<string[]> {
      const cur = currentId();
      const previews = await db
        .selectFrom('builds')
        .select('id')
        .where('status', '=', 'succeeded')
        .where('published_at', 'is', null)
        .where('pruned_at', 'is', null)
        .execute();
      const protect = [cur, (await rollbackTarget())?.id]
        .concat(previews.map((p) => p.id).filter((p) => !cur || p > cur))
        .filter((x): x is string => !!x);
      const removed = pruneBuilds(buildsDir, keep, protect);
      if (shared) {
        // Builds other instances made are in the store only: the rows say which to let go.
        const kept = await db
          .selectFrom('builds')
          .select('id')
          .where('status', 'in', ['succeeded', 'published'])
          .where('pruned_at', 'is', null)
          .orderBy('id', 'desc')
          .execute();
        for (const { id } of kept.slice(keep))
          if (!protect.includes(id) && !removed.includes(id)) removed.push(id);
        for (const id of removed) await removeFiles(id);
      }
      if (removed.length)
        await db.updateTable('builds').set({ pruned_at: now() }).where('id', 'in', removed).execute();
      return removed;
    },

    /** Builds left queued or building by a stopped process are failed. */
    failInterrupted: () =>
      db
        .updateTable('builds')
        .set({
          status: 'failed',
          error: 'interrupted: the server stopped before the build finished',
          finished_at: now(),
        })
        .where('status', 'in', ['queued', 'building'])
        .execute(),
  };
}
