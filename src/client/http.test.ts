/** The configured ky (the API client's fetch layer) against a real local HTTP server: paths, retries, errors, timeouts. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttp, HTTPError, TimeoutError } from './http.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('http', () => {
  let server: Server;
  let base = '';
  let seen: Seen[] = [];
  /** Statuses the next requests get, in order; then 200. */
  let script: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url?.startsWith('/api/slow')) return; // never answers
        const status = script.shift() ?? 200;
        res.writeHead(status, { 'Content-Type': 'application/json', 'Retry-After': '0' });
        res.end(JSON.stringify({ status, url: req.url }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  beforeEach(() => {
    seen = [];
    script = [];
  });

  const http = (retry = 2, timeout = 5000) =>
    createHttp({ prefix: base, retry, timeout, headers: { Accept: 'application/ld+json' } });

  it('GETs the path under the prefix with the query and default headers, and reads JSON', async () => {
    const body = await http()
      .get('pre-owned/vehicles', { searchParams: new URLSearchParams({ 'price[lte]': '300000' }) })
      .json<{ url: string }>();
    expect(body.url).toBe('/api/pre-owned/vehicles?price%5Blte%5D=300000');
    expect(seen[0]?.headers.accept).toBe('application/ld+json');
  });

  it('retries a GET that met a gateway error, and gives up after the allowed attempts', async () => {
    script = [503, 502];
    expect((await http(2).get('dealers')).status).toBe(200);
    expect(seen).toHaveLength(3);
    seen = [];
    script = [503, 503, 503];
    const err = await http(1)
      .get('dealers')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HTTPError);
    expect((err as HTTPError).response.status).toBe(503);
    expect(seen).toHaveLength(2);
  });

  it('throws the response of a 404 without retrying it, so callers can say the car has gone', async () => {
    script = [404];
    const err = await http()
      .get('vehicles/1')
      .json()
      .catch((e: unknown) => e);
    expect((err as HTTPError).response.status).toBe(404);
    expect(seen).toHaveLength(1);
  });

  it('sends a POST once with its JSON body, and hands back any status when asked to', async () => {
    script = [503];
    const res = await http().post('customer_enquiries', {
      json: { first_name: 'Thandi' },
      headers: { 'Content-Type': 'application/ld+json', 'Idempotency-Key': 'k1' },
      throwHttpErrors: false,
    });
    expect(res.status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['content-type']).toBe('application/ld+json');
    expect(seen[0]?.headers['idempotency-key']).toBe('k1');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ first_name: 'Thandi' });
  });

  it('gives up on an answer that takes longer than the timeout', async () => {
    const err = await http(0, 200)
      .get('slow')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
  });
});
