/**
 * Memory that does not grow with the number of distinct URLs asked for (issue 27): 100,000 requests,
 * every one a different URL (made-up pages, made-up API paths, query strings on pages and on cached API
 * answers), and the server's caches stay within their configured bounds while still answering right.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/server/log.ts';
import { createServerApp } from '../../src/server/server.ts';
import { openTestApi, type TestApi } from './harness.ts';
import { publishTwoPageSite } from './publish-helpers.ts';

const BUILDS = 'data/test/memory-bounds-builds';
const API_CACHE_MB = 1;

describe('memory bounds', () => {
  let api: TestApi;
  let app: ReturnType<typeof createServerApp>;
  beforeAll(async () => {
    publishTwoPageSite(BUILDS);
    api = await openTestApi('sqlite', {
      DATA_DIR: 'data/test/memory-bounds',
      API_CACHE_TTL_MS: '600000',
      API_CACHE_MB: String(API_CACHE_MB),
      PAGE_CACHE_MB: '1',
    });
    const deps = { ...api.deps, config: { ...api.deps.config, buildsDir: BUILDS } };
    app = createServerApp(deps, createLogger('silent'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(BUILDS, { recursive: true, force: true });
  });

  it('keeps the micro-cache and the page cache within their bounds over 100,000 distinct URLs', async () => {
    const kinds = [
      (i: number) => ({ path: `/no-such-page-${i}/`, status: 404 }),
      (i: number) => ({ path: `/api/no-such-thing-${i}`, status: 404 }),
      (i: number) => ({ path: `/blog/?utm_campaign=${i}`, status: 200 }),
      (i: number) => ({ path: `/api/dealers?visit=${i}`, status: 200 }),
    ];
    const N = 100_000;
    let bytesSeen = 0;
    for (let i = 0; i < N; i++) {
      const kind = kinds[i % kinds.length];
      if (!kind) throw new Error('no kind');
      const { path, status } = kind(i);
      // The API answers twice each: an answer is kept from its second request on (http/micro-cache.ts).
      for (let ask = path.startsWith('/api/dealers') ? 2 : 1; ask > 0; ask--) {
        const res = await app.request(path, { headers: { 'Accept-Encoding': i % 8 < 4 ? 'gzip' : 'br' } });
        if (res.status !== status) expect(res.status, path).toBe(status);
        await res.arrayBuffer();
      }
      bytesSeen = Math.max(bytesSeen, app.readCache.bytes());
      if (i % 10_000 === 9_999) {
        expect(app.readCache.bytes()).toBeLessThanOrEqual(API_CACHE_MB * 1024 * 1024);
        expect(app.readCache.size()).toBeLessThanOrEqual(2000);
        const pages = app.pageCache.stats();
        expect(pages.bytes).toBeLessThanOrEqual(1024 * 1024);
        expect(pages.misses).toBeLessThanOrEqual(2000);
        // Two files, each under a few names ('/', '/blog/', '/404.html'); misses are kept apart.
        expect(pages.entries).toBeLessThanOrEqual(5);
      }
    }
    // The bound was reached (it is the bytes, not the entry count, that stopped it) and held.
    expect(bytesSeen).toBeGreaterThan(API_CACHE_MB * 1024 * 1024 * 0.9);
    // The kept answers still answer: the newest query string is a hit with the same bytes.
    const last = `/api/dealers?visit=${N - 1}`;
    const again = await app.request(last, { headers: { 'Accept-Encoding': 'br' } });
    expect(again.status).toBe(200);
  }, 300_000);

  it('lets the answers of a burst go once they expire, with no new answers to push them out', async () => {
    const ttlMs = 5000;
    const deps = { ...api.deps, config: { ...api.deps.config, buildsDir: BUILDS, apiCacheTtlMs: ttlMs } };
    const short = createServerApp(deps, createLogger('silent'));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 200; i++) {
        // Each asked for twice: kept from its second request on.
        const res = await short.request(`/api/dealers?burst=${i >> 1}`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      expect(short.readCache.size()).toBe(100);
      vi.setSystemTime(Date.now() + ttlMs + 1);
      // The next question, on any path, finds the burst expired and drops it.
      for (let ask = 0; ask < 2; ask++) {
        const next = await short.request('/api/ranges');
        expect(next.status).toBe(200);
        await next.arrayBuffer();
      }
      expect(short.readCache.size()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
