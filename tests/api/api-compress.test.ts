/**
 * API answers compressed in one call (src/server/http/api-compress.ts, decision 353), over real HTTP
 * through @hono/node-server as `npm start` serves them: each encoding decodes to the plain answer's
 * bytes, the micro-cache keeps each encoding apart and files an answer under the encoding it was made
 * for, and small answers and HEAD go as they are.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/log.ts';
import { createServerApp } from '../../src/server/server.ts';
import { openTestApi, type TestApi } from './harness.ts';

interface Seen {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe('API compression', () => {
  let api: TestApi;
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    api = await openTestApi('sqlite', { DATA_DIR: 'data/test/api-compress', API_CACHE_TTL_MS: '60000' });
    const server = serve({
      fetch: createServerApp(api.deps, createLogger('silent')).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise((ok) => server.once('listening', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await api.close();
  });

  /** One request over node:http, the body as sent (fetch would decode it). */
  const ask = (path: string, acceptEncoding?: string, method = 'GET') =>
    new Promise<Seen>((ok, fail) => {
      const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
      const req = request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', fail);
      req.end();
    });

  const decoded = (seen: Seen) =>
    seen.headers['content-encoding'] === 'gzip'
      ? gunzipSync(seen.body)
      : seen.headers['content-encoding'] === 'deflate'
        ? inflateSync(seen.body)
        : seen.body;

  it('gzips or deflates a listing to the plain answer’s bytes, with its own length, the same on a kept answer', async () => {
    const path = '/api/all/vehicles?order[price]=asc&price[lte]=700000';
    const plain = await ask(path);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'gzip'],
      ['deflate', 'deflate'],
    ]) {
      // First answer (made), second (kept from then on), third (answered from the micro-cache).
      for (let i = 0; i < 3; i++) {
        const seen = await ask(path, accept);
        expect(seen.status).toBe(200);
        expect(seen.headers['content-encoding']).toBe(encoding);
        expect(seen.headers.vary).toBe('Accept-Encoding');
        expect(Number(seen.headers['content-length'])).toBe(seen.body.length);
        expect(seen.body.length).toBeLessThan(plain.body.length / 3);
        expect(decoded(seen).equals(plain.body)).toBe(true);
      }
    }
  });

  it('files an answer under the encoding it was made for: a client refusing gzip never hands gzip clients deflate', async () => {
    const path = '/api/all/vehicles?order[price]=asc&price[lte]=800000';
    for (let i = 0; i < 3; i++) {
      const refused = await ask(path, 'gzip;q=0, deflate');
      expect(refused.headers['content-encoding']).toBe('deflate');
    }
    const gzip = await ask(path, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())['hydra:member'].length).toBeGreaterThan(0);
    const none = await ask(path, 'gzip;q=0');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString())['@type']).toBe('hydra:Collection');
  });

  it('streams an answer not made from text (the OpenAPI document) through the same choice', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'gzip'],
      ['gzip;q=0, deflate', 'deflate'],
    ]) {
      const seen = await ask('/api/docs.json', accept);
      expect(seen.status).toBe(200);
      expect(seen.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decoded(seen).toString()).openapi).toMatch(/^3\.1/);
    }
  });

  it('sends small answers, errors and HEAD as they are', async () => {
    const small = await ask('/api/vehicles/abc', 'gzip');
    expect(small.status).toBe(400);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).detail).toBeTruthy();
    const head = await ask('/api/all/vehicles', 'gzip', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
  });
});
