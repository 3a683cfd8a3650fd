/**
 * The contract itself: /api/docs.json is generated from the routes for every endpoint, every SPEC §7
 * read call answers real demo data that the document describes exactly (the harness checks each answer
 * strictly), the strict check does fail on a field the document does not name, and the reference page
 * works without a CDN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractChecker } from './contract.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';

type Doc = Parameters<typeof contractChecker>[0] & { openapi: string };
type Members = { 'hydra:member'?: unknown[] };

describe.each(ENGINES)('API contract on %s', (engine) => {
  let api: TestApi;
  let doc: Doc;
  beforeAll(async () => {
    api = await openTestApi(engine);
    doc = (await api.json<Doc>('/api/docs.json')).body;
  });
  afterAll(() => api.close());

  it('answers every SPEC §7 read call with demo data, each exactly as documented', async () => {
    const car = (await api.json<{ 'hydra:member': { id: number }[] }>('/api/motus-subaru/vehicles')).body[
      'hydra:member'
    ][0];
    const variant = (await api.json<{ 'hydra:member': { id: number }[] }>('/api/renault_ranges')).body[
      'hydra:member'
    ][0];
    const groups = (
      await api.json<{ 'hydra:member': { specials: { slug: string }[] }[] }>(
        '/api/special-deals/motus-subaru',
      )
    ).body['hydra:member'];
    const special = groups[0]?.specials[0]?.slug;
    const post = (await api.json<{ 'hydra:member': { slug: string }[] }>('/api/blog')).body[
      'hydra:member'
    ][0];
    const calls = [
      '/api/dealers',
      '/api/dealers/motus-subaru-west-rand',
      '/api/dealer-list/west-rand',
      '/api/banners?type=Car',
      '/api/motus-subaru/vehicles?page=2&fuelType[]=Petrol&order[price]=asc',
      `/api/vehicles/${car?.id}`,
      '/api/makes',
      '/api/renault_ranges?page=1&model_slug=forester&type=car',
      `/api/vehicle_range/${variant?.id}`,
      '/api/special-deals/motus-subaru-west-rand',
      '/api/service-deals/motus-subaru-west-rand',
      `/api/specials/${special}`,
      `/api/deals/${special}`,
      '/api/filters',
      '/api/filters/subaru/forester',
      '/api/blog?page=1',
      `/api/blog/${post?.slug}`,
    ];
    for (const call of calls) {
      const r = await api.json<Members>(call);
      expect(r.status, call).toBe(200);
      if (r.body['hydra:member']) expect(r.body['hydra:member'].length, call).toBeGreaterThan(0);
    }
  });

  it('describes every route of the API, with its errors as problem+json', async () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/customer_enquiries',
      '/api/finance_applications',
      '/api/editor/blog_posts/{id}',
      '/api/builds/{id}/publish',
      '/api/hooks/rebuild',
      '/api/{dealerSlug}/vehicles',
      '/api/editor/vehicles/{id}',
      '/api/editor/dealers/{id}',
      '/api/editor/stock_imports/{id}/apply',
      '/api/admin/staff/{id}',
      '/api/admin/api_keys/{id}',
      '/api/admin/audit_log',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
    // Staff calls take a session cookie or an API key, and the document says which.
    const schemes = (doc as { components: { securitySchemes?: Record<string, { type: string }> } }).components
      .securitySchemes;
    expect(schemes).toMatchObject({ staffSession: { type: 'apiKey' }, apiKey: { type: 'http' } });
    const input = doc.components.schemas.FinanceApplicationInput as {
      properties: object;
      required: string[];
    };
    expect(Object.keys(input.properties).length).toBeGreaterThanOrEqual(77);
    expect(input.required).toEqual(expect.arrayContaining(['firstName', 'idNumber', 'isNotMinor']));
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const [status, res] of Object.entries(op.responses ?? {}))
          if (Number(status) >= 400)
            expect(Object.keys(res.content ?? {}), `${method} ${path} ${status}`).toEqual([
              'application/problem+json',
            ]);
  });

  it('fails an answer with a field the document does not name', async () => {
    const check = contractChecker(doc);
    const res = await api.fetch('/api/dealers/motus-subaru-west-rand');
    const body = { ...((await res.json()) as object), fax: '011 000 0000' };
    const forged = new Response(JSON.stringify(body), { headers: res.headers });
    await expect(check('GET', '/api/dealers/motus-subaru-west-rand', forged)).rejects.toThrow(
      /does not match[\s\S]*additional properties[\s\S]*fax/,
    );
  });

  it('fails a status the document does not list', async () => {
    const check = contractChecker(doc);
    const forged = new Response('{}', { status: 418, headers: { 'Content-Type': 'application/ld+json' } });
    await expect(check('GET', '/api/dealers', forged)).rejects.toThrow(/418: status not documented/);
  });

  it('serves the reference page and its viewer from this server, not a CDN', async () => {
    const page = await api.fetch('/api/docs');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const script = /<script src="(\/api\/docs\/scalar\.js\?v=[^"]+)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[^"'\s]*\.(js|css)/);
    expect(html).toContain('/api/docs.json');
    const js = await api.fetch(script as string, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('content-encoding')).toBe('gzip');
  });
});
