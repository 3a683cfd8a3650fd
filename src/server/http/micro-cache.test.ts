import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createMicroCache } from './micro-cache.ts';
import { evictSecondChance } from './second-chance.ts';

/** An app whose answers the micro-cache keeps, counting how often each reached the handler. */
function cachedApp(maxEntries: number) {
  const cache = createMicroCache({ ttlMs: 60_000, maxEntries });
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
    expect(await res.json()).toEqual({ name });
  };
  return { cache, ask, computed: (name: string) => computed.get(name) ?? 0 };
}

describe('micro-cache eviction', () => {
  it('keeps an answer asked for again over an older one nobody asked for again', async () => {
    const { cache, ask, computed } = cachedApp(3);
    await ask('a');
    await ask('b');
    await ask('c');
    await ask('a'); // a hit: the oldest answer, but used again
    await ask('d'); // over the bound: b goes, not a
    expect(cache.size()).toBe(3);
    await ask('a');
    expect(computed('a')).toBe(1);
    await ask('b');
    expect(computed('b')).toBe(2);
  });

  it('still evicts when every answer was asked for again', async () => {
    const { cache, ask, computed } = cachedApp(2);
    for (const name of ['a', 'b', 'a', 'b', 'c']) await ask(name);
    expect(cache.size()).toBe(2);
    await ask('c');
    expect(computed('c')).toBe(1);
    // a and b were both used: each had its second chance, then the oldest of them went.
    await ask('b');
    await ask('a');
    expect(computed('a') + computed('b')).toBe(3);
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
});
