/**
 * The parts that let several instances share one database (docs/decisions/223-several-instances.md),
 * on real databases, real directories and a real store: the scheduler's once-per-occurrence claim and
 * take-over, the live build row and its followers (mirror, check, switch), the static server's
 * X-Site-Build and the hashed assets of earlier builds, /healthz and /readyz, the upload body timeout
 * and the configuration check. The whole thing on three processes behind HAProxy is tests/cluster/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/server.ts';
import { createScheduler, type Scheduler } from '../../src/server/jobs/scheduler.ts';
import { createLogger } from '../../src/server/log.ts';
import { localStore } from '../../src/server/media/local-store.ts';
import { uploadBuild } from '../../src/server/publish/build-files.ts';
import { currentBuildId, publish } from '../../src/server/publish/current-link.ts';
import { createLiveBuild, type LiveBuild } from '../../src/server/publish/live.ts';
import { createServerApp } from '../../src/server/server.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';

const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(25);
  }
}

/** A small site: a page naming its build and a hashed script only that build has. */
function writeSite(buildsDir: string, id: string) {
  const dir = join(buildsDir, id);
  mkdirSync(join(dir, '_astro'), { recursive: true });
  mkdirSync(join(dir, 'about'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<h1>${id}</h1><script src="/_astro/app.${id}.js"></script>`);
  writeFileSync(join(dir, 'about', 'index.html'), '<h1>About us</h1>');
  writeFileSync(join(dir, '404.html'), '<h1>Not found</h1>');
  mkdirSync(join(dir, 'contact-us'), { recursive: true });
  writeFileSync(
    join(dir, 'contact-us', 'index.html'),
    '<form data-lead-form="enquiry" method="post"><input name="form_name" value="contact"><input name="first_name"></form>',
  );
  writeFileSync(join(dir, '_astro', `app.${id}.js`), `console.log(${JSON.stringify(id)})`);
  return dir;
}

describe('configuration check', () => {
  it('names every missing production setting at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/PUBLIC_SITE_URL is required in production/);
    expect(message).toMatch(/AUTH_SECRET is required in production/);
    expect(message).toMatch(/LEAD_ENCRYPTION_KEY is required in production/);
  });

  it('names a partial set of S3 settings beside the missing production settings', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', S3_BUCKET: 'site-files', S3_REGION: 'af-south-1' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(
      /S3_BUCKET is set but S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing/,
    );
    expect(message).toMatch(/AUTH_SECRET is required in production/);
    expect(message).toMatch(/PUBLIC_SITE_URL is required in production/);
  });
});

describe.each(ENGINES)('on %s', (engine) => {
  let api: TestApi;
  let root: string;
  const schedulers: Scheduler[] = [];
  const followers: LiveBuild[] = [];
  beforeAll(async () => {
    api = await openTestApi(engine, { UPLOAD_TIMEOUT: '300ms' });
  });
  afterEach(async () => {
    for (const s of schedulers.splice(0)) await s.stop(0);
    for (const f of followers.splice(0)) await f.stop();
    rmSync(root, { recursive: true, force: true });
  });
  afterAll(() => api.close());
  const fresh = () => {
    root = mkdtempSync(join(tmpdir(), 'sdg-cluster-parts-'));
    return root;
  };

  /**
   * The last occurrence of a daily job at `hour` UTC: an unfinished occurrence is taken over only within a
   * day of its time (scheduler.ts), so a fixed date would stop these tests working the day after.
   */
  const lastDailyUtc = (hour: number) => {
    const at = new Date();
    at.setUTCHours(hour, 0, 0, 0);
    if (at.getTime() > Date.now()) at.setUTCDate(at.getUTCDate() - 1);
    return at;
  };

  describe('scheduler', () => {
    const scheduler = () => {
      const s = createScheduler(api.deps.db, logger, { leaseMs: 5000, sweepMs: 100 });
      schedulers.push(s);
      return s;
    };

    it('runs an occurrence on one instance only, however many reach for it', async () => {
      fresh();
      let runs = 0;
      const job = { name: `once-${engine}`, cron: '0 0 1 1 *', timezone: 'Africa/Johannesburg' };
      const [a, b, c] = [scheduler(), scheduler(), scheduler()];
      for (const s of [a, b, c])
        s.add({
          ...job,
          run: async () => {
            runs++;
            await sleep(50);
          },
        });
      const due = new Date('2026-11-27T00:00:00.000Z');
      const outcomes = await Promise.all([a, b, c].map((s) => s.claimAndRun(job.name, due)));
      expect(outcomes.sort()).toEqual(['ran', 'taken', 'taken']);
      expect(runs).toBe(1);
      const row = await api.deps.db
        .selectFrom('schedule_runs')
        .selectAll()
        .where('job', '=', job.name)
        .executeTakeFirstOrThrow();
      expect(row.finished_at).not.toBeNull();
      expect(row.error).toBeNull();
      // The next occurrence is its own.
      expect(await b.claimAndRun(job.name, new Date('2026-11-28T00:00:00.000Z'))).toBe('ran');
      expect(runs).toBe(2);
    });

    it('finishes, on another instance, an occurrence whose instance died holding it', async () => {
      fresh();
      const name = `takeover-${engine}`;
      // 02:00 in Johannesburg (00:00 UTC), the last one: within the day a take-over still reaches.
      const due = lastDailyUtc(0).toISOString();
      // An instance claimed it and died: its lease ran out without the occurrence finishing.
      await api.deps.db
        .insertInto('schedule_runs')
        .values({ job: name, due_at: due, owner: 'dead-instance', lease_until: Date.now() - 1, attempts: 1 })
        .execute();
      const done: string[] = [];
      const survivors = [scheduler(), scheduler()];
      for (const s of survivors)
        s.add({
          name,
          cron: '0 2 * * *',
          timezone: 'Africa/Johannesburg',
          run: async () => {
            done.push('run');
          },
        });
      await until(async () => {
        const row = await api.deps.db
          .selectFrom('schedule_runs')
          .select('finished_at')
          .where('job', '=', name)
          .executeTakeFirst();
        return !!row?.finished_at;
      });
      await sleep(300); // a second take-over would have happened by now
      expect(done).toEqual(['run']);
      const row = await api.deps.db
        .selectFrom('schedule_runs')
        .selectAll()
        .where('job', '=', name)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
    });

    it('gives an unfinished occurrence back when stopping, so another instance runs it at once', async () => {
      fresh();
      const name = `give-back-${engine}`;
      const due = lastDailyUtc(3);
      const ran: string[] = [];
      const a = scheduler();
      a.add({
        name,
        cron: '0 3 * * *',
        timezone: 'UTC',
        run: async (signal) => {
          ran.push('a');
          await new Promise((ok) => signal.addEventListener('abort', ok));
        },
      });
      const b = scheduler();
      void a.claimAndRun(name, due);
      await until(() => ran.length === 1);
      await a.stop(50);
      b.add({
        name,
        cron: '0 3 * * *',
        timezone: 'UTC',
        run: async () => {
          ran.push('b');
        },
      });
      await until(() => ran.includes('b'));
      expect(ran).toEqual(['a', 'b']);
    });
  });

  describe('live build', () => {
    const follower = (buildsDir: string, store = localStore(join(root, 'store'))) => {
      mkdirSync(buildsDir, { recursive: true });
      const live = createLiveBuild({
        db: api.deps.db,
        dialect: api.deps.dialect,
        databaseUrl: api.deps.config.databaseUrl,
        buildsDir,
        store,
        logger,
        keep: 3,
        pollMs: 50,
      });
      followers.push(live);
      return live;
    };
    const resetLive = () => api.deps.db.deleteFrom('site_live').execute();

    it('mirrors the build the row names, checks it, and only then serves it', async () => {
      fresh();
      await resetLive();
      const store = localStore(join(root, 'store'));
      const builder = join(root, 'a');
      const first = writeSite(builder, '20261127-000000-000-aaaa');
      await uploadBuild(store, '20261127-000000-000-aaaa', first);
      const a = follower(builder, store);
      const b = follower(join(root, 'b'), store);
      await Promise.all([a.start(), b.start()]);
      expect(b.ready()).toBe(false);
      expect(await a.flip(null, '20261127-000000-000-aaaa')).toBe(true);
      await until(() => currentBuildId(join(root, 'b')) === '20261127-000000-000-aaaa');
      expect(b.ready()).toBe(true);
      expect(readFileSync(join(root, 'b', 'current', 'index.html'), 'utf8')).toContain('aaaa');

      // A second build, with a file tampered with in the store: B refuses it and keeps the first.
      const second = writeSite(builder, '20261127-000001-000-bbbb');
      await uploadBuild(store, '20261127-000001-000-bbbb', second);
      const [script] = (await store.list('builds/20261127-000001-000-bbbb/')).filter(
        (o) => !o.key.endsWith('manifest.json'),
      );
      const original = await store.get(script?.key as string);
      await store.put(script?.key as string, Buffer.from('tampered'));
      // Compare-and-set: a flip from a build that is no longer live changes nothing.
      expect(await a.flip('20261127-000009-000-zzzz', '20261127-000001-000-bbbb')).toBe(false);
      expect(await a.flip('20261127-000000-000-aaaa', '20261127-000001-000-bbbb')).toBe(true);
      await b.sync();
      expect(currentBuildId(join(root, 'b'))).toBe('20261127-000000-000-aaaa');
      expect(b.ready()).toBe(true);
      // Repaired: the next look mirrors it.
      await store.put(script?.key as string, original as Buffer);
      await until(() => currentBuildId(join(root, 'b')) === '20261127-000001-000-bbbb');
      expect(readFileSync(join(root, 'b', 'current', 'index.html'), 'utf8')).toContain('bbbb');
      // Rollback is a flip too.
      expect(await a.flip('20261127-000001-000-bbbb', '20261127-000000-000-aaaa')).toBe(true);
      await until(() => currentBuildId(join(root, 'b')) === '20261127-000000-000-aaaa');
    });

    it('serves every page with X-Site-Build, and the hashed assets of the build before', async () => {
      fresh();
      const buildsDir = join(root, 'builds');
      writeSite(buildsDir, '20261127-000000-000-aaaa');
      writeSite(buildsDir, '20261127-000001-000-bbbb');
      publish(buildsDir, '20261127-000000-000-aaaa');
      const app = createServerApp(
        { ...api.deps, config: { ...api.deps.config, buildsDir, uploadsDir: join(root, 'uploads') } },
        logger,
      );
      const page = await app.request('/about/');
      expect(page.status).toBe(200);
      expect(page.headers.get('X-Site-Build')).toBe('20261127-000000-000-aaaa');
      publish(buildsDir, '20261127-000001-000-bbbb');
      const after = await app.request('/');
      expect(after.headers.get('X-Site-Build')).toBe('20261127-000001-000-bbbb');
      // The data-saver form of a page, the 404 page and a form post answered with its page say so too.
      const saver = await app.request('/about/', { headers: { 'Save-Data': 'on' } });
      expect(saver.status).toBe(200);
      expect(saver.headers.get('X-Site-Build')).toBe('20261127-000001-000-bbbb');
      const missing = await app.request('/no-such-page/');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('X-Site-Build')).toBe('20261127-000001-000-bbbb');
      const posted = await app.request('/contact-us/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'form_name=contact&first_name=',
      });
      expect(posted.status).toBe(422);
      expect(await posted.text()).toContain('data-lead-form');
      expect(posted.headers.get('X-Site-Build')).toBe('20261127-000001-000-bbbb');
      // A page opened before the publish still gets its script.
      const old = await app.request('/_astro/app.20261127-000000-000-aaaa.js');
      expect(old.status).toBe(200);
      expect(await old.text()).toContain('aaaa');
      expect((await app.request('/_astro/app.never-built.js')).status).toBe(404);
      // Builds in the store are never a download.
      expect((await app.request('/uploads/builds/20261127-000001-000-bbbb/manifest.json')).status).toBe(404);
    });
  });

  describe('operations', () => {
    it('/healthz says alive; /readyz says ready only with a database and a build, and 503 with the reason', async () => {
      fresh();
      let reason: string | null = 'starting';
      const deps = { ...api.deps, readiness: () => reason };
      const app = createServerApp(deps, logger);
      expect((await app.request('/healthz')).status).toBe(200);
      const starting = await app.request('/readyz');
      expect(starting.status).toBe(503);
      expect(((await starting.json()) as { reason: string }).reason).toBe('starting');
      reason = null;
      expect((await app.request('/readyz')).status).toBe(200);
      reason = 'draining: this instance is shutting down';
      expect((await app.request('/readyz')).status).toBe(503);
    });

    it('answers a stalled upload body with 408, not a request that hangs', async () => {
      fresh();
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('--boundary\r\nContent-Disposition: form-data'));
          // …and nothing more: the client stalled.
        },
      });
      api.checkContract = false;
      try {
        const res = await api.fetch('/api/editor/vehicles/7/images', {
          method: 'POST',
          headers: { 'Content-Type': 'multipart/form-data; boundary=boundary' },
          body,
          duplex: 'half',
        } as RequestInit);
        expect(res.status).toBe(408);
        expect(res.headers.get('Connection')).toBe('close');
        expect(((await res.json()) as { detail: string }).detail).toMatch(/stopped arriving/);
      } finally {
        api.checkContract = true;
      }
    });
  });
});
