/**
 * The one-process server around the API: the published build served from memory (ETags, pre-compressed
 * forms, shells, 404 page, atomic switch) and the short micro-cache of public API answers.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_BYPASS_ENV, CACHE_BYPASS_HEADER } from '../../src/config/cache-bypass.ts';
import { SHOWCASE } from '../../src/demo/fixtures.ts';
import { cacheBypassEnv } from '../../src/server/http/cache-bypass.ts';
import { createLogger } from '../../src/server/log.ts';
import { publish } from '../../src/server/publish/current-link.ts';
import { createServerApp } from '../../src/server/server.ts';
import { openTestApi, type TestApi } from './harness.ts';

const BUILDS = 'data/test/server-http-builds';

function writeBuild(id: string, home: string) {
  const dir = join(BUILDS, id);
  const page = (path: string, html: string) => {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, 'index.html'), html);
  };
  page('', home);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(home));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(home));
  // A page without compressed twins, as builds now write pages (the server compresses them on demand).
  page('blog', `<h1>blog in ${id}</h1>${'<p>a paragraph of the blog list</p>'.repeat(40)}`);
  page('pre-owned', '<h1>listing shell</h1>');
  // The listing's island props, kept beside it by the build (decision 349), without compressed twins.
  writeFileSync(
    join(dir, 'pre-owned', 'islands.json'),
    JSON.stringify({ Z1: { cars: [1, Array(80).fill([0, id])] } }),
  );
  page('pre-owned/vehicle', '<h1>vehicle shell</h1>');
  writeFileSync(join(dir, '404.html'), '<h1>Oops</h1>');
  mkdirSync(join(dir, '_astro'), { recursive: true });
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'console.log(1)');
}

describe('one-process server', () => {
  let api: TestApi;
  let app: ReturnType<typeof createServerApp>;
  let deps: TestApi['deps'];
  beforeAll(async () => {
    rmSync(BUILDS, { recursive: true, force: true });
    mkdirSync(BUILDS, { recursive: true });
    writeBuild('b1', '<h1>first build</h1>'.repeat(50));
    publish(BUILDS, 'b1');
    api = await openTestApi('sqlite', { DATA_DIR: 'data/test/server-http', API_CACHE_TTL_MS: '60000' });
    deps = { ...api.deps, config: { ...api.deps.config, buildsDir: BUILDS } };
    app = createServerApp(deps, createLogger('silent'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(BUILDS, { recursive: true, force: true });
  });

  it('serves a page with an ETag, answers 304 to a matching If-None-Match', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await app.request('/', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it("serves a page's island props as it serves the page: revalidated on every use, compressed on demand", async () => {
    const res = await app.request('/pre-owned/islands.json', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    // The page that names it is revalidated on every visit: its props must come from the same build.
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('content-encoding')).toBe('br');
    const props = JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString());
    expect(props.Z1.cars[1]).toHaveLength(80);
  });

  it('answers with the pre-compressed form the client accepts', async () => {
    const br = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    // A page also has a data-saver form at its address (src/server/http/data-saver-variants.ts).
    expect(br.headers.get('vary')).toBe('Accept-Encoding, Save-Data, Cookie');
    const gz = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.request('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    // Each form is read from disk on first use only, and all three are the same page.
    const text = await plain.text();
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    const again = await app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString()).toBe(text);
  });

  it('the data-saver switch remembers the choice for a year and goes back to the page, with its query', async () => {
    const on = await app.request('/data-saver', {
      method: 'POST',
      body: new URLSearchParams({ on: '1', back: '/pre-owned/' }),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Referer: 'http://localhost/pre-owned/?make=subaru&page=2',
      },
    });
    expect(on.status).toBe(303);
    expect(on.headers.get('location')).toBe('/pre-owned/?make=subaru&page=2');
    expect(on.headers.get('set-cookie')).toMatch(/^data_saver=1; Path=\/; Max-Age=31536000; SameSite=Lax/);
    // Another site's Referer, or one of another page, gives no query; a `back` off this site goes home.
    const off = await app.request('/data-saver', {
      method: 'POST',
      body: new URLSearchParams({ back: '/blog/' }),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Referer: 'https://evil.example/blog/?x=1',
      },
    });
    expect(off.headers.get('location')).toBe('/blog/');
    expect(off.headers.get('set-cookie')).toMatch(/^data_saver=0;/);
    const away = await app.request('/data-saver', {
      method: 'POST',
      body: new URLSearchParams({ on: '1', back: '//evil.example/' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(away.headers.get('location')).toBe('/');
    // The cookie then gives the data-saver form of every page.
    const saver = await app.request('/', { headers: { Cookie: 'data_saver=1' } });
    const plain = await app.request('/');
    expect(saver.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    // In the coding the client accepts: brotli refused with q=0 gives gzip (RFC 9110 §12.5.3).
    const coded = (accept: string) =>
      app.request('/', { headers: { Cookie: 'data_saver=1', 'Accept-Encoding': accept } });
    expect((await coded('gzip, br')).headers.get('content-encoding')).toBe('br');
    const refused = await coded('br;q=0, gzip');
    expect(refused.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await refused.arrayBuffer())).toString()).toBe(await saver.text());
  });

  it('compresses a page without twins on first request, keeps it, and answers 304 the same', async () => {
    const plain = await app.request('/blog/');
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding, Save-Data, Cookie');
    const br = await app.request('/blog/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding, Save-Data, Cookie');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(text.length / 4);
    expect(brotliDecompressSync(brBytes).toString()).toBe(text);
    const gz = await app.request('/blog/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    // Both compressed forms are now held in memory: they are served with the file gone from disk.
    const file = join(BUILDS, 'b1', 'blog', 'index.html');
    const saved = readFileSync(file);
    rmSync(file);
    try {
      const again = await app.request('/blog/', { headers: { 'Accept-Encoding': 'br' } });
      expect(again.status).toBe(200);
      expect(Buffer.from(await again.arrayBuffer()).equals(brBytes)).toBe(true);
      const etag = br.headers.get('etag') as string;
      const revalidated = await app.request('/blog/', {
        headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag },
      });
      expect(revalidated.status).toBe(304);
    } finally {
      writeFileSync(file, saved);
    }
  });

  it('compresses a page once when many ask for it at the same time', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => app.request('/blog', { headers: { 'Accept-Encoding': 'br' } })),
    );
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer())));
    for (const b of bodies) expect(brotliDecompressSync(b).toString()).toContain('blog in b1');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.request('/_astro/app.abc123.js');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('serves shells for stock added after the build, and the 404 page with status 404', async () => {
    const car = await app.request('/pre-owned/toyota/hilux/987654');
    expect(car.status).toBe(200);
    expect(await car.text()).toContain('vehicle shell');
    const make = await app.request('/dealer/west-rand/pre-owned/lotus');
    expect(make.status).toBe(404); // no dealer-twin listing in this tiny build: the 404 page
    const listing = await app.request('/pre-owned/lotus/emira');
    expect(await listing.text()).toContain('listing shell');
    const missing = await app.request('/no/such/page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops');
  });

  it('never serves a file outside the build', async () => {
    for (const path of [
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/..%5c..%5cpackage.json',
    ]) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
    }
  });

  it('switches every following request to a newly published build at once', async () => {
    expect(await (await app.request('/')).text()).toContain('first build');
    writeBuild('b2', '<h1>second build</h1>');
    publish(BUILDS, 'b2');
    expect(await (await app.request('/')).text()).toContain('second build');
  });

  it('keeps public API answers briefly, even for a client asking no-cache; only the build skips it; content change forgets', async () => {
    const total = async (init?: RequestInit) =>
      (
        (await (await app.request('/api/motus-subaru/vehicles', init)).json()) as {
          'hydra:totalItems': number;
        }
      )['hydra:totalItems'];
    await total(); // an answer is kept from its second request on (http/micro-cache.ts)
    const before = await total();
    await api.deps.db.updateTable('vehicles').set({ status: 'sold' }).where('id', '=', SHOWCASE.id).execute();
    expect(await total()).toBe(before); // within the TTL: the cached answer
    // A client cannot make every request reach the database (issue 12: 4,884 to 339 req/s).
    expect(await total({ headers: { 'Cache-Control': 'no-cache' } })).toBe(before);
    expect(await total({ headers: { Authorization: 'Bearer anything' } })).toBe(before);
    expect(await total({ headers: { [CACHE_BYPASS_HEADER]: 'a-guess' } })).toBe(before);
    // The build this process spawns carries its secret and sees the change at once.
    const buildHeaders = { [CACHE_BYPASS_HEADER]: cacheBypassEnv()[CACHE_BYPASS_ENV] as string };
    expect(await total({ headers: buildHeaders })).toBe(before - 1);
    deps.readCache?.clear();
    expect(await total()).toBe(before - 1);
    expect(await total()).toBe(before - 1);
  });

  it('over HTTP, answers a listing from the micro-cache with the same bytes and headers as the first time, plain and gzip', async () => {
    // Through @hono/node-server, whose light answers the cache keeps as text (http/body-text.ts).
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((ok) => server.once('listening', ok));
    const { port } = server.address() as { port: number };
    try {
      for (const encoding of ['identity', 'gzip']) {
        const url = `http://127.0.0.1:${port}/api/all/vehicles?order[price]=desc&price[lte]=${encoding.length}00000`;
        const get = async () => {
          const res = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
          const headers = Object.fromEntries(res.headers);
          delete headers['x-request-id'];
          delete headers.date;
          return { status: res.status, headers, body: await res.text() };
        };
        const first = await get();
        expect(first.status).toBe(200);
        expect(first.headers.vary).toBe('Accept-Encoding');
        expect(first.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
        expect(JSON.parse(first.body)['hydra:member'].length).toBeGreaterThan(0);
        expect(await get()).toEqual(first);
      }
    } finally {
      server.close();
    }
  });

  it('gives a listing the same strong ETag on two instances, and a new one when one car on the page changes', async () => {
    // A second instance over the same database, with caches and stock index of its own.
    const other = { ...deps };
    const app2 = createServerApp(other, createLogger('silent'));
    const url = '/api/all/vehicles?order[price]=asc&price[gte]=150000';
    const seen = async (a: typeof app) => {
      const res = await a.request(url);
      return { etag: res.headers.get('etag'), body: await res.text() };
    };
    await deps.stockIndex?.ready();
    await other.stockIndex?.ready();
    const before = await seen(app);
    expect(before.etag).toMatch(/^"[\w-]{22}"$/);
    expect(await seen(app2)).toEqual(before);
    // One car of the page gets another colour: the page's frame (total, links) stays the same.
    const car = JSON.parse(before.body)['hydra:member'][3] as { id: number; exterior_color: string };
    await deps.db
      .updateTable('vehicles')
      .set({ exterior_color: `${car.exterior_color} Pearl` })
      .where('id', '=', car.id)
      .execute();
    for (const d of [deps, other]) {
      d.readCache?.clear();
      await d.stockIndex?.ready();
    }
    const after = await seen(app);
    expect(after.body).not.toBe(before.body);
    expect(after.etag).not.toBe(before.etag);
    expect(await seen(app2)).toEqual(after);
  });

  it('never caches errors or answers to authenticated requests', async () => {
    expect((await app.request('/api/vehicles/abc')).status).toBe(400);
    expect((await app.request('/api/vehicles/abc')).status).toBe(400);
  });
});
