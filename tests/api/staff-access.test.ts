/**
 * Every admin and editor endpoint, read from the app's own route table so a new one cannot be missed:
 * 401 without credentials, 403 to a staff role or API key without the scope, and never 401/403 to
 * the role that may use it. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { ENGINES } from './harness.ts';
import { openPublishApi, type PublishApi, storeKnownKey } from './publish-helpers.ts';
import { signedIn } from './staff-helpers.ts';

type Endpoint = { method: string; path: string; scope: string };

/** The guarded routes and the scope each needs; the signed rebuild webhook has its own HMAC check. */
function guardedEndpoints(api: PublishApi): Endpoint[] {
  const app = createApi(api.deps);
  const scopeOf = (path: string) =>
    /^\/api\/(customer_enquiries|finance_applications)\//.test(path)
      ? 'leads:read'
      : path.startsWith('/api/editor/deleted')
        ? 'content-or-stock' // Recently deleted: editors see content, dealer users their cars
        : /^\/api\/editor\/(vehicles|stock_imports)/.test(path)
          ? 'stock:write'
          : path.startsWith('/api/editor')
            ? 'content:write'
            : path.startsWith('/api/builds')
              ? 'builds:publish'
              : /^\/api\/admin\/leads\/[^/]+\/reveal$/.test(path)
                ? 'leads:reveal'
                : path.startsWith('/api/admin/leads')
                  ? 'leads:read'
                  : path.startsWith('/api/admin/privacy_requests')
                    ? 'privacy:manage'
                    : path.startsWith('/api/admin/audit_log')
                      ? 'audit:read'
                      : path.startsWith('/api/admin/api_keys')
                        ? 'keys:manage'
                        : path.startsWith('/api/admin/account')
                          ? 'signed-in' // your own account: any staff member, no API key
                          : 'staff:manage';
  const seen = new Set<string>();
  const out: Endpoint[] = [];
  for (const r of app.routes) {
    const staffOnly =
      /^\/api\/(editor|builds|admin)\//.test(`${r.path}/`) ||
      (r.method === 'GET' && /^\/api\/(customer_enquiries|finance_applications)\/:/.test(r.path));
    if (r.method === 'ALL' || !staffOnly) continue;
    const path = r.path.replace(/:id/g, '1');
    const key = `${r.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path, scope: scopeOf(r.path) });
  }
  return out;
}

describe.each(ENGINES)('who may call the admin and editor endpoints, on %s', (engine) => {
  let api: PublishApi;
  let endpoints: Endpoint[];
  const sessions: Record<string, Record<string, string>> = {};
  const call = (e: Endpoint, headers: Record<string, string> = {}) =>
    api.fetch(e.path, {
      method: e.method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: ['GET', 'HEAD', 'DELETE'].includes(e.method) ? undefined : '{}',
    });

  beforeAll(async () => {
    api = await openPublishApi(engine);
    endpoints = guardedEndpoints(api);
    for (const role of ['admin', 'editor', 'finance'] as const)
      sessions[role] = (await signedIn(api, role)).headers;
    sessions.dealer = (await signedIn(api, 'dealer', { dealers: ['motus-subaru-west-rand'] })).headers;
    await storeKnownKey(api.deps.db, 'sdgk_stock-only-key-0123456789abcdefghijkl', ['stock:write']);
    await storeKnownKey(api.deps.db, 'sdgk_content-only-key-0123456789abcdefghijk', ['content:write']);
    await storeKnownKey(api.deps.db, 'sdgk_build-only-key-0123456789abcdefghijkl', ['builds:publish']);
  });
  afterAll(() => api.close());

  it('finds the guarded endpoints (editor CRUD, builds, staff, keys, audit)', () => {
    const paths = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/editor/specials',
        'PATCH /api/editor/specials/1',
        'DELETE /api/editor/blog_posts/1',
        'POST /api/builds/1/publish',
        'GET /api/admin/staff',
        'POST /api/admin/api_keys',
        'GET /api/admin/audit_log',
        'POST /api/editor/vehicles',
        'PATCH /api/editor/vehicles/1',
        'POST /api/editor/vehicles/1/images',
        'GET /api/customer_enquiries/1',
        'GET /api/admin/leads',
        'PATCH /api/admin/leads/1',
        'POST /api/admin/leads/1/reveal',
      ]),
    );
    expect(endpoints.length).toBeGreaterThan(30);
  });

  it('answers 401 with WWW-Authenticate to anonymous requests', async () => {
    for (const e of endpoints) {
      const res = await call(e);
      expect(res.status, `${e.method} ${e.path}`).toBe(401);
      expect(res.headers.get('WWW-Authenticate'), `${e.method} ${e.path}`).toMatch(/^Bearer/);
    }
  });

  it('answers 403 to a signed-in role without the scope', async () => {
    const wrong: Record<string, string[]> = {
      'content:write': ['dealer', 'finance'],
      'content-or-stock': ['finance'],
      'stock:write': ['finance'],
      'builds:publish': ['dealer', 'finance'],
      'staff:manage': ['editor', 'dealer', 'finance'],
      'keys:manage': ['editor', 'dealer'],
      'audit:read': ['editor', 'finance'],
      'leads:read': ['editor'],
      'leads:reveal': ['editor', 'dealer'],
      'privacy:manage': ['editor', 'dealer', 'finance'],
    };
    for (const e of endpoints)
      for (const role of wrong[e.scope] ?? []) {
        const res = await call(e, sessions[role]);
        expect(res.status, `${role}: ${e.method} ${e.path}`).toBe(403);
      }
  });

  it('answers 403 to an API key without the scope, and to any key on staff and key management', async () => {
    for (const e of endpoints) {
      const key =
        e.scope === 'stock:write'
          ? 'sdgk_content-only-key-0123456789abcdefghijk'
          : e.scope === 'content-or-stock'
            ? 'sdgk_build-only-key-0123456789abcdefghijkl'
            : 'sdgk_stock-only-key-0123456789abcdefghijkl';
      const res = await call(e, { Authorization: `Bearer ${key}` });
      expect(res.status, `${e.method} ${e.path}`).toBe(403);
    }
  });

  it('lets the right role through (neither 401 nor 403)', async () => {
    const right: Record<string, string> = {
      'content:write': 'editor',
      'content-or-stock': 'dealer',
      'stock:write': 'dealer',
      'builds:publish': 'editor',
      'staff:manage': 'admin',
      'keys:manage': 'admin',
      'audit:read': 'admin',
      'leads:read': 'dealer',
      'leads:reveal': 'finance',
      'privacy:manage': 'admin',
      'signed-in': 'dealer',
    };
    for (const e of endpoints) {
      const res = await call(e, sessions[right[e.scope] as string]);
      expect([401, 403], `${e.method} ${e.path}`).not.toContain(res.status);
    }
  });

  it('refuses a staff write that does not come from our origin (CSRF), even for the right role', async () => {
    const res = await api.fetch('/api/editor/banners/1', {
      method: 'DELETE',
      headers: { Cookie: sessions.editor?.Cookie as string, Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    const noOrigin = await api.fetch('/api/editor/banners/1', {
      method: 'DELETE',
      headers: { Cookie: sessions.editor?.Cookie as string },
    });
    expect(noOrigin.status).toBe(403);
    const read = await api.fetch('/api/editor/banners', {
      headers: { Cookie: sessions.editor?.Cookie as string },
    });
    expect(read.status).toBe(200);
  });
});
