/**
 * The fast path (src/server/http/fast-path.ts, issue 27): micro-cached API answers and published pages
 * already in memory are written in front of the Hono app. Over real HTTP, one app behind two servers
 * (one with the fast path as `npm start` runs it, one through the Hono chain only): every answer must be
 * the same status, headers and bytes either way, 304 and HEAD included, and a write must show at once.
 */
import { rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../src/server/deps.ts';
import type { FastRead } from '../../src/server/http/fast-reads.ts';
import { createLogger, type LogSink } from '../../src/server/log.ts';
import { listingRead } from '../../src/server/routes/vehicles.ts';
import { createServerApp, fastAnswered, nodeListener } from '../../src/server/server.ts';
import type { StockIndex } from '../../src/server/stock/stock-index.ts';
import { openTestApi, type TestApi } from './harness.ts';
import { EDITOR_TOKEN, publishTwoPageSite } from './publish-helpers.ts';

const BUILDS = 'data/test/fast-path-builds';

const listen = (server: Server) =>
  new Promise<string>((ok) =>
    server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request over node:http (the Host it is given is sent as it is; bodies stay as sent, compressed). */
function ask(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Seen & { id: string }>((ok, fail) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = { ...res.headers } as Record<string, string>;
        const id = headers['x-request-id'] ?? '';
        delete headers['x-request-id'];
        delete headers.date;
        ok({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64'), id });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

describe('fast path', () => {
  let api: TestApi;
  let app: ReturnType<typeof createServerApp>;
  let deps: Deps;
  const lines: Record<string, unknown>[] = [];
  /** The same lines as written, for comparing them byte for byte. */
  const raw: string[] = [];
  const servers: Server[] = [];
  let fast = '';
  let slow = '';
  beforeAll(async () => {
    publishTwoPageSite(BUILDS);
    api = await openTestApi('sqlite', {
      DATA_DIR: 'data/test/fast-path',
      API_CACHE_TTL_MS: '60000',
      EDITOR_TOKEN,
    });
    deps = { ...api.deps, config: { ...api.deps.config, buildsDir: BUILDS } };
    const sink: LogSink = {
      write: (line) => {
        raw.push(line);
        lines.push(JSON.parse(line));
      },
    };
    app = createServerApp(deps, createLogger('info', 'server', sink));
    const withFast = createServer(nodeListener(app, '127.0.0.1'));
    const chainOnly = createServer(getRequestListener(app.fetch, { hostname: '127.0.0.1' }));
    servers.push(withFast, chainOnly);
    fast = await listen(withFast);
    slow = await listen(chainOnly);
  });
  afterAll(async () => {
    for (const s of servers) s.close();
    await api.close();
    rmSync(BUILDS, { recursive: true, force: true });
  });

  /** The same request to both servers, the chain first (it fills the caches), then the fast path. */
  async function both(
    path: string,
    init: { method?: string; headers?: Record<string, string> } = {},
    host?: string,
  ) {
    // One Host for both servers (they listen on two ports): the micro-cache keys answers by URL.
    const headers = { ...init.headers, Host: host ?? 'localhost:4321' };
    const start = raw.length;
    const viaChain = await ask(slow + path, { ...init, headers });
    const before = lines.length;
    const answered = fastAnswered(app);
    const viaFast = await ask(fast + path, { ...init, headers });
    // The access-log lines of both, as written, but for what differs by nature: the time, the request
    // id and the chain's milliseconds.
    const same = (ls: string[]) =>
      ls.map((l) =>
        l
          .replace(/"time":"[^"]+"/, '"time":"T"')
          .replace(/"request_id":"[^"]+"/, '"request_id":"ID"')
          .replace(/"ms":\d+/, '"ms":0'),
      );
    return {
      viaChain,
      viaFast,
      logged: lines.slice(before),
      loggedViaChain: lines.slice(start, before),
      lineViaChain: same(raw.slice(start, before)),
      lineViaFast: same(raw.slice(before)),
      byFastPath: fastAnswered(app) > answered,
    };
  }

  const API = [
    '/api/dealers',
    '/api/all/vehicles?order[price]=asc&itemsPerPage=5',
    // As a browser's URLSearchParams writes the listing's query (src/domain/vehicle-query-string.ts).
    '/api/west-rand/vehicles?order%5Bprice%5D=desc&price%5Blte%5D=900000',
    '/api/vehicles/100001',
    '/api/ranges',
    '/api/special-deals/all',
  ];

  it('answers cached API GETs, HEADs and 304s with the status, headers and bytes of the Hono chain', async () => {
    for (const path of API) {
      for (const encoding of ['identity', 'gzip, deflate, br']) {
        const get = { headers: { 'Accept-Encoding': encoding } };
        // Both servers share one micro-cache; the first request to the chain fills it.
        await ask(slow + path, { headers: { ...get.headers, Host: 'localhost:4321' } });
        const { viaChain, viaFast, logged, loggedViaChain, lineViaChain, lineViaFast, byFastPath } =
          await both(path, get);
        expect(byFastPath, path).toBe(true);
        expect(viaChain.status, path).toBe(200);
        expect(lineViaFast).toHaveLength(1);
        expect(lineViaFast).toEqual(lineViaChain);
        expect(viaFast, `${path} ${encoding}`).toEqual({ ...viaChain, id: viaFast.id });
        expect(viaFast.headers.etag, path).toMatch(/^"[\w-]{22}"$/);
        expect(viaFast.headers['content-security-policy']).toMatch(/^default-src 'none'/);
        expect(viaFast.headers['x-frame-options']).toBe('DENY');
        expect(viaFast.headers.vary).toContain('Accept-Encoding');
        expect(viaFast.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(viaFast.id).not.toBe(viaChain.id);
        // The access log has its line, with the answer's request id.
        expect(logged).toMatchObject([
          { msg: 'request', request_id: viaFast.id, method: 'GET', status: 200 },
        ]);
        expect(loggedViaChain).toMatchObject([
          { msg: 'request', request_id: viaChain.id, method: 'GET', status: 200 },
        ]);

        const head = await both(path, { ...get, method: 'HEAD' });
        expect(head.byFastPath).toBe(true);
        expect(head.viaFast).toEqual({ ...head.viaChain, id: head.viaFast.id });
        expect(head.viaFast.body).toBe('');

        const cond = { headers: { ...get.headers, 'If-None-Match': viaFast.headers.etag as string } };
        const notModified = await both(path, cond);
        expect(notModified.byFastPath).toBe(true);
        expect(notModified.viaChain.status).toBe(304);
        expect(notModified.viaFast).toEqual({ ...notModified.viaChain, id: notModified.viaFast.id });
        expect(notModified.viaFast.headers.etag).toBe(viaFast.headers.etag);
      }
    }
    // The compressed and plain forms are different bytes, with different ETags.
    const plain = await ask(`${fast}/api/dealers`, { headers: { 'Accept-Encoding': 'identity' } });
    const gz = await ask(`${fast}/api/dealers`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).not.toBe(plain.headers.etag);
  });

  it('gives HSTS over HTTPS seen through a trusted proxy only as the chain does (none here: TRUST_PROXY=0)', async () => {
    const forged = { headers: { 'X-Forwarded-Proto': 'https' } };
    const { viaChain, viaFast } = await both('/api/dealers', forged);
    expect(viaFast).toEqual({ ...viaChain, id: viaFast.id });
    expect(viaFast.headers['strict-transport-security']).toBeUndefined();
  });

  it('shows a changed answer right after a write through the editor API', async () => {
    const path = '/api/special-deals/all';
    const editor = { Authorization: `Bearer ${EDITOR_TOKEN}`, 'Content-Type': 'application/json' };
    await ask(fast + path); // fills the cache
    const before = await ask(fast + path);
    expect(before.status).toBe(200);
    const answered = fastAnswered(app);
    expect((await ask(fast + path)).body).toBe(before.body);
    expect(fastAnswered(app)).toBe(answered + 1);
    const listed = await fetch(`${fast}/api/editor/specials?itemsPerPage=1`, { headers: editor });
    const special = ((await listed.json()) as { 'hydra:member': { id: number }[] })['hydra:member'][0];
    const res = await fetch(`${fast}/api/editor/specials/${special?.id}`, {
      method: 'PATCH',
      headers: editor,
      body: JSON.stringify({ price: 123_457 }),
    });
    expect(res.status).toBe(200);
    const after = await ask(fast + path);
    expect(Buffer.from(before.body, 'base64').toString()).not.toContain('123457');
    expect(Buffer.from(after.body, 'base64').toString()).toContain('123457');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The old ETag no longer matches: the client gets the new answer, not 304.
    expect(
      (await ask(fast + path, { headers: { 'If-None-Match': before.headers.etag as string } })).status,
    ).toBe(200);
  });

  it('answers published pages with the headers and bytes of the chain, in every encoding, with HEAD and 304', async () => {
    for (const path of ['/', '/blog/']) {
      // The last: brotli refused with q=0 (RFC 9110 §12.5.3), so gzip.
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['identity', 'identity'],
        ['br;q=0, gzip', 'gzip'],
      ]) {
        const get = { headers: { 'Accept-Encoding': accept as string } };
        await ask(slow + path, get); // compresses on first request
        const { viaChain, viaFast, logged, loggedViaChain, lineViaChain, lineViaFast, byFastPath } =
          await both(path, get);
        expect(byFastPath, path).toBe(true);
        expect(viaChain.status).toBe(200);
        // The access line is the one the chain writes, byte for byte (log.ts `request`).
        expect(lineViaFast).toHaveLength(1);
        expect(lineViaFast).toEqual(lineViaChain);
        expect(viaFast).toEqual({ ...viaChain, id: viaFast.id });
        expect(viaFast.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(logged).toMatchObject([{ request_id: viaFast.id, path, status: 200 }]);
        expect(loggedViaChain).toMatchObject([{ request_id: viaChain.id, path, status: 200 }]);
        const head = await both(path, { ...get, method: 'HEAD' });
        expect(head.viaFast).toEqual({ ...head.viaChain, id: head.viaFast.id });
        const cond = await both(path, {
          headers: { ...get.headers, 'If-None-Match': viaFast.headers.etag as string },
        });
        expect(cond.viaFast.status).toBe(304);
        expect(head.byFastPath && cond.byFastPath).toBe(true);
        expect(cond.viaFast).toEqual({ ...cond.viaChain, id: cond.viaFast.id });
      }
    }
    // The data-saver form (a cookie) still comes from the chain, and differs from the full page.
    const saver = await both('/', { headers: { Cookie: 'data_saver=1' } });
    expect(saver.byFastPath).toBe(false);
    expect(saver.viaFast).toEqual({ ...saver.viaChain, id: saver.viaFast.id });
    expect(saver.viaFast.headers.etag).toMatch(/-saver"$/);
  });

  it('leaves unusual requests to the chain: an encoded path, a Host Hono would rewrite, a 404', async () => {
    for (const [path, host] of [
      ['/api/dealers', 'Example.TEST'], // Hono lower-cases it: a URL it would rebuild
      ['/api/deal%65rs', undefined],
      ['/nowhere', undefined],
      ['/api/nowhere', undefined],
    ] as const) {
      const { viaChain, viaFast, byFastPath } = await both(path, {}, host);
      expect(byFastPath, path).toBe(false);
      expect(viaFast, path).toEqual({ ...viaChain, id: viaFast.id });
    }
  });
  describe('a listing nobody asked for yet, answered from the stock index (http/fast-reads.ts)', () => {
    const scope = fc.constantFrom(
      'all',
      'motus-subaru',
      'west-rand',
      'motus-subaru-west-rand',
      'WEST-RAND',
      'nobody',
      'editor',
    );
    const param: fc.Arbitrary<readonly string[]> = fc.oneof(
      fc.constantFrom(['page', '2'], ['page', '1'], ['page', '99'], ['page', 'x'], ['page', '0']),
      fc.constantFrom(
        ['order[price]', 'asc'],
        ['order[price]', 'desc'],
        ['order[year]', 'desc'],
        ['order[mileage]', 'sideways'],
      ),
      fc.constantFrom(
        ['fuelType[]', 'Petrol'],
        ['fuelType[]', 'Diesel'],
        ['fuelType[]', 'Steam'],
        ['vehicle_state[]', 'demo'],
      ),
      fc.integer({ min: 100_000, max: 900_000 }).map((n) => ['price[lte]', String(n)]),
      fc.constantFrom(
        ['price[gte]', 'cheap'],
        ['dealer[]', 'motus-subaru-west-rand'],
        ['dealer[]', 'west-rand'],
        ['dealer[]', 'nobody'],
        ['q', 'outback'],
        ['q', 'subaru forester'],
        ['body_type[]', 'SUV'],
        ['make_slug', 'subaru'],
      ),
    );
    const encoding = fc.constantFrom(undefined, 'gzip, deflate, br', 'deflate', 'gzip;q=0, deflate', 'br');
    let n = 0;
    /** A query nobody asked before: `n`, a parameter the listing ignores, makes each URL new. */
    const fresh = (params: readonly (readonly string[])[], escaped: boolean) => {
      const list = [...params, ['n', String(++n)]] as [string, string][];
      return escaped ? new URLSearchParams(list).toString() : list.map(([k, v]) => `${k}=${v}`).join('&');
    };

    it('gives the status, headers, bytes and log line the chain gives, and leaves errors to it', async () => {
      await deps.stockIndex?.ready();
      let fromIndex = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(
          scope,
          fc.array(param, { maxLength: 4 }),
          fc.boolean(),
          encoding,
          async (s, params, escaped, enc) => {
            const path = `/api/${s}/vehicles?${fresh(params, escaped)}`;
            // The chain first (a first ask, not kept), then the fast path (the second: answered and kept).
            const r = await both(path, { headers: enc ? { 'Accept-Encoding': enc } : {} });
            expect(r.viaFast, path).toEqual({ ...r.viaChain, id: r.viaFast.id });
            expect(r.lineViaFast).toEqual(r.lineViaChain);
            if (r.viaChain.status === 200) {
              expect(r.viaFast.headers.etag).toBeTruthy();
              if (r.byFastPath) fromIndex++;
            } else {
              // An error is the chain's to answer, with its words.
              expect(r.byFastPath, path).toBe(false);
              refused++;
            }
          },
        ),
        { numRuns: 150 },
      );
      // Not vacuous: most good questions came from the index, and errors were asked too.
      expect(fromIndex).toBeGreaterThan(40);
      expect(refused).toBeGreaterThan(10);
    });

    it('answers 304 to a new question that names the answer it would give', async () => {
      const path = `/api/west-rand/vehicles?${fresh([['order[price]', 'asc']], true)}`;
      const host = { Host: 'localhost:4321' };
      const first = await ask(slow + path, { headers: host });
      const cond = { ...host, 'If-None-Match': first.headers.etag as string };
      // The second ask: made anew by the fast path (and kept); the third, the chain's from its cache.
      const answered = fastAnswered(app);
      const viaFast = await ask(fast + path, { headers: cond });
      expect(fastAnswered(app)).toBe(answered + 1);
      const viaChain = await ask(slow + path, { headers: cond });
      expect(viaFast.status).toBe(304);
      expect(viaFast).toEqual({ ...viaChain, id: viaFast.id });
    });

    it('never answers a path another GET route owns (the editor stock list), whatever dealership bears its name', async () => {
      await deps.stockIndex?.ready();
      const index = deps.stockIndex as StockIndex;
      // An index in which every name is a dealership's slug.
      const everyName = { ...deps, stockIndex: { ...index, dealer: (s: string) => s } };
      const answer = (read: FastRead, segment: string) => {
        const path = `/api/${segment}/vehicles`;
        return read.read(read.path.exec(path) as RegExpExecArray, `http://localhost:4321${path}`);
      };
      const read = listingRead(everyName, app.routes);
      expect(answer(read, 'editor')).toBeUndefined();
      expect(answer(read, 'motus-subaru-west-rand')).toContain('"hydra:totalItems"');
      // Another pattern of the listing's shape before it would take some of its paths: none is answered.
      const other = listingRead(everyName, [
        { method: 'GET', path: '/api/:id{[0-9]+}/vehicles' },
        ...app.routes,
      ]);
      expect(answer(other, 'motus-subaru-west-rand')).toBeUndefined();
    });

    it('leaves the listing to the chain while the index has no snapshot, and a HEAD', async () => {
      deps.stockIndex?.invalidate();
      const answered = fastAnswered(app);
      const viaFast = await ask(`${fast}/api/all/vehicles?${fresh([], false)}`);
      expect(fastAnswered(app)).toBe(answered);
      expect(viaFast.status).toBe(200);
      await deps.stockIndex?.ready();
      const head = await both(`/api/all/vehicles?${fresh([], false)}`, { method: 'HEAD' });
      expect(head.byFastPath).toBe(false);
      expect(head.viaFast).toEqual({ ...head.viaChain, id: head.viaFast.id });
    });
  });
});
