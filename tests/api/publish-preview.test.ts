/** Previews at /_preview/{id}/: for staff who may publish and API keys (once as ?token=, then a scoped cookie), links kept inside, noindex. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewRoutes } from '../../src/server/publish/preview.ts';
import { API_KEY, jsonAuth, openPublishApi, type PublishApi } from './publish-helpers.ts';
import { signedIn } from './staff-helpers.ts';

describe('build previews', () => {
  let api: PublishApi;
  let preview: ReturnType<typeof previewRoutes>;
  let live: string;
  let draft: string;
  beforeAll(async () => {
    api = await openPublishApi('sqlite', { autoPublish: false });
    live = (await api.coordinator.trigger('first-start')).build.id;
    await api.coordinator.idle();
    const patch = await api.fetch('/api/editor/blog_posts/15', {
      method: 'PATCH',
      headers: jsonAuth,
      body: JSON.stringify({ title: 'Only in the preview' }),
    });
    expect(patch.status).toBe(200);
    await api.coordinator.idle();
    draft = (await api.coordinator.list())[0]?.id as string;
    preview = previewRoutes(api.deps, api.buildsDir);
  });
  afterAll(() => api.close());

  it('answers a request without the right token exactly as it answers an unknown build (404, noindex)', async () => {
    const r = await preview.request(`/_preview/${draft}/`);
    expect(r.status).toBe(404);
    expect(r.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    const text = await r.text();
    const wrong = await preview.request(`/_preview/${draft}/?token=wrong-token-value`);
    expect(wrong.status).toBe(404);
    const unknown = await preview.request('/_preview/20200101-000000-000-aaaa/');
    expect(unknown.status).toBe(404);
    expect(await wrong.text()).toBe(text);
    expect(await unknown.text()).toBe(text);
  });

  it('never puts a CR/LF from the address into a header', async () => {
    for (const path of ['/_preview/x%0D%0ASet-Cookie:%20a=b', `/_preview/${draft}%0D%0AX:%20y/`]) {
      const r = await preview.request(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('Set-Cookie')).toBeNull();
    }
    const h = { headers: { Authorization: `Bearer ${API_KEY}` } };
    expect((await preview.request(`/_preview/${draft}/a%0D%0Ab`, h)).status).toBe(404);
  });

  it('trades ?token= for an HttpOnly SameSite=Strict cookie scoped to the build and redirects without the token', async () => {
    const r = await preview.request(`/_preview/${draft}/showroom/?token=${API_KEY}`);
    expect(r.status).toBe(303);
    expect(r.headers.get('Location')).toBe(`/_preview/${draft}/showroom/`);
    const cookie = r.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`Path=/_preview/${draft}/`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(API_KEY);
    const page = await preview.request(`/_preview/${draft}/showroom/`, {
      headers: { Cookie: cookie.split(';')[0] as string },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Showroom');
    // The cookie of one build does not open another.
    const other = await preview.request(`/_preview/${live}/`, {
      headers: { Cookie: cookie.split(';')[0] as string },
    });
    expect(other.status).toBe(404);
  });

  it('shows the change that live does not, with links and assets kept inside the preview', async () => {
    const r = await preview.request(`/_preview/${draft}/`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(r.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(r.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await r.text();
    expect(html).toContain('Only in the preview');
    expect(api.liveHtml()).not.toContain('Only in the preview');
    const p = `/_preview/${draft}`;
    expect(html).toContain(`href="${p}/_astro/site.abc123.css"`);
    expect(html).toContain(`href="${p}/showroom/"`);
    expect(html).toContain(`component-url="${p}/_astro/Island.x1.js"`);
    expect(html).toContain(`data-modules="${p}/_astro/Page.p1.js ${p}/_astro/dep.d2.js"`);
    expect(html).toContain(`&quot;${p}/blog/&quot;`);
    expect(html).toContain('href="/api/dealers"');
    expect(html).toContain('src="/uploads/banner-1.webp"');
    const css = await preview.request(`${p}/_astro/site.abc123.css`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(await css.text()).toContain(`url(${p}/_astro/bg.png)`);
    // An island whose props are kept beside its page (decision 349) hydrates from the preview's own file,
    // and the links inside it stay in the preview as they do in props written in the page.
    const showroom = await preview.request(`${p}/showroom/`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(await showroom.text()).toContain(`props-from="${p}/showroom/islands.json"`);
    const props = await preview.request(`${p}/showroom/islands.json`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(props.headers.get('Content-Type')).toBe('application/json');
    expect(await props.json()).toEqual({
      Z: { href: [0, `${p}/blog/`], api: [0, '/api/dealers'], photo: [0, '/uploads/banner-1.webp'] },
    });
  });

  it('answers the build’s own 404 page for an unknown path, 404 for an unknown build, and refuses path tricks', async () => {
    const h = { headers: { Authorization: `Bearer ${API_KEY}` } };
    const missing = await preview.request(`/_preview/${draft}/nowhere/`, h);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Not found');
    expect((await preview.request('/_preview/20200101-000000-000-aaaa/', h)).status).toBe(404);
    const trick = await preview.request(`/_preview/${draft}/..%2F..%2Fsite.db`, h);
    expect(trick.status).toBe(404);
  });

  it('opens for a signed-in editor without a token; a dealer user is told nothing (404)', async () => {
    const editor = await signedIn(api, 'editor');
    expect((await preview.request(`/_preview/${draft}/`, { headers: editor.headers })).status).toBe(200);
    const dealer = await signedIn(api, 'dealer', { dealers: ['motus-subaru-west-rand'] });
    expect((await preview.request(`/_preview/${draft}/`, { headers: dealer.headers })).status).toBe(404);
  });
});
