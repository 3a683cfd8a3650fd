/**
 * The admin app's serving (docs/decisions/080-admin-app.md): /admin answers the SPA's index.html for any
 * path below it, with a fresh CSP nonce per answer and no 'unsafe-inline'; hashed assets are immutable;
 * an unbuilt bundle is a plain 503 naming the command.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAppRoutes, NONCE_PLACEHOLDER } from '../../src/server/http/admin-app.ts';
import { securityHeaders } from '../../src/server/http/security-headers.ts';

const DIST = 'data/test/admin-dist';

function appOn(dist: string) {
  const app = new Hono();
  app.use('*', securityHeaders({ trustProxy: 0 }));
  app.route('/', adminAppRoutes(dist));
  return app;
}

describe('admin app serving', () => {
  beforeAll(() => {
    mkdirSync(join(DIST, 'assets'), { recursive: true });
    writeFileSync(
      join(DIST, 'index.html'),
      `<meta name="csp-nonce" content="${NONCE_PLACEHOLDER}"><script type="module" src="/admin/assets/index-abc.js"></script>`,
    );
    writeFileSync(join(DIST, 'assets', 'index-abc.js'), 'console.log("admin")');
  });
  afterAll(() => rmSync(DIST, { recursive: true, force: true }));

  it('answers index.html for /admin/ and any path below it, with a fresh nonce in the page and the CSP', async () => {
    const app = appOn(DIST);
    const nonces = new Set<string>();
    for (const path of ['/admin/', '/admin/specials/1', '/admin/builds']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      const html = await res.text();
      const nonce = /content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(nonce).not.toBe(NONCE_PLACEHOLDER);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain(`'nonce-${nonce}'`);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
    expect((await app.request('/admin')).headers.get('Location')).toBe('/admin/');
  });

  it('serves hashed assets as immutable and refuses paths outside the bundle', async () => {
    const app = appOn(DIST);
    const res = await app.request('/admin/assets/index-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toContain('immutable');
    expect((await app.request('/admin/assets/missing.js')).status).toBe(404);
    expect((await app.request('/admin/assets/..%2f..%2fpackage.json')).status).toBe(404);
  });

  it('says how to build the bundle when it is missing', async () => {
    const res = await appOn('data/test/admin-nowhere').request('/admin/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build:admin');
  });
});
