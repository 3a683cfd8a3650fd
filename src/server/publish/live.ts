/**
 * Which build is live is a database fact (docs/decisions/223-several-instances.md): one row in
 * `site_live`, changed only by compare-and-set (`flip`). Every instance follows it: on PostgreSQL a
 * NOTIFY wakes the others at once, and a poll every second is the fallback (and all SQLite needs). When
 * the row names a build this instance does not hold, it mirrors it from the shared store and checks it
 * (build-files.ts), then switches its own `current` link; until then it serves the previous complete
 * build. The local link stays what the static file server reads: a switch costs a rename, as before.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import type { BlobStore } from '../media/storage.ts';
import { pruneBuilds } from './build.ts';
import {
  type BuildFiles,
  mirrorBuild,
  readStoredManifest,
  removeIncoming,
  storedFileKey,
} from './build-files.ts';
import { currentBuildId, publish } from './current-link.ts';

const CHANNEL = 'site_live';

export interface LiveBuild {
  /** The live build as the database last said (null: nothing published through the database yet). */
  id: () => string | null;
  /** Compare-and-set: makes `to` live if `from` still is; false when another instance changed it first. */
  flip: (from: string | null, to: string, db?: Kysely<Database>) => Promise<boolean>;
  /** Reads the row now and follows it (after a flip in this process, or when woken). */
  sync: () => Promise<void>;
  /** A complete build is served (the live one, or the one before it while the live one is mirrored). */
  ready: () => boolean;
  /**
   * A hashed asset (`_astro/…`) of the live build or the one before it, from the store: for a page
   * another instance served from a build this one has not mirrored yet. Null when there is none.
   */
  asset: (path: string) => Promise<{ data: Buffer; build: string } | null>;
  /**
   * Makes stored build `id` present on this disk (a preview asked for it: the builder may have been
   * another instance). True when it is here, complete and checked; false when the store has no complete
   * build of that id, or there is no shared store. Concurrent asks share one copy.
   */
  mirror: (id: string) => Promise<boolean>;
  /** First sync, then NOTIFY and polling. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export function createLiveBuild(opts: {
  db: Kysely<Database>;
  dialect: Dialect;
  databaseUrl: string;
  buildsDir: string;
  /** Where builds are shared; unset (one machine on SQLite): the builder's own directory is served. */
  store?: BlobStore;
  logger: Logger;
  /** Local builds kept (the served one and the ones before it, whose hashed assets old pages still ask for). */
  keep: number;
  pollMs?: number;
}): LiveBuild {
  const { db, logger, buildsDir } = opts;
  const pollMs = opts.pollMs ?? 1000;
  let dbLive: string | null = null;
  /** The row's value this instance last acted on: a build published on this disk by other means stays. */
  let followed: string | null = null;
  /** The live build last found missing here (logged once). */
  let lost: string | null = null;
  let syncing: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let listener: { end: () => Promise<void> } | undefined;
  let stopped = false;

  const manifests = new Map<string, Promise<BuildFiles | null>>();
  const manifestOf = (id: string) => {
    let m = manifests.get(id);
    if (!m) {
      m = readStoredManifest(opts.store as BlobStore, id).catch(() => null);
      manifests.set(id, m);
      if (manifests.size > 4) manifests.delete(manifests.keys().next().value as string);
    }
    return m;
  };

  /** Mirrors of non-live builds (previews) under way, so concurrent asks share one copy. */
  const previews = new Map<string, Promise<boolean>>();

  const read = async () =>
    (await db.selectFrom('site_live').select('build_id').where('name', '=', 'site').executeTakeFirst())
      ?.build_id ?? null;

  /** The local builds, newest first, that files can be reused from. */
  const localBuilds = () =>
    readdirSync(buildsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort()
      .reverse();

  async function follow(): Promise<void> {
    const want = await read();
    dbLive = want;
    if (!want || want === followed) return;
    if (want === currentBuildId(buildsDir)) {
      followed = want;
      return;
    }
    if (!existsSync(join(buildsDir, want, 'index.html'))) {
      if (!opts.store) {
        // Said once per build, not at every poll.
        if (lost !== want)
          logger.error('the live build is not on this machine and no shared store is configured', {
            id: want,
          });
        lost = want;
        return;
      }
      const started = performance.now();
      const r = await mirrorBuild(opts.store, want, buildsDir, localBuilds().slice(0, 2));
      logger.info('live build mirrored', { id: want, ...r, ms: Math.round(performance.now() - started) });
    }
    const before = currentBuildId(buildsDir);
    publish(buildsDir, want);
    logger.info('serving build', { id: want, was: before });
    followed = want;
    pruneBuilds(
      buildsDir,
      opts.keep,
      [want, before].filter((x): x is string => !!x),
    );
  }

  async function sync(): Promise<void> {
    if (syncing) {
      again = true;
      return syncing;
    }
    syncing = (async () => {
      do {
        again = false;
        await follow().catch((err) => logger.warn('following the live build failed', { error: String(err) }));
      } while (again && !stopped);
    })().finally(() => {
      syncing = null;
    });
    return syncing;
  }

  /** A dedicated PostgreSQL session that LISTENs; on any error the poll carries on alone. */
  async function listen(): Promise<void> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5000 });
    client.on('notification', () => void sync());
    client.on('error', (err) => {
      logger.warn('live build notifications lost; polling', { error: err.message });
      listener = undefined;
      client.end().catch(() => {});
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }

  const poll = () => {
    timer = setTimeout(async () => {
      if (stopped) return;
      await sync();
      if (opts.dialect === 'postgres' && !listener) await listen().catch(() => {}); // still down: the poll goes on
      if (!stopped) poll();
    }, pollMs);
    timer.unref();
  };

  return {
    id: () => dbLive,
    async flip(from, to, trx = db) {
      const changed_at = new Date().toISOString();
      let ok: boolean;
      if (from === null) {
        const r = await trx
          .insertInto('site_live')
          .values({ name: 'site', build_id: to, previous_id: null, changed_at })
          .onConflict((oc) => oc.column('name').doNothing())
          .executeTakeFirst();
        ok = Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
      } else {
        const r = await trx
          .updateTable('site_live')
          .set({ build_id: to, previous_id: from, changed_at })
          .where('name', '=', 'site')
          .where('build_id', '=', from)
          .executeTakeFirst();
        ok = Number(r.numUpdatedRows) === 1;
      }
      // Delivered when the transaction commits, and only then.
      if (ok && opts.dialect === 'postgres') await sql`select pg_notify(${CHANNEL}, ${to})`.execute(trx);
      return ok;
    },
    sync,
    async asset(path) {
      if (!opts.store || !path.startsWith('_astro/')) return null;
      const row = await db
        .selectFrom('site_live')
        .select(['build_id', 'previous_id'])
        .where('name', '=', 'site')
        .executeTakeFirst();
      for (const id of [row?.build_id, row?.previous_id]) {
        if (!id) continue;
        const entry = (await manifestOf(id))?.files[path];
        if (!entry) continue;
        const data = await opts.store.get(storedFileKey(id, entry.sha256));
        if (data) return { data, build: id };
      }
      return null;
    },
    mirror(id) {
      if (existsSync(join(buildsDir, id, 'index.html'))) return Promise.resolve(true);
      const store = opts.store;
      if (!store) return Promise.resolve(false);
      let under = previews.get(id);
      if (!under) {
        under = (async () => {
          if (!(await readStoredManifest(store, id).catch(() => null))) return false;
          const started = performance.now();
          const r = await mirrorBuild(store, id, buildsDir, localBuilds().slice(0, 2));
          logger.info('build mirrored for a preview', {
            id,
            ...r,
            ms: Math.round(performance.now() - started),
          });
          return true;
        })()
          .catch((err) => {
            // Mirrored meanwhile as the live build (the same rename lost the race): it is here all the same.
            if (existsSync(join(buildsDir, id, 'index.html'))) return true;
            logger.warn('mirroring a build for a preview failed', { id, error: String(err) });
            return false;
          })
          .finally(() => previews.delete(id));
        previews.set(id, under);
      }
      return under;
    },
    ready: () => !!currentBuildId(buildsDir) && existsSync(join(buildsDir, 'current', 'index.html')),
    async start() {
      removeIncoming(buildsDir);
      // One machine on SQLite: its own disk is the truth at start, as it always was (a site built with
      // `npm run build` beside it has no row); the row is followed from its next change on.
      if (opts.dialect === 'sqlite' && currentBuildId(buildsDir)) followed = dbLive = await read();
      else await sync();
      if (opts.dialect === 'postgres')
        await listen().catch((err) =>
          logger.warn('live build notifications unavailable; polling', { error: String(err) }),
        );
      poll();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await listener?.end().catch(() => {});
      await syncing;
    },
  };
}
