import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { createMicroCache } from './micro-cache.ts';
import { evictSecondChance, makeRoom } from './second-chance.ts';

/** An app whose answers the micro-cache keeps, counting how often each reached the handler. */
function cachedApp(opts: { maxEntries?: number; ttlMs?: number } = {}) {
  const cache = createMicroCache({ ttlMs: opts.ttlMs ?? 60_000, maxEntries: opts.maxEntries });
  const computed = new Map<string, number>();
  const app = new Hono();
  app.use('/api/*', cache.middleware);
  app.get('/api/:name', (c) => {
    const name = c.req.param('name');
    computed.set(name, (computed.get(name) ?? 0) + 1);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ name });
  });
  const ask = async (name: string) => {
    const res = await app.request(`/api/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{22}"$/);
    expect(await res.json()).toEqual({ name });
  };
  /** Asked for twice: an answer is kept from its second request on. */
  const keep = async (name: string) => {
    await ask(name);
    await ask(name);
  };
  return { app, cache, ask, keep, computed: (name: string) => computed.get(name) ?? 0 };
}

/** `a` kept (asked for twice), then the clock moved past its TTL: runs `then` with Date faked. */
async function afterExpiry(then: (app: ReturnType<typeof cachedApp>) => Promise<void>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const app = cachedApp({ ttlMs: 5000 });
    await app.keep('a');
    vi.setSystemTime(Date.now() + 5001);
    await then(app);
  } finally {
    vi.useRealTimers();
  }
}

describe('micro-cache', () => {
  it('keeps an answer from its second request on, and answers later ones from memory', async () => {
    const { cache, ask, computed } = cachedApp();
    await ask('a');
    expect(cache.size()).toBe(0);
    await ask('a');
    expect(cache.size()).toBe(1);
    await ask('a');
    await ask('a');
    expect(computed('a')).toBe(2);
  });

  it('keeps nothing of a stream of questions each asked once', async () => {
    const { cache, ask } = cachedApp({ maxEntries: 10 });
    for (let i = 0; i < 50; i++) await ask(`q${i}`);
    expect(cache.size()).toBe(0);
    expect(cache.bytes()).toBe(0);
  });

  it('answers 304 to a client that names the ETag of an answer it has not kept', async () => {
    const first = cachedApp();
    const etag = (await first.app.request('/api/a')).headers.get('etag') ?? '';
    const other = cachedApp(); // another instance: it never answered /api/a
    const res = await other.app.request('/api/a', { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect(other.cache.size()).toBe(0);
  });

  it('never keeps the answer to a made-up URL longer than 2 KB', async () => {
    const { cache, ask } = cachedApp();
    const name = 'x'.repeat(2100);
    await ask(name);
    await ask(name);
    expect(cache.size()).toBe(0);
  });

  it('keeps an answer again at once when it is asked for after it expired', () =>
    afterExpiry(async ({ cache, ask, computed }) => {
      await ask('a'); // expired: answered again, and kept
      expect(computed('a')).toBe(3);
      expect(cache.size()).toBe(1);
      await ask('a');
      expect(computed('a')).toBe(3);
    }));

  it('keeps an answer that expired under concurrent requests, whichever of them ends last', () =>
    afterExpiry(async ({ cache, ask, computed }) => {
      await Promise.all([ask('a'), ask('a')]);
      expect(cache.size()).toBe(1);
      const before = computed('a');
      await ask('a');
      expect(computed('a')).toBe(before);
    }));

  it('evicts an older answer nobody asked for again before one asked for again', async () => {
    const { cache, ask, keep, computed } = cachedApp({ maxEntries: 3 });
    await keep('a');
    await keep('b');
    await keep('c');
    await ask('a'); // a hit: the oldest answer, but used again
    await keep('d'); // over the bound: b goes, not a
    expect(cache.size()).toBe(3);
    await ask('a');
    expect(computed('a')).toBe(2);
    await ask('b');
    expect(computed('b')).toBe(3);
  });

  it('still evicts when every answer was asked for again, and never the one it makes room for', async () => {
    const { cache, ask, keep, computed } = cachedApp({ maxEntries: 2 });
    await keep('a');
    await keep('b');
    await ask('a');
    await ask('b');
    await keep('c'); // a and b each had their second chance, then a, the oldest, went
    expect(cache.size()).toBe(2);
    await ask('c');
    await ask('b');
    await ask('a');
    expect([computed('a'), computed('b'), computed('c')]).toEqual([3, 2, 2]);
  });
});

describe('evictSecondChance', () => {
  it('moves a used entry to the newest end, unmarked, and drops the oldest unused one', () => {
    const map = new Map<string, { used?: boolean }>([
      ['a', { used: true }],
      ['b', {}],
      ['c', {}],
    ]);
    const dropped: string[] = [];
    evictSecondChance(
      map,
      () => map.size > 2,
      (k) => dropped.push(k),
    );
    expect(dropped).toEqual(['b']);
    expect([...map.keys()]).toEqual(['c', 'a']);
    expect(map.get('a')?.used).toBe(false);
  });

  it('empties a map whose bound is zero, used entries included', () => {
    const map = new Map<number, { used?: boolean }>([
      [1, { used: true }],
      [2, {}],
      [3, { used: true }],
    ]);
    const dropped: number[] = [];
    evictSecondChance(
      map,
      () => map.size > 0,
      (k) => dropped.push(k),
    );
    expect(dropped).toEqual([2, 1, 3]);
  });

  it('makes room for one entry before it is added, and refuses one bigger than the whole cache', () => {
    const map = new Map<string, { used?: boolean; bytes: number }>([
      ['a', { used: true, bytes: 4 }],
      ['b', { bytes: 4 }],
    ]);
    let held = 8;
    const dropped = (_: string, v: { bytes: number }) => {
      held -= v.bytes;
    };
    const bounds = { maxEntries: 2, maxBytes: 10 };
    expect(makeRoom(map, bounds, () => held, 11, dropped)).toBe(false);
    expect([...map.keys()]).toEqual(['a', 'b']);
    expect(makeRoom(map, bounds, () => held, 4, dropped)).toBe(true);
    expect([...map.keys()]).toEqual(['a']);
    expect(held).toBe(4);
    expect(makeRoom(map, { maxEntries: 0, maxBytes: 10 }, () => held, 1, dropped)).toBe(false);
    expect(map.size).toBe(1);
  });
});
