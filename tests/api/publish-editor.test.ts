/** Editor endpoints: API keys (and the deprecated token), CRUD with 422 violations, sanitised HTML, unique slugs, 404s, and a debounced rebuild per change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestApi } from './harness.ts';
import {
  API_KEY,
  auth,
  EDITOR_TOKEN,
  jsonAuth,
  openPublishApi,
  type PublishApi,
  storeKnownKey,
} from './publish-helpers.ts';

type Violations = {
  '@type': string;
  'hydra:title': string;
  'hydra:description': string;
  violations: { propertyPath: string; message: string; code: string }[];
};
type Rec = Record<string, unknown> & { id: number; '@id': string; '@type': string };

const POST = {
  slug: 'new-outback-touring',
  title: 'Touring the Karoo in the new Outback',
  description: 'Two days, 900 km and one tank of patience.',
  image: 'blog-outback.webp',
  publish_date: '2026-11-20',
  author: 'Thandi Mokoena',
  body: '<h1>Day one</h1><p onclick="steal()">Gravel <strong>all</strong> the way.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://example.com/a.webp" onerror="x()">',
};

const SERVICE = {
  slug: 'winter-check-2027',
  model: 'Servicing',
  model_slug: 'servicing',
  title: 'Winter check',
  intro_paragraph: 'Batteries, wipers and tyres checked.',
  body: '<p>Free 20-point check.</p>',
  thumbnail: 'winter.webp',
  image: 'winter.webp',
  source_code: 'Subaru Motus Service - Winter check',
  // Still running when the test runs: a deal past its valid_until leaves the public API.
  valid_until: '2099-08-31',
};

describe.each(ENGINES)('editor API on %s', (engine) => {
  let api: PublishApi;
  beforeAll(async () => {
    // Long enough that three PATCHes (each audited) land inside one quiet window on a busy machine.
    api = await openPublishApi(engine, { debounceMs: 250 });
  });
  afterAll(() => api.close());
  const send = (method: string, path: string, body?: unknown) =>
    api.json<Rec & Violations & { detail: string }>(path, {
      method,
      headers: jsonAuth,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('refuses a missing or wrong token with 401 and WWW-Authenticate: Bearer', async () => {
    const none = await api.fetch('/api/editor/blog_posts', { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="editor"');
    const wrong = await api.fetch('/api/editor/blog_posts', {
      headers: { Authorization: 'Bearer editor-token-for-tests-012345678X' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('WWW-Authenticate')).toMatch(/invalid_token/);
    const unknownKey = await api.fetch('/api/editor/blog_posts', {
      headers: { Authorization: 'Bearer sdgk_not-a-key-we-ever-made-0123456789' },
    });
    expect(unknownKey.status).toBe(401);
    const basic = await api.fetch('/api/editor/banners', { headers: { Authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it('creates a blog post with a new id, sanitised body and default meta fields, and fires a rebuild', async () => {
    const before = (await api.coordinator.list()).length;
    const r = await send('POST', '/api/editor/blog_posts', POST);
    expect(r.status).toBe(201);
    expect(r.body.id).toBe(16);
    expect(r.res.headers.get('Location')).toBe('/api/editor/blog_posts/16');
    expect(r.body['@type']).toBe('BlogPosting');
    const body = String(r.body.body);
    expect(body).toContain('<h2>Day one</h2>');
    expect(body).toContain('<strong>all</strong>');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:']) expect(body).not.toContain(bad);
    expect(r.body.meta_title).toBe(POST.title);
    // The live site shows it only after the rebuild is published; the public API shows it at once.
    await api.coordinator.idle();
    const list = await api.coordinator.list();
    expect(list.length).toBe(before + 1);
    expect(list[0]).toMatchObject({ trigger: 'content', status: 'published' });
    expect(api.liveHtml()).toContain(POST.title);
    expect((await api.json('/api/blog/new-outback-touring')).status).toBe(200);
  });

  it('several quick edits are debounced into one rebuild', async () => {
    const before = api.fake.calls.length;
    for (const t of ['One', 'Two', 'Three'])
      expect((await send('PATCH', '/api/editor/blog_posts/16', { title: t })).status).toBe(200);
    await api.coordinator.idle();
    expect(api.fake.calls.length).toBe(before + 1);
    expect(api.liveHtml()).toContain('<h1>Three</h1>');
  });

  it('answers 422 with a ConstraintViolationList naming every bad field', async () => {
    const r = await send('POST', '/api/editor/blog_posts', {
      ...POST,
      slug: 'Bad Slug',
      title: '',
      publish_date: '2026-13-40',
      author: 7,
      extra: 1,
    });
    expect(r.status).toBe(422);
    expect(r.res.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body['@type']).toBe('ConstraintViolationList');
    expect(r.body['hydra:title']).toBe('An error occurred');
    expect(r.body.violations).toEqual([
      { propertyPath: 'extra', message: expect.stringMatching(/^Unknown field/), code: 'unknown_field' },
    ]);
    const r2 = await send('POST', '/api/editor/blog_posts', {
      ...POST,
      slug: 'Bad Slug',
      title: '',
      publish_date: '2026-13-40',
      author: 7,
      image: undefined,
    });
    const paths = r2.body.violations.map((v) => v.propertyPath);
    expect(paths).toEqual(['slug', 'title', 'image', 'publish_date', 'author']);
    const byPath = Object.fromEntries(r2.body.violations.map((v) => [v.propertyPath, v.message]));
    expect(byPath).toMatchObject({
      title: 'Title is required',
      image: 'Image is required',
      author: 'Author must be text',
    });
    expect(r2.body['hydra:description']).toContain('title: Title is required');
  });

  it('refuses a body that is nothing but unsafe HTML', async () => {
    const r = await send('POST', '/api/editor/blog_posts', {
      ...POST,
      slug: 'only-script',
      body: '<script>alert(1)</script>',
    });
    expect(r.status).toBe(422);
    expect(r.body.violations[0]).toMatchObject({
      propertyPath: 'body',
      message: 'Body has no text once unsafe HTML is removed',
    });
  });

  it('refuses a slug that another row already uses, on create and on update', async () => {
    const clash = await send('POST', '/api/editor/blog_posts', { ...POST, slug: 'x-mode-explained' });
    expect(clash.status).toBe(422);
    expect(clash.body.violations).toEqual([
      {
        propertyPath: 'slug',
        message: 'Web address is already used by another blog post',
        code: 'not_unique',
      },
    ]);
    const upd = await send('PATCH', '/api/editor/blog_posts/16', { slug: 'x-mode-explained' });
    expect(upd.status).toBe(422);
    expect((await send('PATCH', '/api/editor/blog_posts/16', { slug: 'new-outback-touring' })).status).toBe(
      200,
    );
  });

  it('answers 404 for an unknown id on read, update and delete, and 400 for a malformed id', async () => {
    for (const m of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      const r = await send(
        m,
        '/api/editor/blog_posts/9999',
        m === 'GET' || m === 'DELETE' ? undefined : { title: 'x' },
      );
      expect(r.status, m).toBe(404);
    }
    expect((await send('GET', '/api/editor/blog_posts/abc')).status).toBe(400);
  });

  it('PUT replaces the whole record and needs every required field', async () => {
    const partial = await send('PUT', '/api/editor/blog_posts/16', { title: 'Only a title' });
    expect(partial.status).toBe(422);
    const full = await send('PUT', '/api/editor/blog_posts/16', { ...POST, title: 'Replaced' });
    expect(full.status).toBe(200);
    expect(full.body.title).toBe('Replaced');
  });

  it('deletes a blog post', async () => {
    expect((await api.fetch('/api/editor/blog_posts/16', { method: 'DELETE', headers: auth })).status).toBe(
      204,
    );
    expect((await api.json('/api/blog/new-outback-touring')).status).toBe(404);
    await api.coordinator.idle();
  });

  it('keeps service deals and specials apart, and checks the dealer', async () => {
    const created = await send('POST', '/api/editor/service_deals', {
      ...SERVICE,
      dealer_slug: 'motus-subaru-west-rand',
    });
    expect(created.status).toBe(201);
    expect(created.body['@type']).toBe('ServiceDeal');
    expect((await send('GET', `/api/editor/specials/${created.body.id}`)).status).toBe(404);
    const listed = (
      await api.json<{ 'hydra:member': { specials: { slug: string }[] }[] }>(
        '/api/service-deals/motus-subaru-west-rand',
      )
    ).body;
    expect(listed['hydra:member'].flatMap((g) => g.specials.map((s) => s.slug))).toContain(
      'winter-check-2027',
    );
    const bad = await send('POST', '/api/editor/specials', {
      ...SERVICE,
      slug: 'other',
      dealer_slug: 'nowhere',
      price: -5,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => v.propertyPath)).toEqual(['price']);
    const badDealer = await send('POST', '/api/editor/specials', {
      ...SERVICE,
      slug: 'other',
      dealer_slug: 'nowhere',
    });
    expect(badDealer.body.violations).toEqual([
      { propertyPath: 'dealer_slug', message: 'No such dealership', code: 'unknown_dealer' },
    ]);
    expect(
      (await api.fetch(`/api/editor/service_deals/${created.body.id}`, { method: 'DELETE', headers: auth }))
        .status,
    ).toBe(204);
  });

  it('creates a banner and validates its type and URL', async () => {
    const bad = await send('POST', '/api/editor/banners', {
      type: 'Boat',
      title: 'x',
      image: 'a.webp',
      button_url: 'javascript:x',
    });
    expect(bad.body.violations.map((v) => v.propertyPath)).toEqual(['type', 'button_url']);
    const ok = await send('POST', '/api/editor/banners', {
      type: 'Car',
      title: 'Summer',
      image: 'banner-1.webp',
      button_url: '/new',
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ button_text: null, sort_order: 0, subtitle: '' });
  });

  it('updates a range variant’s price and colours, checking its model and nested fields', async () => {
    const cur = await send('GET', '/api/editor/range_variants/1');
    expect(cur.status).toBe(200);
    expect(Array.isArray(cur.body.colors)).toBe(true);
    const r = await send('PATCH', '/api/editor/range_variants/1', {
      model_price: 512_900,
      colors: [{ name: 'Sapphire', hex_code: '#0a2f6b', image: 'sapphire.webp' }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ model_price: 512_900, colors: [{ name: 'Sapphire' }] });
    const bad = await send('PATCH', '/api/editor/range_variants/1', {
      model_id: 999,
      colors: [{ name: 'X', hex_code: 'blue', image: 'x.webp' }],
    });
    expect(bad.body.violations).toEqual([
      { propertyPath: 'colors.0.hex_code', message: 'Colour code must look like #1a2b3c', code: 'regex' },
    ]);
    const badModel = await send('PATCH', '/api/editor/range_variants/1', { model_id: 999 });
    expect(badModel.body.violations[0]).toMatchObject({ propertyPath: 'model_id', code: 'unknown_model' });
    await api.coordinator.idle();
  });

  it('rejects a non-JSON body with 415 and malformed JSON with 400', async () => {
    const text = await api.fetch('/api/editor/banners', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(text.status).toBe(415);
    const broken = await api.fetch('/api/editor/banners', { method: 'POST', headers: jsonAuth, body: '{' });
    expect(broken.status).toBe(400);
  });

  it('still accepts the deprecated EDITOR_TOKEN for content while it is configured', async () => {
    const r = await api.json('/api/editor/banners', { headers: { Authorization: `Bearer ${EDITOR_TOKEN}` } });
    expect(r.status).toBe(200);
  });

  it('without EDITOR_TOKEN the editor API answers API keys, and the old token is refused', async () => {
    const off = await openTestApi(engine);
    try {
      await storeKnownKey(off.deps.db, API_KEY);
      expect((await off.fetch('/api/editor/blog_posts', { headers: auth })).status).toBe(200);
      const old = await off.json<{ detail: string }>('/api/editor/blog_posts', {
        headers: { Authorization: `Bearer ${EDITOR_TOKEN}` },
      });
      expect(old.status).toBe(401);
      expect(old.body.detail).toMatch(/not a valid API key/);
    } finally {
      await off.close();
    }
  });
});
