/**
 * The builds screen's data (issue 10 §5): who started each build and its page count, live progress while
 * one runs, content changed since the live build (pending until live), and what a build changes against
 * live (pages added, removed, changed) from the page manifests. Every answer is checked against the
 * contract by the harness. On both databases.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES } from './harness.ts';
import { auth, jsonAuth, openPublishApi, type PublishApi } from './publish-helpers.ts';
import { signedIn } from './staff-helpers.ts';

type Build = {
  id: string;
  status: string;
  started_by: string | null;
  pages: number | null;
  progress: { pages_written: number; expected_pages: number | null } | null;
};
type Pending = {
  live_build: string | null;
  total: number;
  changes: { action: string; resource: string | null; resource_id: string | null; actor: string | null }[];
  covered_by: string | null;
};
type Changes = {
  build: string;
  against: string;
  added: string[];
  removed: string[];
  changed: string[];
  unchanged: number;
};

describe.each(ENGINES)('the builds screen’s data on %s', (engine) => {
  let api: PublishApi;
  afterEach(() => api?.close());

  const get = <T>(path: string, headers: Record<string, string> = auth) =>
    api.json<T & { detail: string }>(path, { headers });
  const builds = async () => (await get<{ 'hydra:member': Build[] }>('/api/builds')).body['hydra:member'];
  const build = async (publish: boolean, headers: Record<string, string> = jsonAuth) => {
    const r = await api.json<Build>('/api/builds', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ publish }),
    });
    expect(r.status).toBe(202);
    await api.coordinator.idle();
    return r.body.id;
  };

  it('names who started a build and counts its pages; a change is pending until a build carrying it is live, and the diff names the changed page', async () => {
    api = await openPublishApi(engine, { autoPublish: false });
    const first = await build(true);
    let [b] = await builds();
    expect(b).toMatchObject({ id: first, status: 'published', pages: 3, progress: null });
    expect(b?.started_by).toMatch(/^API key “fixture/);
    expect((await get<Pending>('/api/builds/pending')).body).toMatchObject({ live_build: first, total: 0 });

    // A staff editor changes a blog post (the fake site's home page shows the newest post's title).
    const editor = await signedIn(api, 'editor');
    const posts = (await get<{ 'hydra:member': { id: number }[] }>('/api/editor/blog_posts')).body[
      'hydra:member'
    ];
    const post = posts.sort((x, y) => y.id - x.id)[0];
    const patched = await api.fetch(`/api/editor/blog_posts/${post?.id}`, {
      method: 'PATCH',
      headers: { ...editor.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'A title changed for the diff' }),
    });
    expect(patched.status, await patched.text()).toBe(200);
    let pending = (await get<Pending>('/api/builds/pending')).body;
    expect(pending.total).toBe(1);
    expect(pending.changes[0]).toMatchObject({
      action: 'content.update',
      resource: 'blog_posts',
      resource_id: String(post?.id),
    });
    expect(pending.changes[0]?.actor).toContain('editor-');
    // The content build the change started names the editor (AUTO_PUBLISH=false: it waits as a preview).
    await api.coordinator.idle();
    [b] = await builds();
    expect(b).toMatchObject({ status: 'succeeded', started_by: 'Test editor', pages: 3 });
    pending = (await get<Pending>('/api/builds/pending')).body;
    expect(pending).toMatchObject({ total: 1, covered_by: b?.id });

    const diff = await get<Changes>(`/api/builds/${b?.id}/changes`);
    expect(diff.status).toBe(200);
    expect(diff.body).toMatchObject({ build: b?.id, against: first, added: [], removed: [], changed: ['/'] });
    expect(diff.body.unchanged).toBe(2);
    // Against itself nothing differs; against an unknown build, 404.
    expect((await get<Changes>(`/api/builds/${first}/changes?against=${first}`)).body.changed).toEqual([]);
    expect((await get(`/api/builds/${b?.id}/changes?against=nope`)).status).toBe(404);
    expect((await get('/api/builds/nope/changes')).status).toBe(404);

    // A staff member's own build names them; publishing makes the change live: nothing pending.
    const published = await api.fetch(`/api/builds/${b?.id}/publish`, {
      method: 'POST',
      headers: editor.headers,
    });
    expect(published.status).toBe(200);
    expect((await get<Pending>('/api/builds/pending')).body).toMatchObject({ total: 0, live_build: b?.id });
    const mine = await build(false, editor.headers);
    expect((await builds()).find((x) => x.id === mine)?.started_by).toBe('Test editor');
  });

  it('counts a photo upload, reorder, main-photo choice and delete as pending content by its editor until live', async () => {
    api = await openPublishApi(engine, { autoPublish: false });
    await build(true);
    const editor = await signedIn(api, 'editor');
    const car = (
      await get<{ 'hydra:member': { id: number }[] }>('/api/editor/vehicles?itemsPerPage=1', editor.headers)
    ).body['hydra:member'][0];
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const name of ['a.jpg', 'b.jpg'])
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), name);
    const base = `/api/editor/vehicles/${car?.id}/images`;
    const up = await api.fetch(base, { method: 'POST', headers: editor.headers, body: form });
    expect(up.status, await up.clone().text()).toBe(201);
    const [a, b] = ((await up.json()) as { 'hydra:member': { id: string }[] })['hydra:member'];
    const send = (method: string, path: string, body?: unknown) =>
      api.fetch(path, {
        method,
        headers: { ...editor.headers, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await send('PUT', `${base}/order`, { order: [b?.id, a?.id] })).status).toBe(200);
    expect((await send('PATCH', `${base}/${a?.id}`, { is_main: true })).status).toBe(200);
    expect((await send('DELETE', `${base}/${b?.id}`)).status).toBe(204);

    const pending = (await get<Pending>('/api/builds/pending')).body;
    expect(pending.total).toBe(4);
    expect(pending.changes.map((ch) => [ch.action, ch.resource, ch.resource_id])).toEqual(
      ['photo.delete', 'photo.update', 'photo.reorder', 'photo.upload'].map((x) => [
        x,
        'vehicles',
        String(car?.id),
      ]),
    );
    expect(pending.changes.every((ch) => ch.actor?.includes('editor-'))).toBe(true);
    // Before and after name the photos, in order.
    const logged = await api.deps.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'photo.reorder')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.before ?? '{}')).toEqual({ photos: [a?.id, b?.id] });
    expect(JSON.parse(logged.after ?? '{}')).toEqual({ photos: [b?.id, a?.id] });
    // The content build they started names the editor; once it is live nothing is pending.
    await api.coordinator.idle();
    const [next] = await builds();
    expect(next).toMatchObject({ status: 'succeeded', started_by: 'Test editor' });
    expect((await get<Pending>('/api/builds/pending')).body.covered_by).toBe(next?.id);
    expect(
      (await api.fetch(`/api/builds/${next?.id}/publish`, { method: 'POST', headers: editor.headers }))
        .status,
    ).toBe(200);
    expect((await get<Pending>('/api/builds/pending')).body.total).toBe(0);
  });

  it('shows pages written while a build runs, and refuses a diff without a manifest (409)', async () => {
    api = await openPublishApi(engine);
    const first = await build(true);
    const held = api.fake.hold();
    await api.json('/api/builds', { method: 'POST', headers: jsonAuth });
    await held.started;
    const [running] = await builds();
    expect(running).toMatchObject({ status: 'building', progress: { pages_written: 0, expected_pages: 3 } });
    held.release();
    await api.coordinator.idle();

    rmSync(join(api.buildsDir, '.manifests', `${first}.json`));
    const [latest] = await builds();
    const r = await get(`/api/builds/${latest?.id}/changes?against=${first}`);
    expect(r.status).toBe(409);
    expect(r.body.detail).toContain(`Build '${first}' has no page manifest`);
  });

  it('answers 401 to anonymous callers and 403 to a role without builds:publish', async () => {
    api = await openPublishApi(engine);
    const dealer = await signedIn(api, 'finance');
    for (const path of ['/api/builds/pending', '/api/builds/x/changes']) {
      expect((await api.fetch(path)).status).toBe(401);
      expect((await api.fetch(path, { headers: dealer.headers })).status).toBe(403);
    }
  });
});
