/**
 * Issue 12, item 3: faults of a real deployment, on whole server processes (scripts/start.mjs, as
 * `npm start` runs it) over a private PostgreSQL cluster this file starts on its own port
 * (./pg-cluster.ts): the database stopped and restarted, the database frozen, the server killed
 * mid-burst and restarted, two instances on one database, the CRM receiver down and up again.
 * Every 201 must reach the receiver exactly once — counted by delivery id, the Idempotency-Key a
 * receiver drops repeats by (docs/decisions/010-lead-pipeline.md: delivery is at least once).
 * The server killed mid-burst and the receiver down and up run on SQLite too.
 * Skipped, saying so, only when PostgreSQL's server tools (initdb) are not installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, waitFor } from '../api/lead-receivers.ts';
import { type Cluster, postgresBin, startCluster } from './pg-cluster.ts';
import { type ServerProcess, startServer } from './server-process.ts';

const bin = postgresBin();
if (!bin) process.stderr.write('tests/faults: initdb not found — PostgreSQL fault tests skipped\n');

const SECRET = 'fault-test-webhook-secret-0123456789';
/** The server's timeouts in these tests; no answer may take much longer than them. */
const TIMEOUTS = { PG_CONNECT_TIMEOUT: '1s', PG_STATEMENT_TIMEOUT: '1s' };
/** Statement timeout + the client's 2 s grace + a wide margin for a loaded machine. */
const ANSWER_WITHIN_MS = 8000;

let n = 0;
const lead = () => ({
  form_name: 'contact',
  first_name: 'Thandi',
  last_name: 'Nkosi',
  email: `fault.${process.pid}.${++n}@example.co.za`,
  cell_phone: '082 123 4567',
  message: `Fault test ${n}`,
  contact: true,
  terms: true,
  uri: '/contact-us',
});

async function postLead(server: ServerProcess) {
  const res = await fetch(`${server.url}/api/customer_enquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/ld+json' },
    body: JSON.stringify(lead()),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json()) as { id?: string; detail?: string };
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), body };
}

async function timed<T>(work: () => Promise<T>) {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A server that delivers leads to this receiver quickly and retries fast (the same on both databases). */
const serverEnv = (receiverUrl: string, dataDir: string) => ({
  DATA_DIR: dataDir,
  DEMO_UPLOADS: 'off',
  CRM_WEBHOOK_URL: receiverUrl,
  CRM_WEBHOOK_SECRET: SECRET,
  RATE_LIMIT_LEADS: '100000/60s',
  API_CACHE_TTL_MS: '0',
  LEAD_WORKER_POLL: '100ms',
  LEAD_RETRY_BASE: '200ms',
  LEAD_RETRY_MAX_DELAY: '1s',
  LEAD_LEASE: '3s',
  LEAD_SEND_TIMEOUT: '1s',
});

/** Every lead id reached the receiver, each under exactly one delivery id. */
async function deliveredOnce(receiver: Receiver, ids: string[]) {
  await waitFor(
    () => ids.every((id) => receiver.hooks.some((h) => h.body.lead_id === id)),
    30_000,
    `${ids.length} leads at the receiver`,
  );
  for (const id of ids) {
    const deliveries = new Set(
      receiver.hooks.filter((h) => h.body.lead_id === id).map((h) => h.body.delivery_id),
    );
    expect(deliveries.size, `lead ${id}`).toBe(1);
  }
  expect(receiver.hooks.every((h) => h.signatureValid)).toBe(true);
}

/** Posts `count` leads at once and kills the server (kill -9) once `killAfter` have been answered. */
async function burstThenKill(server: ServerProcess, count: number, killAfter: number) {
  const accepted: string[] = [];
  let answered = 0;
  await Promise.all(
    Array.from({ length: count }, async () => {
      try {
        const r = await postLead(server);
        answered++;
        if (r.status === 201) accepted.push(r.body.id as string);
        else expect(r.status).toBe(503);
      } catch {
        // the connection died with the server: this client got no 201
      }
      if (answered === killAfter) await server.kill('SIGKILL');
    }),
  );
  expect(server.child.signalCode).toBe('SIGKILL');
  return accepted;
}

describe.skipIf(!bin)('faults on a private PostgreSQL cluster', () => {
  let cluster: Cluster;
  let receiver: Receiver;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  const env = (database = 'postgres') => ({
    ...serverEnv(receiver.url, dataDir),
    DATABASE_URL: cluster.url.replace(/\/postgres$/, `/${database}`),
    ...TIMEOUTS,
  });
  const start = async (database?: string) => {
    const server = await startServer(env(database));
    servers.push(server);
    return server;
  };

  const expectDeliveredOnce = (ids: string[]) => deliveredOnce(receiver, ids);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sdg-faults-'));
    cluster = await startCluster(bin as string);
    receiver = await startReceiver(SECRET);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await receiver?.stop();
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('database stopped: 503 with Retry-After; restarted: the same server answers again', async () => {
    const server = await start();
    expect((await fetch(`${server.url}/api/dealers`)).status).toBe(200);
    cluster.stop();
    try {
      const read = await timed(() => fetch(`${server.url}/api/dealers?outage=1`));
      expect(read.result.status).toBe(503);
      expect(Number(read.result.headers.get('Retry-After'))).toBeGreaterThan(0);
      const posted = await postLead(server);
      expect(posted.status).toBe(503);
      expect(Number(posted.retryAfter)).toBeGreaterThan(0);
      expect(posted.body.detail).toMatch(/database/i);
    } finally {
      cluster.start();
    }
    // No restart of the server: the pool reconnects on its own.
    expect((await fetch(`${server.url}/api/dealers?back=1`)).status).toBe(200);
    const posted = await postLead(server);
    expect(posted.status).toBe(201);
    await expectDeliveredOnce([posted.body.id as string]);
  }, 60_000);

  it('database frozen: no request waits past its timeout, and all recover when it thaws', async () => {
    const server = servers[0] as ServerProcess;
    cluster.freeze();
    let answers: { result: { status: number; retryAfter: string | null }; ms: number }[];
    try {
      answers = await Promise.all([
        ...[1, 2, 3].map((i) =>
          timed(async () => {
            const res = await fetch(`${server.url}/api/dealers?frozen=${i}`);
            return { status: res.status, retryAfter: res.headers.get('Retry-After') };
          }),
        ),
        timed(() => postLead(server)),
        timed(() => postLead(server)),
      ]);
    } finally {
      cluster.thaw();
    }
    for (const a of answers) {
      expect(a.result.status).toBe(503);
      expect(Number(a.result.retryAfter)).toBeGreaterThan(0);
      expect(a.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    await waitFor(
      async () => (await fetch(`${server.url}/api/dealers?thawed=${++n}`)).status === 200,
      15_000,
      'the API after the thaw',
    );
    expect((await postLead(server)).status).toBe(201);
  }, 60_000);

  it('server killed (kill -9) mid-burst, then restarted: every 201 is delivered exactly once', async () => {
    const accepted = await burstThenKill(servers[0] as ServerProcess, 40, 15);
    expect(accepted.length).toBeGreaterThanOrEqual(10);
    await start();
    await expectDeliveredOnce(accepted);
  }, 90_000);

  it('two instances started at once on one empty database, receiver down then up: every 201 exactly once', async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE two');
    await admin.end();
    const [a, b] = await Promise.all([start('two'), start('two')]);
    await receiver.stop();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postLead(i % 2 ? (a as ServerProcess) : (b as ServerProcess))),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    await receiver.start();
    await expectDeliveredOnce(results.map((r) => r.body.id as string));
    // Both instances answer from one database: the demo data was seeded once.
    const dealers = (await (await fetch(`${(a as ServerProcess).url}/api/dealers`)).json()) as {
      'hydra:totalItems'?: number;
      totalItems?: number;
    };
    expect(dealers['hydra:totalItems'] ?? dealers.totalItems).toBe(5);
  }, 90_000);
});

describe('start-up on one empty SQLite file', () => {
  it('a first start on a data directory that does not exist yet makes it and serves', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sdg-fresh-'));
    const server = await startServer({
      DATA_DIR: join(root, 'not', 'yet'),
      DEMO_UPLOADS: 'off',
      LEAD_WORKER: 'off',
    });
    try {
      const body = (await (await fetch(`${server.url}/api/dealers`)).json()) as Record<string, unknown>;
      expect(body['hydra:totalItems']).toBe(5);
    } finally {
      await server.kill();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('of two server processes starting at once, one migrates, seeds and serves; the other is refused by name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdg-sqlite-race-'));
    const env = { DATA_DIR: dir, DEMO_UPLOADS: 'off', LEAD_WORKER: 'off' };
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    try {
      const up = started.filter((s) => s.status === 'fulfilled');
      const refused = started.filter((s) => s.status === 'rejected').map((s) => String(s.reason));
      expect(up).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatch(/another instance is already running on the SQLite database/);
      const server = (up[0] as PromiseFulfilledResult<ServerProcess>).value;
      const body = (await (await fetch(`${server.url}/api/dealers`)).json()) as Record<string, unknown>;
      expect(body['hydra:totalItems']).toBe(5);
    } finally {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.kill() : undefined)));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('faults on SQLite (the embedded database)', () => {
  let receiver: Receiver;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServer(serverEnv(receiver.url, dataDir));
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sdg-faults-sqlite-'));
    receiver = await startReceiver(SECRET);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await receiver?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('server killed (kill -9) mid-burst, then restarted: every 201 is delivered exactly once', async () => {
    const accepted = await burstThenKill(await start(), 40, 15);
    expect(accepted.length).toBeGreaterThanOrEqual(10);
    await start();
    await deliveredOnce(receiver, accepted);
  }, 90_000);

  it('receiver down, then up: every 201 is delivered exactly once', async () => {
    const server = servers.at(-1) as ServerProcess;
    await receiver.stop();
    const results = await Promise.all(Array.from({ length: 20 }, () => postLead(server)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    await receiver.start();
    await deliveredOnce(
      receiver,
      results.map((r) => r.body.id as string),
    );
  }, 90_000);
});
