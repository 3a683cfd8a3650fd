/**
 * The publish coordinator's parts on their own (docs/decisions/041-publish-coordinator-parts.md): the
 * lease, the queue, the debounce and the build store, on real databases and real build directories.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuildStore, PublishError } from '../../src/server/publish/build-store.ts';
import { createDebounce } from '../../src/server/publish/debounce.ts';
import { createLease } from '../../src/server/publish/lease.ts';
import { createQueue, type Job } from '../../src/server/publish/queue.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';

const nextMillisecond = async () => {
  const t = Date.now();
  while (Date.now() <= t) await new Promise((ok) => setImmediate(ok));
};

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
};

describe('queue', () => {
  const job = (id: string): Job => ({ id, publish: false, inserted: Promise.resolve() });
  const openQueue = () => {
    const ran: string[] = [];
    const gate = deferred();
    const queue = createQueue({
      run: async (j) => {
        ran.push(j.id);
        if (j.id === 'first') await gate.promise;
      },
      acquire: async () => true,
      release: async () => {},
      onError: () => {},
    });
    return { queue, ran, gate };
  };

  it('runs one job at a time; a job pushed while one runs is pending until it has finished', async () => {
    const { queue, ran, gate } = openQueue();
    queue.push(job('first'));
    queue.start();
    await new Promise((ok) => setImmediate(ok));
    expect(queue.pending()).toBeNull(); // the first left the queue when it started
    queue.push(job('second'));
    queue.start();
    expect(queue.pending()?.id).toBe('second');
    expect(() => queue.push(job('third'))).toThrow(/already pending/);
    expect(ran).toEqual(['first']);
    gate.resolve();
    await queue.drained();
    expect(ran).toEqual(['first', 'second']);
    expect(queue.busy()).toBe(false);
  });

  it('a failing job is reported and the next one still runs', async () => {
    const errors: string[] = [];
    const ran: string[] = [];
    const queue = createQueue({
      run: async (j) => {
        ran.push(j.id);
        if (j.id === 'bad') throw new Error('boom');
      },
      acquire: async () => true,
      release: async () => {},
      onError: (j, err) => errors.push(`${j.id}: ${(err as Error).message}`),
    });
    queue.push(job('bad'));
    queue.start();
    await queue.drained();
    queue.push(job('good'));
    queue.start();
    await queue.drained();
    expect(errors).toEqual(['bad: boom']);
    expect(ran).toEqual(['bad', 'good']);
  });

  it('does not run when the turn never comes (acquire answers false)', async () => {
    const ran: string[] = [];
    const queue = createQueue({
      run: async (j) => {
        ran.push(j.id);
      },
      acquire: async () => false,
      release: async () => {},
      onError: () => {},
    });
    queue.push(job('never'));
    queue.start();
    await queue.stop();
    expect(ran).toEqual([]);
  });
});

describe('debounce', () => {
  it('fires once after a burst of pokes, and settled() waits for that fire', async () => {
    let fired = 0;
    const debounce = createDebounce(async () => {
      fired++;
    }, 20);
    for (let i = 0; i < 5; i++) debounce.poke();
    expect(debounce.busy()).toBe(true);
    await debounce.settled();
    expect(fired).toBe(1);
    expect(debounce.busy()).toBe(false);
  });

  it('cancel drops the waiting call and releases whoever waits', async () => {
    let fired = 0;
    const debounce = createDebounce(async () => {
      fired++;
    }, 60_000);
    debounce.poke();
    const waiting = debounce.settled();
    debounce.cancel();
    await waiting;
    expect(fired).toBe(0);
  });
});

describe.each(ENGINES)('on %s', (engine) => {
  let api: TestApi;
  let dir: string;
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await api?.close();
  });
  const open = async () => {
    api = await openTestApi(engine);
    dir = resolve(`data/test/parts-${randomUUID().slice(0, 8)}`);
    mkdirSync(dir, { recursive: true });
  };

  it('lease: one holder at a time; released or expired, another takes it', async () => {
    await open();
    const a = createLease(api.deps.db, { leaseMs: 60_000, pollMs: 5 });
    const b = createLease(api.deps.db, { leaseMs: 60_000, pollMs: 5 });
    expect(await a.held()).toBe(false);
    expect(await a.acquire()).toBe(true);
    expect(await a.held()).toBe(true);
    expect(await a.acquire()).toBe(true); // its own lease again
    const waiting = b.acquire();
    let got: boolean | undefined;
    waiting.then((v) => {
      got = v;
    });
    await new Promise((ok) => setImmediate(ok));
    expect(got).toBeUndefined();
    await a.release();
    expect(await waiting).toBe(true);
    await b.release();
    expect(await b.held()).toBe(false);
    // A holder that stopped renewing (its process died) loses the lease when it expires.
    const dead = createLease(api.deps.db, { leaseMs: 1, pollMs: 5 });
    expect(await dead.acquire()).toBe(true);
    expect(await b.acquire()).toBe(true);
    await b.release();
    // stop() ends a wait for a held lease.
    await a.acquire();
    const stopped = b.acquire();
    b.stop();
    expect(await stopped).toBe(false);
  });

  it('build store: queue, coalesce, succeed, makeLive for publish and rollback, discard, prune, recover', async () => {
    await open();
    const store = createBuildStore(api.deps.db, dir);
    const built = async () => {
      await nextMillisecond(); // build ids sort by their millisecond first
      const { id, inserted } = store.queue('manual', false);
      await inserted;
      await store.started(id);
      mkdirSync(store.outDir(id), { recursive: true });
      writeFileSync(join(store.outDir(id), 'index.html'), `build ${id}`);
      await store.succeeded(id, 5);
      return id;
    };
    const first = await built();
    await store.coalesce(first, true);
    expect(await store.get(first)).toMatchObject({ status: 'succeeded', coalesced: 1, auto_publish: 1 });

    const live1 = await store.makeLive(first, { stamp: true });
    expect(live1.status).toBe('published');
    expect(live1.published_at).toMatch(/^\d{4}-/);
    const second = await built();
    await store.makeLive(second, { stamp: true });
    expect(store.currentId()).toBe(second);
    expect((await store.get(first))?.status).toBe('succeeded');
    expect(readFileSync(join(dir, 'current', 'index.html'), 'utf8')).toBe(`build ${second}`);

    // Rollback is the same makeLive without a new stamp: the target keeps its publication time.
    expect((await store.rollbackTarget())?.id).toBe(first);
    const back = await store.makeLive(first, { stamp: false });
    expect(back).toMatchObject({ id: first, status: 'published', published_at: live1.published_at });
    expect(store.currentId()).toBe(first);
    expect((await store.get(second))?.status).toBe('succeeded');

    await expect(store.discard(first)).rejects.toThrow(PublishError);
    expect((await store.discard(second)).status).toBe('discarded');
    expect(store.onDisk(second)).toBe(false);

    const failed = store.queue('webhook', false);
    await failed.inserted;
    mkdirSync(store.outDir(failed.id), { recursive: true });
    await store.failed(failed.id, 'astro said no', 3);
    expect(await store.get(failed.id)).toMatchObject({ status: 'failed', error: 'astro said no' });
    expect(store.onDisk(failed.id)).toBe(false);

    const previews = [await built(), await built(), await built()];
    expect(await store.prune(1)).toEqual([]); // previews newer than the live build stay
    const newest = previews[2] as string;
    await store.makeLive(newest, { stamp: true });
    expect((await store.prune(1)).sort()).toEqual(previews.slice(0, 2).sort());
    expect(store.onDisk(newest) && store.onDisk(first)).toBe(true); // live and the rollback target stay
    expect((await store.get(previews[0] as string))?.pruned_at).toMatch(/^\d{4}-/);

    const interrupted = store.queue('schedule', false);
    await interrupted.inserted;
    await store.failInterrupted();
    expect((await store.get(interrupted.id))?.status).toBe('failed');
    await expect(store.mustGet('nope')).rejects.toMatchObject({ status: 404 });
  });
});
