/**
 * Content that starts and ends on its own (issue 25 §7), against the real app with a clock the test sets
 * (config/clock.ts), on both databases: a special is on /api/special-deals/{dealer} on its valid_until day
 * and gone the day after on the Johannesburg clock; a scheduled blog post or banner is absent before its
 * publish_from day and present from it; the boundary job queues one rebuild, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/config/clock.ts';
import { dayAfter, todayIn } from '../../src/domain/content-window.ts';
import { createScheduler } from '../../src/server/jobs/scheduler.ts';
import { createLogger } from '../../src/server/log.ts';
import { BOUNDARY_JOB, boundaryRebuildJob } from '../../src/server/publish/boundaries.ts';
import { ENGINES } from './harness.ts';
import { jsonAuth, openPublishApi, type PublishApi } from './publish-helpers.ts';

const DEALER = 'motus-subaru-west-rand';
type Rec = Record<string, unknown> & { violations?: { propertyPath: string; message: string }[] };
type Groups = { 'hydra:member': { specials: { slug: string }[] }[] };
const slugsOf = (g: Groups) => g['hydra:member'].flatMap((x) => x.specials.map((s) => s.slug));

describe.each(ENGINES)('dated content on %s', (engine) => {
  let api: PublishApi;
  const clock = settableClock('2026-12-01T08:00:00Z');
  beforeAll(async () => {
    api = await openPublishApi(engine, { debounceMs: 20 });
    api.deps.clock = clock;
  });
  afterAll(() => api.close());
  const send = (method: string, path: string, body: unknown) =>
    api.json<Rec>(path, { method, headers: jsonAuth, body: JSON.stringify(body) });
  const firstOf = async (resource: string) => {
    const r = await api.json<{ 'hydra:member': Rec[] }>(`/api/editor/${resource}`, { headers: jsonAuth });
    expect(r.status).toBe(200);
    return r.body['hydra:member'][0] as Rec;
  };

  it('a special is listed on its valid_until day and gone from the list and its URL the day after (Johannesburg)', async () => {
    const special = await firstOf('specials');
    expect(
      (await send('PATCH', `/api/editor/specials/${special.id}`, { valid_until: '2026-12-10' })).status,
    ).toBe(200);
    clock.set('2026-12-10T21:59:00Z'); // 23:59 on 10 December in Johannesburg
    const on = await api.json<Groups>(`/api/special-deals/${DEALER}`);
    expect(slugsOf(on.body)).toContain(special.slug);
    expect((await api.json(`/api/specials/${special.slug}`)).status).toBe(200);

    clock.set('2026-12-10T22:00:00Z'); // midnight: 11 December in Johannesburg, still the 10th in UTC
    const after = await api.json<Groups>(`/api/special-deals/${DEALER}`);
    expect(after.status).toBe(200);
    expect(slugsOf(after.body)).not.toContain(special.slug);
    expect(slugsOf(after.body).length).toBeGreaterThan(0); // the others stay
    expect((await api.json(`/api/specials/${special.slug}`)).status).toBe(404);
  });

  it('a service deal leaves /api/service-deals/{dealer} the same way', async () => {
    const deal = await firstOf('service_deals');
    await send('PATCH', `/api/editor/service_deals/${deal.id}`, { valid_until: '2026-12-10' });
    clock.set('2026-12-10T12:00:00Z');
    expect(slugsOf((await api.json<Groups>(`/api/service-deals/${DEALER}`)).body)).toContain(deal.slug);
    clock.set('2026-12-11T12:00:00Z');
    expect(slugsOf((await api.json<Groups>(`/api/service-deals/${DEALER}`)).body)).not.toContain(deal.slug);
  });

  it('a blog post scheduled for a day is absent from the list and its URL before it, and present from it', async () => {
    const post = await firstOf('blog_posts');
    clock.set('2026-12-02T21:59:00Z'); // 23:59 on 2 December in Johannesburg
    const saved = await send('PATCH', `/api/editor/blog_posts/${post.id}`, { publish_from: '2026-12-03' });
    expect(saved.status).toBe(200);
    expect(saved.body.publish_from).toBe('2026-12-03');
    const totalOf = async () =>
      (await api.json<{ 'hydra:totalItems': number; 'hydra:member': { slug: string }[] }>('/api/blog')).body;
    const before = await totalOf();
    expect(before['hydra:member'].map((p) => p.slug)).not.toContain(post.slug);
    expect((await api.json(`/api/blog/${post.slug}`)).status).toBe(404);

    clock.set('2026-12-02T22:00:00Z'); // 3 December has begun in Johannesburg
    const after = await totalOf();
    expect(after['hydra:totalItems']).toBe(before['hydra:totalItems'] + 1);
    expect((await api.json(`/api/blog/${post.slug}`)).status).toBe(200);
    // Clearing the date shows it whatever the day.
    clock.set('2026-01-01T12:00:00Z');
    await send('PATCH', `/api/editor/blog_posts/${post.id}`, { publish_from: null });
    expect((await api.json(`/api/blog/${post.slug}`)).status).toBe(200);
  });

  it('a banner scheduled for a day stays off /api/banners until then', async () => {
    const banner = await firstOf('banners');
    await send('PATCH', `/api/editor/banners/${banner.id}`, { publish_from: '2026-12-24' });
    const ids = async () =>
      (await api.json<{ 'hydra:member': { id: number }[] }>('/api/banners')).body['hydra:member'].map(
        (b) => b.id,
      );
    clock.set('2026-12-23T12:00:00Z');
    expect(await ids()).not.toContain(banner.id);
    clock.set('2026-12-24T06:00:00Z');
    expect(await ids()).toContain(banner.id);
  });

  it('a publish_from that is no date is a 422 naming it', async () => {
    const post = await firstOf('blog_posts');
    const r = await send('PATCH', `/api/editor/blog_posts/${post.id}`, { publish_from: '2026-02-30' });
    expect(r.status).toBe(422);
    expect(r.body.violations?.map((v) => v.propertyPath)).toEqual(['publish_from']);
  });

  it('the boundary job queues one rebuild when a special ended since the last build, once per occurrence, and none again after it', async () => {
    // The real clock from here: builds are stamped with it.
    const now = new Date();
    api.deps.clock = undefined;
    await api.coordinator.trigger('manual');
    await api.coordinator.idle();
    // The site was last built two days ago; a special's last day was yesterday in Johannesburg.
    await api.deps.db
      .updateTable('builds')
      .set({ started_at: new Date(now.getTime() - 2 * 86_400_000).toISOString() })
      .execute();
    const yesterday = todayIn(new Date(now.getTime() - 86_400_000));
    expect(dayAfter(yesterday)).toBe(todayIn(now));
    const special = await firstOf('specials');
    await send('PATCH', `/api/editor/specials/${special.id}`, { valid_until: yesterday });
    await api.coordinator.idle(); // the edit's own content build
    await api.deps.db
      .updateTable('builds')
      .set({ started_at: new Date(now.getTime() - 2 * 86_400_000).toISOString() })
      .execute();

    const scheduler = createScheduler(api.deps.db, createLogger('silent'), { leaseMs: 5000 });
    try {
      scheduler.add(
        boundaryRebuildJob(api.deps.db, api.coordinator, {
          schedule: '1 0 * * *',
          timezone: 'Africa/Johannesburg',
        }),
      );
      const calls = api.fake.calls.length;
      const due = new Date(now.getTime() - 60_000);
      expect(await scheduler.claimAndRun(BOUNDARY_JOB, due)).toBe('ran');
      expect(api.fake.calls.length).toBe(calls + 1);
      const [newest] = await api.coordinator.list(1);
      expect(newest).toMatchObject({ trigger: 'schedule', started_by: 'content dates' });
      // The same occurrence again (another instance): taken, no second build.
      expect(await scheduler.claimAndRun(BOUNDARY_JOB, due)).toBe('taken');
      // A later occurrence: the newest build already began after the boundary, so nothing is queued.
      expect(await scheduler.claimAndRun(BOUNDARY_JOB, new Date(now.getTime() - 30_000))).toBe('ran');
      await api.coordinator.idle();
      expect(api.fake.calls.length).toBe(calls + 1);
    } finally {
      await scheduler.stop();
    }
  });
});
