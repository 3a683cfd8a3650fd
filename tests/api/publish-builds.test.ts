/** Builds: coalescing, failures, AUTO_PUBLISH=false previews, publish, rollback, discard, pruning, on every engine. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/log.ts';
import { createCoordinator } from '../../src/server/publish/coordinator.ts';
import { ENGINES } from './harness.ts';
import { waitFor } from './lead-receivers.ts';
import { auth, fakeBuilder, jsonAuth, openPublishApi, type PublishApi } from './publish-helpers.ts';

type Build = {
  id: string;
  status: string;
  trigger: string;
  coalesced: number;
  current: boolean;
  error: string | null;
  duration_ms: number | null;
  preview_url: string | null;
};
type Builds = { 'hydra:member': Build[] };

describe.each(ENGINES)('builds on %s', (engine) => {
  let api: PublishApi;
  afterEach(() => api?.close());

  const builds = async () => (await api.json<Builds>('/api/builds', { headers: auth })).body['hydra:member'];
  const post = (path: string, body?: unknown) =>
    api.json<Build & { detail: string }>(path, {
      method: 'POST',
      headers: jsonAuth,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('a manual build is queued, built and published, and listed with trigger, start time and duration', async () => {
    api = await openPublishApi(engine);
    const r = await post('/api/builds');
    expect(r.status).toBe(202);
    expect(r.body.status).toBe('queued');
    await api.coordinator.idle();
    const [b] = await builds();
    expect(b).toMatchObject({
      id: r.body.id,
      status: 'published',
      trigger: 'manual',
      current: true,
      error: null,
    });
    expect(b?.duration_ms).toBeGreaterThanOrEqual(0);
    expect((b as unknown as { started_at: string }).started_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(api.liveHtml()).toContain(`build ${r.body.id}`);
  });

  it('triggers that arrive during a build coalesce into ONE follow-up build', async () => {
    api = await openPublishApi(engine);
    const held = api.fake.hold();
    const first = await post('/api/builds');
    await held.started;
    const more = await Promise.all([
      post('/api/builds'),
      post('/api/builds'),
      api.coordinator.trigger('webhook'),
      api.coordinator.trigger('schedule'),
    ]);
    const ids = new Set([more[0].body.id, more[1].body.id, more[2].build.id, more[3].build.id]);
    expect(ids.size).toBe(1);
    expect(ids.has(first.body.id)).toBe(false);
    held.release();
    await api.coordinator.idle();
    expect(api.fake.calls).toHaveLength(2);
    const list = await builds();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ status: 'published', coalesced: 3, current: true });
    expect(list[1]).toMatchObject({ id: first.body.id, status: 'succeeded', current: false });
  });

  it('a failed build leaves the live site untouched and shows its error', async () => {
    api = await openPublishApi(engine);
    await post('/api/builds');
    await api.coordinator.idle();
    const live = api.liveHtml();
    api.fake.failNext('API stopped mid-build: fetch failed');
    const r = await post('/api/builds');
    await api.coordinator.idle();
    expect(api.liveHtml()).toBe(live);
    const failed = (await builds()).find((b) => b.id === r.body.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'API stopped mid-build: fetch failed',
      current: false,
      preview_url: null,
    });
    expect(existsSync(join(api.buildsDir, r.body.id))).toBe(false);
  });

  it('with AUTO_PUBLISH=false a build waits as a preview until an editor publishes it, and rollback returns', async () => {
    api = await openPublishApi(engine, { autoPublish: false });
    const first = await api.coordinator.trigger('first-start'); // first start always publishes
    await api.coordinator.idle();
    await api.deps.db
      .updateTable('blog_posts')
      .set({ title: 'Preview-only title' })
      .where('id', '=', 15)
      .execute();
    const hook = await api.coordinator.trigger('webhook');
    await api.coordinator.idle();
    const preview = (await builds()).find((b) => b.id === hook.build.id);
    expect(preview).toMatchObject({
      status: 'succeeded',
      current: false,
      preview_url: `/_preview/${hook.build.id}/`,
    });
    expect(api.liveHtml()).not.toContain('Preview-only title');

    const pub = await post(`/api/builds/${hook.build.id}/publish`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ status: 'published', current: true });
    expect(api.liveHtml()).toContain('Preview-only title');

    const back = await post('/api/builds/rollback');
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: first.build.id, status: 'published', current: true });
    expect(api.liveHtml()).not.toContain('Preview-only title');
    const again = await post('/api/builds/rollback');
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/no earlier published build/);
  });

  it('publish and discard answer 404 for an unknown build and 409 for the wrong state', async () => {
    api = await openPublishApi(engine, { autoPublish: false });
    expect((await post('/api/builds/20260101-000000-000-ffff/publish')).status).toBe(404);
    const a = await api.coordinator.trigger('manual', { publish: true });
    await api.coordinator.idle();
    expect((await post(`/api/builds/${a.build.id}/discard`)).status).toBe(409); // live
    api.fake.failNext('boom');
    const f = await api.coordinator.trigger('manual');
    await api.coordinator.idle();
    expect((await post(`/api/builds/${f.build.id}/publish`)).status).toBe(409); // failed
    const p = await api.coordinator.trigger('content');
    await api.coordinator.idle();
    const d = await post(`/api/builds/${p.build.id}/discard`);
    expect(d.body).toMatchObject({ status: 'discarded', preview_url: null });
    expect(existsSync(join(api.buildsDir, p.build.id))).toBe(false);
    expect((await post(`/api/builds/${p.build.id}/publish`)).status).toBe(409);
  });

  it('keeps the last N builds but never the live one or a pending preview', async () => {
    api = await openPublishApi(engine, { keep: 2, autoPublish: false });
    const live = await api.coordinator.trigger('manual', { publish: true });
    await api.coordinator.idle();
    for (let i = 0; i < 4; i++) {
      const b = await api.coordinator.trigger('manual', { publish: false });
      await api.coordinator.idle();
      if (i < 3) await api.coordinator.discard(b.build.id).catch(() => {});
    }
    const dirs = readdirSync(api.buildsDir).filter((n) => !n.startsWith('.') && n !== 'current');
    expect(dirs).toContain(live.build.id);
    expect(dirs.length).toBeLessThanOrEqual(3);
    const previews = (await builds()).filter((b) => b.status === 'succeeded' && b.preview_url);
    expect(previews).toHaveLength(1);
    expect(dirs).toContain(previews[0]?.id);
  });

  it('two instances on one database never build at the same time (lease row)', async () => {
    api = await openPublishApi(engine);
    const otherFake = fakeBuilder(api.deps.db);
    // Counts the other instance's attempts to take the lease, so the test waits for refusals, not for time.
    let leaseTries = 0;
    const otherDb = api.deps.db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'UpdateQueryNode' && JSON.stringify(node.table).includes('"build_leases"'))
          leaseTries++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const other = createCoordinator({
      db: otherDb,
      buildsDir: api.buildsDir,
      apiUrl: 'http://127.0.0.1:9',
      logger: createLogger('silent'),
      autoPublish: true,
      keep: 5,
      debounceMs: 10,
      builder: otherFake.builder,
      leasePollMs: 20,
    });
    try {
      const held = api.fake.hold();
      await api.coordinator.trigger('manual');
      await held.started;
      const waiting = await other.trigger('webhook');
      const tried = leaseTries;
      await waitFor(
        () => leaseTries >= tried + 2,
        15_000,
        'the second instance to be refused the lease twice',
      );
      expect((await other.get(waiting.build.id))?.status).toBe('queued'); // the other instance holds the lease
      expect(otherFake.calls).toHaveLength(0);
      held.release();
      await api.coordinator.idle();
      await other.idle();
      expect(otherFake.calls).toEqual([waiting.build.id]);
      expect((await other.get(waiting.build.id))?.status).toBe('published');
    } finally {
      await other.stop();
    }
  });

  it('needs an API key, and answers 503 in a process without a coordinator', async () => {
    api = await openPublishApi(engine);
    const none = await api.fetch('/api/builds');
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    expect(none.headers.get('Cache-Control')).toBe('no-store');
    const wrong = await api.fetch('/api/builds', {
      headers: { Authorization: 'Bearer nope-nope-nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { detail: string }).detail).toMatch(/not a valid API key/);
    api.deps.publishing = undefined;
    expect((await api.fetch('/api/builds', { headers: auth })).status).toBe(503);
  });
});
