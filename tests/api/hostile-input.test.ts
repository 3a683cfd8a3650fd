/**
 * Regressions of the probe in issue 12: hand-made hostile requests that once answered 500 now get a
 * 4xx that names the problem, on every engine.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/server/http/input-guard.ts';
import { createLogger } from '../../src/server/log.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, post } from './lead-fixtures.ts';
import { API_KEY, auth, EDITOR_TOKEN, jsonAuth, storeKnownKey } from './publish-helpers.ts';
import { signedIn } from './staff-helpers.ts';

interface Problem {
  status: number;
  detail: string;
  request_id?: string;
}

describe.each(ENGINES)('hostile input on %s', (engine) => {
  let api: TestApi;
  const lines: string[] = [];
  const logger = createLogger('error', 'server', { write: (l) => lines.push(l) });
  beforeAll(async () => {
    api = await openTestApi(
      engine,
      { ...LEAD_ENV, EDITOR_TOKEN },
      {
        logger,
        extraRoutes: [() => new Hono().get('/test-boom', () => Promise.reject(new Error('boom')))],
      },
    );
    await storeKnownKey(api.deps.db, API_KEY);
  });
  afterAll(() => api.close());

  const problemOf = async (path: string, init?: RequestInit) => {
    const res = await api.fetch(path, init);
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as Problem, res };
  };

  it('refuses JSON nested deeper than the limit with 400 naming the body, on leads and editor writes', async () => {
    const deep = `${'['.repeat(6200)}${']'.repeat(6200)}`;
    const lead = await post<Problem>(api, '/api/customer_enquiries', deep);
    expect(lead.status).toBe(400);
    expect(lead.body.detail).toMatch(/^body: JSON nested deeper than \d+ levels/);
    const justOver = { a: JSON.parse(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`) };
    const editor = await problemOf('/api/editor/blog_posts', {
      method: 'POST',
      headers: jsonAuth,
      body: JSON.stringify(justOver),
    });
    expect(editor.status).toBe(400);
    expect(editor.body.detail).toMatch(/^body: /);
  });

  it('decodes /api/filters path segments once: %25 is a literal percent sign, a bad slug (400)', async () => {
    const r = await problemOf('/api/filters/%25/x');
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/make_slug/);
    expect((await api.fetch('/api/filters/subaru/forester')).status).toBe(200);
  });

  it('answers 404 for ids of 2^31 and more, and 400 for ids that are not numbers', async () => {
    for (const path of [
      '/api/vehicles/2147483648',
      '/api/vehicles/99999999999999999999',
      '/api/vehicle_range/2147483648',
      '/api/vehicles/0',
    ]) {
      const r = await problemOf(path);
      expect(r.status, path).toBe(404);
      expect(r.body.detail, path).toMatch(/was not found/);
    }
    const editor = await problemOf('/api/editor/blog_posts/4294967296', { headers: auth });
    expect(editor.status).toBe(404);
    expect((await problemOf('/api/vehicles/12ab')).status).toBe(400);
    // A used-car page address with an impossible id is a violation of the lead, not a crash.
    const lead = await post(
      api,
      '/api/customer_enquiries',
      enquiry({ form_name: 'used', uri: '/pre-owned/subaru/forester/999999999999/enquire' }),
    );
    expect(lead.status).toBe(422);
  });

  it('answers 400 for a NUL character in the path, a query parameter or anywhere in a JSON body', async () => {
    const path = await problemOf('/api/blog/abc%00def');
    expect(path.status).toBe(400);
    expect(path.body.detail).toMatch(/^path: .*NUL/);
    const query = await problemOf('/api/motus-subaru/vehicles?make_slug=sub%00aru');
    expect(query.status).toBe(400);
    expect(query.body.detail).toMatch(/^make_slug: .*NUL/);
    const name = await problemOf('/api/dealers?x%00=1');
    expect(name.status).toBe(400);
    const body = await post<Problem>(api, '/api/customer_enquiries', enquiry({ first_name: 'Ann\u0000e' }));
    expect(body.status).toBe(400);
    expect(body.body.detail).toBe('first_name: contains a NUL character.');
    const nested = await problemOf('/api/editor/blog_posts', {
      method: 'POST',
      headers: jsonAuth,
      body: JSON.stringify({ tags: [{ 'k\u0000': 1 }] }),
    });
    expect(nested.status).toBe(400);
    expect(nested.body.detail).toMatch(/property name contains a NUL/);
  });

  it('answers 400 for malformed percent-encoding or bytes that are not UTF-8', async () => {
    for (const [path, start] of [
      ['/api/blog/%E0%A4%A', 'path: '],
      ['/api/blog/%C3%28', 'path: '],
      ['/api/motus-subaru/vehicles?page=%ZZ', 'page: '],
      ['/api/banners?type=%FF', 'type: '],
    ] as const) {
      const r = await problemOf(path);
      expect(r.status, path).toBe(400);
      expect(r.body.detail.startsWith(start), `${path}: ${r.body.detail}`).toBe(true);
    }
  });

  it('the 201 Location answers 401 to the public and the lead to staff; an unknown lead is 404', async () => {
    const created = await post<{ id: string }>(api, '/api/customer_enquiries', enquiry());
    expect(created.status).toBe(201);
    const location = created.res.headers.get('Location') as string;
    const anonymous = await problemOf(location);
    expect(anonymous.status).toBe(401);
    expect(anonymous.res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    const finance = (await signedIn(api, 'finance')).headers;
    expect((await api.fetch(location, { headers: auth })).status).toBe(403); // a content key
    const staff = await api.json<{ '@id': string; status: string; delivery: { channel: string }[] }>(
      location,
      { headers: finance },
    );
    expect(staff.status).toBe(200);
    expect(staff.body['@id']).toBe(location);
    expect(staff.body.status).toBe('Queued');
    expect(staff.body.delivery.map((d) => d.channel)).toContain('email');
    expect(staff.res.headers.get('Cache-Control')).toBe('no-store');
    const missing = await problemOf('/api/customer_enquiries/00000000-0000-0000-0000-000000000000', {
      headers: finance,
    });
    expect(missing.status).toBe(404);
    // An enquiry is not a finance application.
    expect(
      (await api.fetch(location.replace('customer_enquiries', 'finance_applications'), { headers: finance }))
        .status,
    ).toBe(404);
  });

  it('a 500 names the request: its body and its log line carry the same request id', async () => {
    lines.length = 0;
    const r = await problemOf('/api/test-boom');
    const logged = lines.map((l) => JSON.parse(l));
    expect(r.status).toBe(500);
    expect(r.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.res.headers.get('X-Request-Id')).toBe(r.body.request_id);
    expect(JSON.stringify(r.body)).not.toContain('boom');
    const line = logged.find((l) => l.msg === 'request failed');
    expect(line).toMatchObject({
      level: 'error',
      request_id: r.body.request_id,
      method: 'GET',
      path: '/api/test-boom',
      error: 'Error: boom',
    });
  });
});
