/**
 * Dealerships and range models in the editor (issue 10 §2), and the paging, sorting and search every
 * editor collection shares (API Platform conventions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { signedIn } from './staff-helpers.ts';

type Body = Record<string, unknown> & {
  violations?: { propertyPath: string; message: string }[];
  'hydra:member': Record<string, unknown>[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
  detail?: string;
};

describe.each(ENGINES)('dealerships and range models in the editor on %s', (engine) => {
  let api: TestApi;
  let editor: Record<string, string>;
  const send = (method: string, path: string, body?: unknown) =>
    api.json<Body>(path, {
      method,
      headers: { ...editor, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    api = await openTestApi(engine);
    editor = (await signedIn(api, 'editor')).headers;
  });
  afterAll(() => api.close());

  it('edits a dealership’s phone, WhatsApp number and opening hours, naming bad fields', async () => {
    const list = await send('GET', '/api/editor/dealers?q=west rand');
    expect(list.body['hydra:totalItems']).toBe(1);
    const id = list.body['hydra:member'][0]?.id;
    const ok = await send('PATCH', `/api/editor/dealers/${id}`, {
      whatsapp_no: '082 123 4567',
      opening_hours: [
        { day: 'Mon', opens: '08:00', closes: '17:00' },
        { day: 'Sat', opens: '08:30', closes: '12:30' },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ whatsapp_no: '+27821234567', opening_hours: expect.any(Array) });
    const bad = await send('PATCH', `/api/editor/dealers/${id}`, {
      whatsapp_no: '12',
      opening_hours: [{ day: 'Mon', opens: '17:00', closes: '08:00' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations?.map((v) => v.propertyPath)).toEqual(
      expect.arrayContaining(['whatsapp_no', 'opening_hours.0']),
    );
  });

  it('refuses to delete or re-slug a dealership that still has stock', async () => {
    const id = (await send('GET', '/api/editor/dealers?q=durban')).body['hydra:member'][0]?.id;
    const del = await send('DELETE', `/api/editor/dealers/${id}`);
    expect(del.status).toBe(409);
    expect(del.body.detail).toMatch(/still has cars/);
    const slug = await send('PATCH', `/api/editor/dealers/${id}`, { slug: 'motus-subaru-umhlanga' });
    expect(slug.body.violations).toEqual([expect.objectContaining({ propertyPath: 'slug', code: 'in_use' })]);
  });

  it('creates a range model and refuses a duplicate model slug', async () => {
    const model = {
      make: 'Subaru',
      make_slug: 'subaru',
      model: 'Sambar Van',
      model_slug: 'sambar-van',
      type: 'car',
      description: 'A kei van, for the test.',
      main_image: 'sambar.webp',
    };
    const r = await send('POST', '/api/editor/range_models', model);
    expect(r.body.violations).toBeUndefined();
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ model: 'Sambar Van', gallery: [], tagline: '' });
    const again = await send('POST', '/api/editor/range_models', model);
    expect(again.body.violations).toEqual([expect.objectContaining({ propertyPath: 'model_slug' })]);
  });

  it('pages, sorts and searches an editor collection', async () => {
    const page = await send('GET', '/api/editor/blog_posts?itemsPerPage=2&page=1&order[publish_date]=desc');
    expect(page.body['hydra:member']).toHaveLength(2);
    expect(page.body['hydra:view']?.['hydra:next']).toContain('page=2');
    const dates = page.body['hydra:member'].map((p) => p.publish_date as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    const bad = await send('GET', '/api/editor/blog_posts?order[nope]=asc');
    expect(bad.status).toBe(400);
  });
});
