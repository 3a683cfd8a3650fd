/**
 * Several instances on real parts (docs/decisions/223-several-instances.md): a fresh database on the
 * PostgreSQL server of the other tests, an S3 server started here (s3rver: it checks SigV4 signatures)
 * whose one bucket every instance uses through the S3_* variables, three server processes as `npm start`
 * runs them, each with its own DATA_DIR, and Debian's HAProxy in front, health-checking /readyz. All on 127.0.0.1,
 * bounded in count and time. A bounded reader fetches pages and their hashed assets through HAProxy
 * while builds are published and rolled back, an instance is drained, and all three are restarted one
 * at a time: no request may fail, and every page's assets come from the page's own build. A preview of
 * a build no instance made is the same on all three. Then uploads across instances (in the bucket, on no
 * instance's disk), a stalled upload body (408 from the server), leads with an instance killed (0 lost,
 * 0 duplicated), and a scheduled job whose instance is killed mid-way (it completes once, and the next
 * occurrence still fires).
 *
 * The builds published here are small sites written by the test (pages naming their build, hashed
 * assets only that build has) and put in the store as the builder does: what is under test is how
 * they go live everywhere, not Astro.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStorageConfig } from '../../src/config/storage.ts';
import { openDb } from '../../src/server/db/client.ts';
import { closeStores, openStore } from '../../src/server/media/stores.ts';
import { uploadBuild } from '../../src/server/publish/build-files.ts';
import { startReceiver, waitFor } from '../api/lead-receivers.ts';
import { picture } from '../api/photo-files.ts';
import { API_KEY, storeKnownKey } from '../api/publish-helpers.ts';
import { type ServerProcess, startServer } from '../faults/server-process.ts';
import { startS3, type TestS3 } from '../s3-server.ts';
import { type Haproxy, haproxyAvailable, startHaproxy } from './haproxy.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;
const haproxy = BASE_URL ? haproxyAvailable() : false;
if (!BASE_URL) process.stderr.write('tests/cluster: TEST_DATABASE_URL is not set — cluster test skipped\n');
else if (!haproxy) process.stderr.write('tests/cluster: haproxy is not installed — cluster test skipped\n');

/** Ports: CLUSTER_PORT (HAProxy) and the three after it (instances). */
const FRONT = Number(process.env.CLUSTER_PORT ?? 5600);
const NAMES = ['i1', 'i2', 'i3'] as const;
const SECRET = 'cluster-test-webhook-secret-0123456789';
const auth = { Authorization: `Bearer ${API_KEY}` };
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

const hash8 = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 8);
const buildId = (n: number) =>
  `20261127-0000${String(n).padStart(2, '0')}-000-${hash8(String(n)).slice(0, 4)}`;

/** A small site naming its build in every page and hashed asset. */
function writeSite(dir: string, id: string) {
  const h = hash8(id);
  mkdirSync(join(dir, '_astro'), { recursive: true });
  mkdirSync(join(dir, 'about'), { recursive: true });
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><link rel="stylesheet" href="/_astro/site.${h}.css"></head><body data-build="${id}"><h1>${title}</h1><script type="module" src="/_astro/app.${h}.js"></script></body></html>`;
  writeFileSync(join(dir, 'index.html'), page('Home'));
  writeFileSync(join(dir, 'about', 'index.html'), page('About us'));
  writeFileSync(join(dir, '404.html'), page('Not found'));
  writeFileSync(join(dir, '_astro', `site.${h}.css`), `/* ${id} */ body { color: #123; }`);
  writeFileSync(join(dir, '_astro', `app.${h}.js`), `console.log(${JSON.stringify(id)});`);
}

/** Fetches pages and their assets through HAProxy until stopped (or a bound), noting every failure. */
function startReader(front: string) {
  const failures: string[] = [];
  const seen = new Set<string>();
  let requests = 0;
  let stop = false;
  const one = async (path: string) => {
    const res = await fetch(`${front}${path}`, { signal: AbortSignal.timeout(10_000) });
    requests++;
    const html = await res.text();
    const build = res.headers.get('X-Site-Build');
    if (res.status !== 200) return failures.push(`${path}: ${res.status}`);
    if (!build || !html.includes(`data-build="${build}"`))
      return failures.push(`${path}: X-Site-Build ${build} names another build than the page`);
    seen.add(build);
    for (const asset of html.match(/\/_astro\/[^"]+/g) ?? []) {
      const a = await fetch(`${front}${asset}`, { signal: AbortSignal.timeout(10_000) });
      requests++;
      const body = await a.text();
      if (a.status !== 200) failures.push(`${asset} (page of ${build}): ${a.status}`);
      else if (!body.includes(build)) failures.push(`${asset}: from another build than its page ${build}`);
    }
  };
  const loop = async () => {
    for (let i = 0; !stop && requests < 20_000; i++) {
      await one(i % 2 ? '/about/' : '/').catch((err) => failures.push(`request failed: ${String(err)}`));
      await sleep(5);
    }
  };
  const running = Promise.all([loop(), loop()]);
  return {
    failures,
    seen,
    requests: () => requests,
    stop: async () => {
      stop = true;
      await running;
    },
  };
}

describe.skipIf(!BASE_URL || !haproxy)('three instances behind HAProxy on one PostgreSQL database', () => {
  const dbName = `sdg_cluster_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const databaseUrl = (BASE_URL ?? '').replace(/\/[^/]*$/, `/${dbName}`);
  const adminUrl = (BASE_URL ?? '').replace(/\/[^/]*$/, '/postgres');
  let root: string;
  let s3: TestS3;
  let storage: ReturnType<typeof readStorageConfig>;
  let front: Haproxy;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const servers = new Map<string, ServerProcess>();
  const port = (name: string) => FRONT + 1 + NAMES.indexOf(name as (typeof NAMES)[number]);
  const direct = (name: string) => `http://127.0.0.1:${port(name)}`;

  const env = (name: string) => ({
    ...s3.env,
    S3_PREFIX: 'cluster/',
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(root, name),
    PORT: String(port(name)),
    DEMO_UPLOADS: 'off',
    KEEP_BUILDS: '3',
    LIVE_BUILD_POLL: '500ms',
    SCHEDULE_LEASE: '3s',
    SHUTDOWN_TIMEOUT: '10s',
    UPLOAD_TIMEOUT: '2s',
    API_CACHE_TTL_MS: '0',
    TRUST_PROXY: '1',
    RATE_LIMIT_LEADS: '100000/60s',
    CRM_WEBHOOK_URL: receiver.url,
    CRM_WEBHOOK_SECRET: SECRET,
    LEAD_WORKER_POLL: '100ms',
    LEAD_RETRY_BASE: '200ms',
    LEAD_RETRY_MAX_DELAY: '1s',
    LEAD_LEASE: '3s',
    LEAD_SEND_TIMEOUT: '1s',
    LOG_LEVEL: 'warn',
  });
  const start = async (name: string) => {
    // Each instance has its own disk, which keeps only its mirror of builds; uploads and builds go to the bucket.
    mkdirSync(join(root, name), { recursive: true });
    const server = await startServer({ ...env(name), LOG_LEVEL: 'info' }, 150_000);
    servers.set(name, server);
    return server;
  };
  const buildOf = async (url: string) => {
    const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    return res?.status === 200 ? res.headers.get('X-Site-Build') : null;
  };
  /** Every instance, asked directly, serves `id`: waits at most 15 s. */
  const everyInstanceOn = (id: string) =>
    waitFor(
      async () => (await Promise.all(NAMES.map((n) => buildOf(direct(n))))).every((b) => b === id),
      15_000,
      `every instance on build ${id}`,
    );
  const ready = (name: string) =>
    waitFor(
      async () =>
        (await fetch(`${direct(name)}/readyz`).catch(() => null))?.status === 200 &&
        (await front.command('show servers state instances')).includes(` ${name} 127.0.0.1 2 `),
      20_000,
      `${name} ready and up in HAProxy`,
    );

  /** Puts a built site in the store and records it, as a finished build that was not published. */
  async function makeBuild(n: number) {
    const id = buildId(n);
    const dir = join(root, 'made', id);
    writeSite(dir, id);
    await uploadBuild(openStore(storage, 'uploads'), id, dir);
    const { db, destroy } = await openDb(databaseUrl);
    const now = new Date().toISOString();
    await db
      .insertInto('builds')
      .values({
        id,
        status: 'succeeded',
        trigger: 'manual',
        coalesced: 0,
        auto_publish: 0,
        queued_at: now,
        started_at: now,
        finished_at: now,
        duration_ms: 1,
        pages: 3,
        started_by: 'cluster test',
      })
      .execute();
    await destroy();
    return id;
  }
  const post = (url: string, path: string) =>
    fetch(`${url}${path}`, { method: 'POST', headers: auth, signal: AbortSignal.timeout(15_000) });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sdg-cluster-'));
    s3 = await startS3();
    // What the instances read, so the test puts builds where they look: the bucket, under S3_PREFIX.
    storage = readStorageConfig({ ...s3.env, S3_PREFIX: 'cluster/' }, root);
    const admin = await openDb(adminUrl);
    await sql.raw(`CREATE DATABASE ${dbName}`).execute(admin.db);
    await admin.destroy();
    receiver = await startReceiver(SECRET);
    // All three start at once on the empty database: one migrates and seeds under the start-up lock
    // (db/startup-lock.ts), the others wait for it, as a deploy of several instances does.
    const t0 = Date.now();
    await Promise.all(NAMES.map((name) => start(name)));
    process.stderr.write(`start: three instances on an empty database in ${Date.now() - t0} ms\n`);
    const { db, destroy } = await openDb(databaseUrl);
    await storeKnownKey(db, API_KEY, ['builds:publish', 'content:write', 'stock:write']);
    await sql`create table cluster_job_log (due_at text not null, pid integer not null, event text not null)`.execute(
      db,
    );
    await destroy();
    front = await startHaproxy(
      root,
      FRONT,
      NAMES.map((name) => ({ name, port: port(name) })),
    );
  }, 400_000);

  afterAll(async () => {
    await front?.stop();
    for (const s of servers.values()) await s.kill('SIGKILL');
    await receiver?.stop();
    if (storage) closeStores(storage);
    await s3?.stop();
    const admin = await openDb(adminUrl);
    await sql.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).execute(admin.db);
    await admin.destroy();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('is not ready before a build is live; the first publish makes every instance ready', async () => {
    expect((await fetch(`${direct('i1')}/healthz`)).status).toBe(200);
    const notYet = await fetch(`${direct('i2')}/readyz`);
    expect(notYet.status).toBe(503);
    expect(((await notYet.json()) as { reason: string }).reason).toMatch(/no complete build/);
    const first = await makeBuild(1);
    expect((await post(direct('i1'), `/api/builds/${first}/publish`)).status).toBe(200);
    await everyInstanceOn(first);
    for (const n of NAMES) await ready(n);
  }, 60_000);

  it('publishes under a reader: every instance on the new build within 15 s, no failed request, no asset from another build', async () => {
    const reader = startReader(front.url);
    await waitFor(() => reader.requests() > 20, 10_000, 'the reader under way');
    const second = await makeBuild(2);
    const res = await post(front.url, `/api/builds/${second}/publish`);
    expect(res.status).toBe(200);
    await everyInstanceOn(second);
    await waitFor(() => reader.seen.has(second), 10_000, 'the reader on the new build');
    await sleep(500);
    await reader.stop();
    expect(reader.failures).toEqual([]);
    // The Builds screen is the same whichever instance answers.
    const lists = await Promise.all(
      NAMES.map(async (n) => {
        const body = (await (await fetch(`${direct(n)}/api/builds`, { headers: auth })).json()) as {
          'hydra:member': { id: string; current: boolean }[];
        };
        return body['hydra:member'].find((b) => b.current)?.id;
      }),
    );
    expect(lists).toEqual([second, second, second]);
  }, 60_000);

  it('rolls back every instance', async () => {
    const reader = startReader(front.url);
    const res = await post(front.url, '/api/builds/rollback');
    expect(res.status).toBe(200);
    await everyInstanceOn(buildId(1));
    await reader.stop();
    expect(reader.failures).toEqual([]);
  }, 60_000);

  it('previews a build that is not live the same on every instance, only to those who may publish, until it is discarded', async () => {
    const preview = await makeBuild(4);
    for (const n of NAMES) {
      const res = await fetch(`${direct(n)}/_preview/${preview}/about/`, { headers: auth });
      expect(res.status, n).toBe(200);
      expect(res.headers.get('X-Site-Build'), n).toBe(preview);
      const html = await res.text();
      expect(html, n).toContain(`data-build="${preview}"`);
      // Its assets come from the same build, under the preview's prefix.
      const asset = html.match(/\/_preview\/[^"]+\/_astro\/[^"]+\.css/)?.[0] as string;
      const css = await fetch(`${direct(n)}${asset}`, { headers: auth });
      expect(css.status, `${n} ${asset}`).toBe(200);
      expect(await css.text()).toContain(preview);
      expect((await fetch(`${direct(n)}/_preview/${preview}/`)).status, n).toBe(404);
    }
    // The live site is unchanged.
    for (const n of NAMES) expect(await buildOf(direct(n)), n).toBe(buildId(1));
    // Discarded through one instance, it is gone from all, copies or not.
    expect((await post(direct('i1'), `/api/builds/${preview}/discard`)).status).toBe(200);
    for (const n of NAMES)
      expect((await fetch(`${direct(n)}/_preview/${preview}/`, { headers: auth })).status, n).toBe(404);
  }, 60_000);

  it('serves a photo uploaded through one instance from the others; a trade-in photo only to staff, on every instance', async () => {
    const fd = new FormData();
    fd.append(
      'file',
      new Blob([new Uint8Array(await picture(1600, 900))], { type: 'image/jpeg' }),
      'car.jpg',
    );
    const up = await fetch(`${direct('i1')}/api/editor/vehicles/7/images`, {
      method: 'POST',
      headers: auth,
      body: fd,
    });
    expect(up.status).toBe(201);
    const [photo] = ((await up.json()) as { 'hydra:member': { renditions: { key: string }[] }[] })[
      'hydra:member'
    ];
    const key = photo?.renditions[0]?.key as string;
    for (const n of ['i2', 'i3']) expect((await fetch(`${direct(n)}/uploads/${key}`)).status, n).toBe(200);
    // It is in the bucket, not on any instance's disk.
    expect(await openStore(storage, 'uploads').exists(key)).toBe(true);
    for (const n of NAMES) expect(readdirSync(join(root, n)), n).not.toContain('uploads');

    const tradeIn = await fetch(`${direct('i2')}/api/lead_photos`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(await picture(1200, 900)),
    });
    expect(tradeIn.status).toBe(201);
    const { id } = (await tradeIn.json()) as { id: string };
    for (const n of NAMES) expect((await fetch(`${direct(n)}/api/lead_photos/${id}`)).status, n).toBe(401);
  }, 60_000);

  it('answers an upload whose body stops arriving with 408 on the real server, not a request that hangs', async () => {
    // Headers and the first bytes of a photo, then nothing: the server, not the client, ends it.
    const started = Date.now();
    const answer = await new Promise<string>((ok, fail) => {
      const socket = createConnection(port('i1'), '127.0.0.1');
      let out = '';
      socket.setTimeout(15_000, () => {
        socket.destroy();
        fail(new Error(`no answer after 15 s: ${out}`));
      });
      socket.on('data', (d) => {
        out += d.toString();
      });
      socket.on('close', () => ok(out));
      socket.on('error', fail);
      socket.write(
        'POST /api/lead_photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nContent-Length: 200000\r\n\r\n',
      );
      socket.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/stopped arriving/);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('drains an instance in HAProxy during a publish with no failed request', async () => {
    const reader = startReader(front.url);
    await front.command('set server instances/i2 state drain');
    const third = await makeBuild(3);
    expect((await post(front.url, `/api/builds/${third}/publish`)).status).toBe(200);
    await everyInstanceOn(third);
    await front.command('set server instances/i2 state ready');
    await reader.stop();
    expect(reader.failures).toEqual([]);
  }, 60_000);

  it('restarts all three, one at a time, under the reader with no failed request', async () => {
    const reader = startReader(front.url);
    for (const name of NAMES) {
      const t0 = Date.now();
      await servers.get(name)?.kill('SIGTERM');
      const t1 = Date.now();
      await start(name);
      const t2 = Date.now();
      await ready(name);
      process.stderr.write(
        `restart ${name}: stop ${t1 - t0} ms, start ${t2 - t1} ms, ready ${Date.now() - t2} ms, failures ${reader.failures.length}\n`,
      );
    }
    await reader.stop();
    expect(reader.failures).toEqual([]);
    expect(reader.requests()).toBeGreaterThan(20);
    await everyInstanceOn(buildId(3));
  }, 420_000);

  it('loses and duplicates no lead when an instance is killed under load', async () => {
    let n = 0;
    const accepted: string[] = [];
    const statuses: number[] = [];
    let answered = 0;
    const victim = servers.get('i3') as ServerProcess;
    let next = 0;
    const worker = async () => {
      while (next < 60) {
        next++;
        const res = await fetch(`${front.url}/api/customer_enquiries`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/ld+json' },
          body: JSON.stringify({
            form_name: 'contact',
            first_name: 'Thandi',
            last_name: 'Nkosi',
            email: `cluster.${process.pid}.${++n}@example.co.za`,
            cell_phone: '082 123 4567',
            message: `Cluster test ${n}`,
            contact: true,
            terms: true,
            uri: '/contact-us',
          }),
          signal: AbortSignal.timeout(20_000),
        }).catch(() => null);
        const nth = ++answered;
        statuses.push(res?.status ?? 0);
        if (nth === 15) await victim.kill('SIGKILL');
        // A 201 whose body was cut by the kill names no id the test can follow: counted as not answered.
        const body = res?.status === 201 ? await res.json().catch(() => null) : null;
        if (body) accepted.push((body as { id: string }).id);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(victim.child.signalCode).toBe('SIGKILL');
    // Only requests in flight on the killed instance may fail (HAProxy sends the others elsewhere).
    expect(accepted.length, `answers: ${statuses.join(' ')}`).toBeGreaterThan(50);
    await waitFor(
      () => accepted.every((id) => receiver.hooks.some((h) => h.body.lead_id === id)),
      30_000,
      `${accepted.length} leads at the receiver`,
    );
    for (const id of accepted) {
      const deliveries = new Set(
        receiver.hooks.filter((h) => h.body.lead_id === id).map((h) => h.body.delivery_id),
      );
      expect(deliveries.size, `lead ${id}`).toBe(1);
    }
  }, 90_000);

  it('completes a scheduled occurrence once when its instance is killed mid-job, and the next one still fires', async () => {
    const children: ChildProcess[] = [];
    const spawnChild = () => {
      const child = spawn(process.execPath, ['tests/cluster/schedule-child.ts', databaseUrl], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      process.on('exit', () => child.kill('SIGKILL'));
      return new Promise<ChildProcess>((ok) => child.stdout?.once('data', () => ok(child)));
    };
    const { db, destroy } = await openDb(databaseUrl);
    const log = () =>
      sql<{ due_at: string; pid: number; event: string }>`select * from cluster_job_log order by due_at`
        .execute(db)
        .then((r) => r.rows);
    try {
      await Promise.all([spawnChild(), spawnChild()]);
      let killed: { due: string; pid: number } | undefined;
      await waitFor(
        async () => {
          const start = (await log()).find((r) => r.event === 'start');
          if (start) killed = { due: start.due_at, pid: start.pid };
          return !!start;
        },
        15_000,
        'a first occurrence started',
      );
      const victim = children.find((c) => c.pid === killed?.pid) as ChildProcess;
      victim.kill('SIGKILL');
      await waitFor(
        async () => (await log()).some((r) => r.due_at === killed?.due && r.event === 'finish'),
        15_000,
        'the killed occurrence finished by the other instance',
      );
      await waitFor(
        async () => (await log()).some((r) => r.due_at > (killed?.due as string) && r.event === 'finish'),
        15_000,
        'a later occurrence finished',
      );
      const rows = await log();
      const finishes = rows.filter((r) => r.due_at === killed?.due && r.event === 'finish');
      expect(finishes).toHaveLength(1);
      expect(finishes[0]?.pid).not.toBe(killed?.pid);
      // Every occurrence that finished did so once.
      const finished = rows.filter((r) => r.event === 'finish').map((r) => r.due_at);
      expect(new Set(finished).size).toBe(finished.length);
      const run = await db
        .selectFrom('schedule_runs')
        .selectAll()
        .where('job', '=', 'cluster-slow-job')
        .where('due_at', '=', killed?.due as string)
        .executeTakeFirstOrThrow();
      expect(run.finished_at).not.toBeNull();
      expect(run.attempts).toBe(2);
    } finally {
      for (const c of children) c.kill('SIGKILL');
      await destroy();
    }
  }, 60_000);
});
