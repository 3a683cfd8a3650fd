/**
 * Pages compressed on first request at a fast brotli level are compressed again at the best level in the
 * background (src/server/http/brotli-refine.ts): later answers are smaller, decode to the same page, keep
 * their ETag and carry the right Content-Length, on the chain and on the fast path alike.
 */

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bestBrotli, FIRST_ROUND_TRIP_BODY } from '../../src/server/http/brotli-refine.ts';
import type { FastRequest } from '../../src/server/http/fast-path.ts';
import { createStaticFiles } from '../../src/server/http/static-files.ts';
import { publish } from '../../src/server/publish/current-link.ts';
import { landingPages, siteRoutes } from '../../src/server/site.ts';

const DIR = resolve('data/test/brotli-refine/b1');

/** A page like ours: repeated markup with varied text, about 60 KB. */
function page(cards: number): string {
  const card = (i: number) =>
    `<article class="card"><img src="/uploads/car-${i}.webp" alt="Subaru Forester ${2019 + (i % 6)} in ${['white', 'grey', 'blue', 'red'][i % 4]}" width="400" height="300"><h3>Forester 2.5i ${['CVT', 'ES', 'Sport'][i % 3]}</h3><p class="price">R ${(389_900 + i * 7_131).toLocaleString('en-ZA')}</p><p>${45_000 + i * 1_337} km · Petrol · Automatic · ${['Cape Town', 'Pretoria', 'West Rand'][i % 3]}</p></article>`;
  return `<!doctype html><html lang="en-ZA"><head><title>Pre-owned</title></head><body><main>${Array.from({ length: cards }, (_, i) => card(i)).join('')}</main></body></html>`;
}

const BR = { 'accept-encoding': 'gzip, deflate, br' };

describe('pages refined to brotli 11', () => {
  const files = createStaticFiles();
  const app = new Hono().get('*', (c) => {
    const found = files.lookup(DIR, c.req.path);
    return found ? files.respond(c, found.key, found.file) : c.notFound();
  });
  const fastAnswer = (path: string) => {
    const found = files.lookup(DIR, path);
    if (!found) throw new Error(`no file for ${path}`);
    const r = {
      req: { headers: BR } as unknown as IncomingMessage,
      method: 'GET',
      url: `http://localhost${path}`,
      path,
      https: false,
    } satisfies FastRequest;
    return files.fast(r, found.key, found.file);
  };
  const large = page(220);
  const small = page(20);

  beforeAll(() => {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(join(DIR, 'small'), { recursive: true });
    writeFileSync(join(DIR, 'index.html'), large);
    writeFileSync(join(DIR, 'small', 'index.html'), small);
  });
  afterAll(() => rmSync(resolve(DIR, '..'), { recursive: true, force: true }));

  it('answers a large page smaller once refined, the same page, ETag and a matching length', async () => {
    expect(Buffer.byteLength(large)).toBeGreaterThan(40_000);
    const first = await app.request('/', { headers: BR });
    expect(first.headers.get('content-encoding')).toBe('br');
    const fast = Buffer.from(await first.arrayBuffer());
    expect(brotliDecompressSync(fast).toString()).toBe(large);
    const heldBefore = files.stats().bytes;

    await files.refined();

    const later = await app.request('/', { headers: BR });
    const best = Buffer.from(await later.arrayBuffer());
    expect(best.length).toBeLessThan(fast.length);
    expect(brotliDecompressSync(best).toString()).toBe(large);
    expect(later.headers.get('content-length')).toBe(String(best.length));
    expect(later.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(files.stats().bytes).toBe(heldBefore - (fast.length - best.length));

    // The fast path answers the same bytes, with its header list made again for the new length.
    const viaFast = fastAnswer('/');
    expect(Buffer.from(viaFast?.body as Uint8Array).equals(best)).toBe(true);
    const headers = viaFast?.headers ?? [];
    expect(headers[headers.indexOf('Content-Length') + 1]).toBe(String(best.length));
  });

  it('leaves a small page with its first bytes', async () => {
    const first = Buffer.from(await (await app.request('/small/', { headers: BR })).arrayBuffer());
    await files.refined();
    const later = Buffer.from(await (await app.request('/small/', { headers: BR })).arrayBuffer());
    expect(later.equals(first)).toBe(true);
    expect(brotliDecompressSync(later).toString()).toBe(small);
  });
});

describe('landing pages readied when a build goes live (decision 351)', () => {
  const BUILDS = resolve('data/test/brotli-refine-landing');
  const write = (id: string, rel: string, text: string) => {
    mkdirSync(join(BUILDS, id, rel, '..'), { recursive: true });
    writeFileSync(join(BUILDS, id, rel), text);
  };
  /** What a visitor's first request for `path` gets, as brotli bytes. */
  const firstAnswer = async (site: ReturnType<typeof siteRoutes>, path: string) =>
    Buffer.from(await (await site.request(path, { headers: BR })).arrayBuffer());

  beforeAll(() => {
    rmSync(BUILDS, { recursive: true, force: true });
    for (const id of ['b1', 'b2']) {
      write(id, 'index.html', page(200).replace('Pre-owned', `Home of ${id}`));
      write(id, 'dealer/west-rand/index.html', page(180).replace('Pre-owned', `West Rand of ${id}`));
      write(id, 'blog/index.html', page(160));
    }
    publish(BUILDS, 'b1');
  });
  afterAll(() => rmSync(BUILDS, { recursive: true, force: true }));

  it("gives the home and each dealer's home their best brotli before their first visitor, on start and on publish", async () => {
    const site = siteRoutes({ buildsDir: BUILDS });
    expect(landingPages(join(BUILDS, 'b1'))).toEqual(['/', '/dealer/west-rand', '/dealer/west-rand/']);
    expect(await site.landingPagesReady()).toBe('b1');
    for (const [path, file] of [
      ['/', 'b1/index.html'],
      ['/dealer/west-rand', 'b1/dealer/west-rand/index.html'],
      ['/dealer/west-rand/', 'b1/dealer/west-rand/index.html'],
    ] as const)
      expect((await firstAnswer(site, path)).equals(await bestBrotli(join(BUILDS, file)))).toBe(true);
    // Any other page gets the fast level first, as before.
    const blog = await firstAnswer(site, '/blog/');
    expect(blog.length).toBeGreaterThan((await bestBrotli(join(BUILDS, 'b1/blog/index.html'))).length);

    publish(BUILDS, 'b2');
    await vi.waitFor(async () => expect(await site.landingPagesReady()).toBe('b2'), { timeout: 10_000 });
    expect((await firstAnswer(site, '/')).equals(await bestBrotli(join(BUILDS, 'b2/index.html')))).toBe(true);
  });
});

describe("a page's first brotli form (decision 352)", () => {
  const DIR2 = resolve('data/test/brotli-first/b1');
  /** Brotli at `quality`, as the server makes it (brotliText). */
  const brotliAt = (text: string, quality: number) =>
    brotliCompressSync(Buffer.from(text), {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    });
  /** The smallest page of our cards whose fast form is at least `bytes`. */
  const pageOver = (bytes: number) => {
    let cards = 20;
    while (brotliAt(page(cards), 5).length < bytes) cards += 5;
    return page(cards);
  };
  const files = createStaticFiles();
  const app = new Hono().get('*', (c) => {
    const found = files.lookup(DIR2, c.req.path);
    return found ? files.respond(c, found.key, found.file) : c.notFound();
  });
  const firstAnswer = async (path: string) =>
    Buffer.from(await (await app.request(path, { headers: BR })).arrayBuffer());
  // Just over the first round trip at the fast level; far over it; within it.
  const near = pageOver(FIRST_ROUND_TRIP_BODY + 300);
  const far = pageOver(FIRST_ROUND_TRIP_BODY * 1.5);
  const within = page(150);

  beforeAll(() => {
    rmSync(DIR2, { recursive: true, force: true });
    for (const [dir, text] of [
      ['near', near],
      ['far', far],
      ['within', within],
    ] as const) {
      mkdirSync(join(DIR2, dir), { recursive: true });
      writeFileSync(join(DIR2, dir, 'index.html'), text);
    }
  });
  afterAll(() => rmSync(resolve(DIR2, '..'), { recursive: true, force: true }));

  it('gives a page just over the first round trip a level that fits it, on its first request', async () => {
    expect(brotliAt(near, 5).length).toBeGreaterThan(FIRST_ROUND_TRIP_BODY);
    const first = await firstAnswer('/near/');
    expect(first.length).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BODY);
    expect(first.equals(brotliAt(near, 10))).toBe(true);
    expect(brotliDecompressSync(first).toString()).toBe(near);
  });

  it('keeps the fast level for a page within the round trip, and for one far over it', async () => {
    expect(brotliAt(within, 5).length).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BODY);
    expect((await firstAnswer('/within/')).equals(brotliAt(within, 5))).toBe(true);
    expect(brotliAt(far, 10).length).toBeGreaterThan(FIRST_ROUND_TRIP_BODY);
    expect((await firstAnswer('/far/')).equals(brotliAt(far, 5))).toBe(true);
  });
});
