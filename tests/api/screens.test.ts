/**
 * What the admin's screens ask the API for to speak the user's words (issue 25 §6): a dealer user's own
 * dealerships (the only ones a select offers them), and the images a special can show, for a picker
 * instead of a typed file name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStore } from '../../src/server/media/local-store.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { ORIGIN, signedIn } from './staff-helpers.ts';

type Json = Record<string, unknown> & { 'hydra:member': Record<string, unknown>[] };

describe.each(ENGINES)('screens in the user’s words on %s', (engine) => {
  let api: TestApi;
  const dir = mkdtempSync(join(tmpdir(), 'sdg-screens-'));
  const get = (path: string, cookie: string) =>
    api.json<Json>(path, { headers: { Cookie: cookie, Origin: ORIGIN } });

  beforeAll(async () => {
    api = await openTestApi(engine);
    const store = localStore(dir);
    api.deps.storage = store;
    for (const key of [
      'specials/forester-fest.webp',
      'specials/forester-fest-480.webp',
      'specials/forester-fest-960.webp',
      'specials/ascent-deal.webp',
      'banners/hero.webp',
    ])
      await store.put(key, Buffer.from('not really an image'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells a dealer user which dealerships are theirs, and anyone else that they have the whole group', async () => {
    const dealer = await signedIn(api, 'dealer', { dealers: ['motus-subaru-pretoria'] });
    const mine = await get('/api/admin/account', dealer.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.dealers).toEqual(['motus-subaru-pretoria']);
    const editor = await signedIn(api, 'editor');
    expect((await get('/api/admin/account', editor.cookie)).body.dealers).toBeNull();
  });

  it('lists the images a special can show, each once with its URL, to content editors only', async () => {
    const editor = await signedIn(api, 'editor');
    const r = await get('/api/editor/special_images', editor.cookie);
    expect(r.status).toBe(200);
    expect(r.body['hydra:member']).toEqual([
      expect.objectContaining({ file: 'ascent-deal.webp', uri: '/uploads/specials/ascent-deal.webp' }),
      expect.objectContaining({ file: 'forester-fest.webp', uri: '/uploads/specials/forester-fest.webp' }),
    ]);
    const dealer = await signedIn(api, 'dealer', { dealers: ['motus-subaru-pretoria'] });
    expect((await get('/api/editor/special_images', dealer.cookie)).status).toBe(403);
  });
});
