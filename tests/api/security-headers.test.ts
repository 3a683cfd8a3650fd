/**
 * Security headers from the one-process server (issue 12): on every kind of response, per-path CSP,
 * and HSTS plus Secure cookies only when the request came over HTTPS, as seen through TRUST_PROXY.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspFor } from '../../src/server/http/security-headers.ts';
import { createLogger } from '../../src/server/log.ts';
import { inlineScriptHashes } from '../../src/server/routes/docs.ts';
import { createServerApp } from '../../src/server/server.ts';
import { openTestApi, type TestApi } from './harness.ts';
import { EDITOR_TOKEN } from './publish-helpers.ts';

const DATA = 'data/test/security-headers';
const BUILD = '20261125-000000-000-abcd';

describe('security headers', () => {
  const apis: TestApi[] = [];
  const serverWith = async (trustProxy: string) => {
    const api = await openTestApi('sqlite', { DATA_DIR: DATA, TRUST_PROXY: trustProxy, EDITOR_TOKEN });
    apis.push(api);
    return createServerApp(api.deps, createLogger('silent'));
  };
  beforeAll(() => {
    rmSync(DATA, { recursive: true, force: true });
    mkdirSync(join(DATA, 'builds', BUILD), { recursive: true });
    mkdirSync(join(DATA, 'uploads'), { recursive: true });
    writeFileSync(join(DATA, 'builds', BUILD, 'index.html'), '<h1>home</h1>');
    writeFileSync(join(DATA, 'uploads', 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    symlinkSync(BUILD, join(DATA, 'builds', 'current'));
  });
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.close()));
    rmSync(DATA, { recursive: true, force: true });
  });

  it('sends nosniff, frame-ancestors, Referrer-Policy and Permissions-Policy on pages, API, uploads and 404s', async () => {
    const app = await serverWith('0');
    for (const path of [
      '/',
      '/api/dealers',
      '/api/nowhere',
      '/uploads/x.svg',
      '/uploads/missing.png',
      '/missing',
    ]) {
      const res = await app.request(path);
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options'), path).toBe('DENY');
      expect(res.headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('Permissions-Policy'), path).toContain('camera=()');
    }
    // Uploaded files can never run script; the API allows nothing but its docs page's style.
    expect((await app.request('/uploads/x.svg')).headers.get('Content-Security-Policy')).toContain('sandbox');
    expect((await app.request('/api/dealers')).headers.get('Content-Security-Policy')).toMatch(
      /^default-src 'none'/,
    );
  });

  it('gives static pages, built with their headers in one go (outer-headers.ts), the same headers on 200, HEAD and 304, and a new request id each time', async () => {
    const app = await serverWith('0');
    const api = await app.request('/api/dealers');
    const first = await app.request('/');
    const etag = first.headers.get('ETag') ?? '';
    const answers = [
      first,
      await app.request('/', { method: 'HEAD' }),
      await app.request('/', { headers: { 'If-None-Match': etag } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 304]);
    const ids = new Set<string | null>([api.headers.get('X-Request-Id')]);
    for (const res of answers) {
      for (const name of [
        'X-Content-Type-Options',
        'X-Frame-Options',
        'Referrer-Policy',
        'Permissions-Policy',
      ])
        expect(res.headers.get(name), `${res.status} ${name}`).toBe(api.headers.get(name));
      expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
      expect(res.headers.get('Content-Security-Policy')).toBe(cspFor('/'));
      expect(res.headers.get('ETag')).toBe(etag);
      ids.add(res.headers.get('X-Request-Id'));
    }
    expect(ids.has(null)).toBe(false);
    expect(ids.size).toBe(4);
  });

  it('lets the API reference page run its own inline boot script by hash, and no other inline script', async () => {
    const app = await serverWith('0');
    const res = await app.request('/api/docs');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    const script = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(script).not.toContain('unsafe-inline');
    const hashes = inlineScriptHashes(await res.text());
    expect(hashes).toHaveLength(1);
    expect(script.split(' ')).toEqual(["'self'", `'${hashes[0]}'`]);
  });

  it('has a policy per area, easy to extend: the admin app gets its own', () => {
    expect(cspFor('/admin/leads')).toMatch(/script-src 'self'/);
    expect(cspFor('/admin/leads')).not.toContain('unsafe-inline');
    expect(cspFor('/showroom/')).toContain("frame-ancestors 'none'");
  });

  it('adds HSTS and Secure cookies over HTTPS behind a trusted proxy, not for a forged header', async () => {
    const https = { 'X-Forwarded-Proto': 'https' };
    const previewCookie = async (app: Awaited<ReturnType<typeof serverWith>>) =>
      (await app.request(`/_preview/${BUILD}/?token=${EDITOR_TOKEN}`, { headers: https })).headers.get(
        'Set-Cookie',
      ) ?? '';

    const direct = await serverWith('0');
    expect(
      (await direct.request('/', { headers: https })).headers.get('Strict-Transport-Security'),
    ).toBeNull();
    expect(await previewCookie(direct)).not.toMatch(/;\s*Secure/i);

    const proxied = await serverWith('1');
    expect((await proxied.request('/', { headers: https })).headers.get('Strict-Transport-Security')).toMatch(
      /^max-age=\d+/,
    );
    expect((await proxied.request('/')).headers.get('Strict-Transport-Security')).toBeNull();
    expect(await previewCookie(proxied)).toMatch(/;\s*Secure/i);
  });
});
