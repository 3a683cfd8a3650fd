/** The signed rebuild webhook: bad, stale and replayed signatures are refused; a good one queues or coalesces. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestApi } from './harness.ts';
import { openPublishApi, type PublishApi, REBUILD_SECRET, signedHook } from './publish-helpers.ts';

type Body = { status: string; detail: string; id: string; coalesced_into_queued: boolean; '@type': string };

describe.each(ENGINES)('rebuild webhook on %s', (engine) => {
  let api: PublishApi;
  beforeAll(async () => {
    api = await openPublishApi(engine);
  });
  afterAll(() => api.close());
  const hook = (init: RequestInit) => api.json<Body>('/api/hooks/rebuild', init);

  it('a correctly signed request gets 202 with the queued build', async () => {
    const r = await hook(signedHook('{"source":"cms"}'));
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ '@type': 'Build', status: 'queued', coalesced_into_queued: false });
    expect(r.res.headers.get('Location')).toBe(`/api/builds/${r.body.id}`);
    await api.coordinator.idle();
    expect((await api.coordinator.get(r.body.id))?.trigger).toBe('webhook');
  });

  it('a request without signature headers is refused with 401 naming them', async () => {
    const r = await hook({ method: 'POST', body: '{}' });
    expect(r.status).toBe(401);
    expect(r.res.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body.detail).toMatch(/X-Rebuild-Timestamp and X-Rebuild-Signature/);
  });

  it('a bad signature (wrong secret, changed body or malformed) is refused', async () => {
    const wrongSecret = await hook(signedHook('{}', undefined, 'another-secret-0123456789abc'));
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.detail).toMatch(/does not match/);
    const tampered = signedHook('{"a":1}');
    const changed = await hook({ ...tampered, body: '{"a":2}' });
    expect(changed.status).toBe(401);
    const malformed = await hook({
      ...tampered,
      headers: { ...tampered.headers, 'X-Rebuild-Signature': 'md5=abc' },
    });
    expect(malformed.body.detail).toMatch(/sha256=/);
  });

  it('a stale timestamp (over five minutes old, or ahead) is refused even when signed correctly', async () => {
    const old = await hook(signedHook('{}', Math.floor(Date.now() / 1000) - 301));
    expect(old.status).toBe(401);
    expect(old.body.detail).toMatch(/stale/);
    const ahead = await hook(signedHook('{}', Math.floor(Date.now() / 1000) + 400));
    expect(ahead.body.detail).toMatch(/stale/);
  });

  it('a replayed signature is refused', async () => {
    const req = signedHook('{"n":"replay"}');
    expect((await hook(req)).status).toBe(202);
    const again = await hook(req);
    expect(again.status).toBe(401);
    expect(again.body.detail).toMatch(/replay/);
    await api.coordinator.idle();
  });

  it('webhooks during a build coalesce into one follow-up build', async () => {
    const held = api.fake.hold();
    const first = await hook(signedHook('{"n":1}'));
    await held.started;
    const second = await hook(signedHook('{"n":2}'));
    const third = await hook(signedHook('{"n":3}'));
    expect(second.body.id).not.toBe(first.body.id);
    expect(third.body).toMatchObject({ id: second.body.id, coalesced_into_queued: true });
    held.release();
    await api.coordinator.idle();
    expect((await api.coordinator.get(second.body.id))?.status).toBe('published');
  });

  it('answers 503 when REBUILD_SECRET is not configured', async () => {
    const off = await openTestApi(engine);
    try {
      const r = await off.json<Body>('/api/hooks/rebuild', signedHook('{}', undefined, REBUILD_SECRET));
      expect(r.status).toBe(503);
      expect(r.body.detail).toMatch(/REBUILD_SECRET/);
    } finally {
      await off.close();
    }
  });
});
