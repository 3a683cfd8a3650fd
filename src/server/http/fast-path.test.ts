import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainUrl } from './fast-path.ts';

/**
 * The fast path keys answers by the URL Hono would see (`c.req.url`, the micro-cache's key): for every
 * target it takes, plainUrl must give what @hono/node-server itself builds, or a cached answer would be
 * found under another URL's key. Checked against the real listener over a socket.
 */
describe('plainUrl', () => {
  let server: Server;
  let port: number;
  const seen = new Map<string, { ours: string | undefined }>();
  beforeAll(async () => {
    const hono = getRequestListener((req) => new Response(req.url));
    server = createServer((req: IncomingMessage, res) => {
      seen.set(req.url ?? '', { ours: plainUrl(req, false) });
      hono(req, res);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  /** Hono's c.req.url for this target, and plainUrl's answer for the same request. */
  const ask = (target: string) =>
    new Promise<{ hono: string; ours: string | undefined }>((done, fail) => {
      const req = request({ port, path: target, headers: { host: `localhost:${port}` } }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => done({ hono: body, ours: seen.get(target)?.ours }));
      });
      req.on('error', fail);
      req.end();
    });

  it('takes a browser-written query with escapes, as Hono sees it', async () => {
    const target = '/api/west-rand/vehicles?order%5Bprice%5D=asc&fuelType%5B%5D=Petrol';
    const { hono, ours } = await ask(target);
    expect(ours).toBe(`http://localhost:${port}${target}`);
    expect(ours).toBe(hono);
  });

  it.each([
    '/api/west-rand%2Fx/vehicles',
    "/api/vehicles?q=o'brien%20x",
    '/api/vehicles?x=%41#frag',
    '/a/%2e%2e/b?x=%41',
  ])('leaves %s to Hono (it would change it, or decode its path)', async (target) => {
    expect((await ask(target)).ours).toBeUndefined();
  });

  it('gives the URL Hono builds for every target it takes', async () => {
    let escaped = 0;
    // Mostly characters a target may hold as it is, with the ones the URL parser escapes or reads apart.
    const common = 'abcAZ09.-_~!$()*+,;:@=&[]/5Bf2e%%%'.split('');
    const rare = '\'"#?\\^`{|}<>'.split('');
    const part = fc.array(
      fc.oneof({ arbitrary: fc.constantFrom(...common), weight: 12 }, fc.constantFrom(...rare)),
      {
        maxLength: 16,
      },
    );
    await fc.assert(
      fc.asyncProperty(part, fc.option(part), async (path, query) => {
        const target = `/${path.join('')}${query ? `?${query.join('')}` : ''}`;
        const { hono, ours } = await ask(target);
        if (ours === undefined) return;
        expect(ours).toBe(hono);
        if (target.includes('%')) escaped++;
      }),
      { numRuns: 400 },
    );
    // Not vacuous: many of the targets taken had escapes.
    expect(escaped).toBeGreaterThan(20);
  });
});
