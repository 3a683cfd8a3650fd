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
  // Signed in once for the file: sign-ins are rate limited.
  let editor: Awaited<ReturnType<typeof signedIn>>;
  let dealer: Awaited<ReturnType<typeof signedIn>>;
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
      'forester.webp',
      'forester-480.webp',
      'forester-960.webp',
      'forester-1440.webp',
      'range/forester-sport-blue.webp',
      'range/forester-sport-blue-480.webp',
      'files/subaru-forester-brochure.pdf',
      'photos/4f1c/original.jpeg',
    ])
      await store.put(key, Buffer.from('not really an image'));
    editor = await signedIn(api, 'editor');
    dealer = await signedIn(api, 'dealer', { dealers: ['motus-subaru-pretoria'] });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells a dealer user which dealerships are theirs, and anyone else that they have the whole group', async () => {
    const mine = await get('/api/admin/account', dealer.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.dealers).toEqual(['motus-subaru-pretoria']);
    expect((await get('/api/admin/account', editor.cookie)).body.dealers).toBeNull();
  });

  it('lists the images a special can show, each once with its URL, to content editors only', async () => {
    const r = await get('/api/editor/special_images', editor.cookie);
    expect(r.status).toBe(200);
    expect(r.body['hydra:member']).toEqual([
      expect.objectContaining({ file: 'ascent-deal.webp', uri: '/uploads/specials/ascent-deal.webp' }),
      expect.objectContaining({ file: 'forester-fest.webp', uri: '/uploads/specials/forester-fest.webp' }),
    ]);
    expect((await get('/api/editor/special_images', dealer.cookie)).status).toBe(403);
  });

  it('lists the drawn files of each kind a content form names, each once, to content editors only', async () => {
    const files = async (kind: string) => {
      const r = await get(`/api/editor/drawn_files/${kind}`, editor.cookie);
      expect(r.status, kind).toBe(200);
      return r.body['hydra:member'];
    };
    // Main images are the uploads' root files, without renditions and without anything in a folder.
    expect(await files('main')).toEqual([
      expect.objectContaining({ file: 'forester.webp', uri: '/uploads/forester.webp' }),
    ]);
    expect(await files('range')).toEqual([
      expect.objectContaining({
        file: 'forester-sport-blue.webp',
        uri: '/uploads/range/forester-sport-blue.webp',
      }),
    ]);
    expect(await files('banner')).toEqual([expect.objectContaining({ file: 'hero.webp' })]);
    expect(await files('gallery')).toEqual([]);
    expect(await files('brochure')).toEqual([
      expect.objectContaining({
        file: 'subaru-forester-brochure.pdf',
        uri: '/uploads/files/subaru-forester-brochure.pdf',
      }),
    ]);
    const bad = await get('/api/editor/drawn_files/photos', editor.cookie);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/kind: must be one of main, gallery/);
    expect((await get('/api/editor/drawn_files/main', dealer.cookie)).status).toBe(403);
  });
});
