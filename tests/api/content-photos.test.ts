/**
 * Images of banners, blog posts and range models (issue 10 §3 "the same applies to range, banner and blog
 * images") on both databases: the same ingest and checks as used-car photos, staff only (401 anonymous, 403
 * for a dealer user), a bad file named with nothing stored, a banner's upload replacing its image with no
 * file left behind, a range model's ordered photos, and the public API answering the uploads.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Banner } from '../../src/contract/banners.ts';
import { BlogPost, type BlogSummary } from '../../src/contract/blog.ts';
import { collectionOf } from '../../src/contract/hydra.ts';
import type { Photo } from '../../src/contract/index.ts';
import { Photo as PhotoSchema } from '../../src/contract/media.ts';
import { RangeModel } from '../../src/contract/range.ts';
import { localStore } from '../../src/server/media/local-store.ts';
import { sweepOrphans } from '../../src/server/media/orphan-sweep.ts';
import type { BlobStore } from '../../src/server/media/storage.ts';
import { revisionPhotoKeys } from '../../src/server/revisions/purge.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { filesUnder, form, picture } from './photo-files.ts';
import { signedIn } from './staff-helpers.ts';

type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };
type Problem = { status: number; detail: string; violations?: { propertyPath: string; message: string }[] };
type Photos = Collection<Photo> & Problem;

describe.each(ENGINES)('images of banners, blog posts and range models on %s', (engine) => {
  let api: TestApi;
  let dataDir: string;
  let uploads: string;
  let editor: Record<string, string>;
  let dealer: Record<string, string>;
  let jpeg: Buffer;
  let bannerId: number;
  let model: { id: number; make_slug: string; model_slug: string };
  let post: { id: number; slug: string };

  beforeAll(async () => {
    dataDir = `data/test/content-photos-${randomUUID().slice(0, 8)}`;
    uploads = join(dataDir, 'uploads');
    api = await openTestApi(engine, { DATA_DIR: dataDir });
    editor = (await signedIn(api, 'editor')).headers;
    const dealerSlug = (await api.db.db.selectFrom('dealers').select('slug').executeTakeFirstOrThrow()).slug;
    dealer = (await signedIn(api, 'dealer', { dealers: [dealerSlug] })).headers;
    jpeg = await picture();
    bannerId = (await api.db.db.selectFrom('banners').select('id').orderBy('id').executeTakeFirstOrThrow())
      .id;
    model = await api.db.db
      .selectFrom('range_models')
      .select(['id', 'make_slug', 'model_slug'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    post = await api.db.db
      .selectFrom('blog_posts')
      .select(['id', 'slug'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (path: string, body: FormData, headers = editor) =>
    api.json<Photos>(`/api/editor/${path}/images`, { method: 'POST', headers, body });
  const send = (method: string, path: string, body?: unknown, headers = editor) =>
    api.json<Photos>(path, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const rows = async () => (await api.db.db.selectFrom('content_images').selectAll().execute()).length;
  /**
   * Every stored file is referenced by a row, or kept for a deleted item that can still be restored (its
   * revision names it); and every file a row references exists.
   */
  async function expectConsistent() {
    const all = await api.db.db.selectFrom('content_images').select('renditions').execute();
    const kept = await revisionPhotoKeys(api.db.db, '');
    const keys = all.flatMap((r) => (JSON.parse(r.renditions) as { key: string }[]).map((x) => x.key));
    const files = filesUnder(uploads);
    expect(files.filter((f) => !keys.includes(f) && !kept.has(f))).toEqual([]);
    expect(keys.filter((k) => !files.includes(k))).toEqual([]);
  }

  it('answers 401 to anonymous requests and 403 to a dealer user, for every owner and method', async () => {
    for (const path of [`banners/${bannerId}`, `blog_posts/${post.id}`, `range_models/${model.id}`]) {
      const base = `/api/editor/${path}/images`;
      expect((await api.fetch(base)).status).toBe(401);
      expect(
        (await api.fetch(base, { method: 'POST', body: form({ data: jpeg, name: 'a.jpg' }) })).status,
      ).toBe(401);
      expect((await api.fetch(`${base}/order`, { method: 'PUT' })).status).toBe(401);
      expect((await api.fetch(`${base}/${randomUUID()}`, { method: 'DELETE' })).status).toBe(401);

      const refused = await upload(path, form({ data: jpeg, name: 'a.jpg' }), dealer);
      expect(refused.status).toBe(403);
      expect((await send('GET', base, undefined, dealer)).status).toBe(403);
      expect((await send('PUT', `${base}/order`, { order: [] }, dealer)).status).toBe(403);
    }
    expect(await rows()).toBe(0);
    expect(filesUnder(uploads)).toEqual([]);
  });

  it("uploads a banner's image (EXIF gone, renditions made) and the public banners show it", async () => {
    const r = await upload(`banners/${bannerId}`, form({ data: jpeg, name: 'hero.jpg' }));
    expect(r.status).toBe(201);
    v.parse(collectionOf(PhotoSchema), r.body);
    const [photo] = r.body['hydra:member'] as [Photo];
    expect(photo['@id']).toBe(`/api/editor/banners/${bannerId}/images/${photo.id}`);
    expect(photo).toMatchObject({ is_main: true, original: { width: 1800, height: 900 } });
    expect(photo.renditions.map((x) => `${x.format}@${x.width}`).sort()).toEqual(
      [
        'avif@400',
        'avif@800',
        'avif@1200',
        'avif@1600',
        'jpeg@1200',
        'webp@400',
        'webp@800',
        'webp@1200',
        'webp@1600',
      ].sort(),
    );
    for (const rendition of photo.renditions)
      expect((await sharp(join(uploads, rendition.key)).metadata()).exif).toBeUndefined();

    const pub = await api.json<Collection<Banner>>('/api/banners');
    const shown = pub.body['hydra:member'].find((b) => b.id === bannerId);
    expect(shown && v.parse(Banner, shown).image).toMatchObject({
      uri: photo.uri,
      file: photo.uri.replace('/uploads/', ''),
      width: 1200,
      height: 600,
    });
    expect(shown?.image.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    // Banners without an upload keep their drawn image.
    const other = pub.body['hydra:member'].find((b) => b.id !== bannerId);
    if (other) expect(other.image.uri).toMatch(/^\/uploads\/banners\/[^/]+\.webp$/);
    await expectConsistent();
  });

  it("replaces a banner's image with the next upload: one row, the old files gone", async () => {
    const before = (await send('GET', `/api/editor/banners/${bannerId}/images`)).body['hydra:member'];
    expect(before).toHaveLength(1);
    const r = await upload(
      `banners/${bannerId}`,
      form({ data: await picture(1600, 800, '#a01a1a'), name: 'new.jpg' }),
    );
    expect(r.status).toBe(201);
    expect(r.body['hydra:member']).toHaveLength(1);
    expect(r.body['hydra:member'][0]?.id).not.toBe(before[0]?.id);
    expect(r.body['hydra:member'][0]).toMatchObject({
      is_main: true,
      original: { width: 1600, height: 800 },
    });
    await expectConsistent();
    const audit = await api.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'photo.upload')
      .where('resource', '=', 'banners')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [
      'a text file named .jpg',
      () => Buffer.from('not an image\n'.repeat(40)),
      415,
      'The file is not a JPEG, PNG, WebP or HEIC image.',
    ],
    [
      'a picture below 800 × 600',
      () => picture(640, 480),
      422,
      'The image must be at least 800 × 600 pixels; this one is 640 × 480.',
    ],
    [
      'a file over 15 MB',
      () => Promise.resolve(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(15 * 1024 * 1024)])),
      413,
      'The image is larger than 15 MB.',
    ],
  ] as const)(
    'refuses %s for a banner, naming the problem and storing nothing',
    async (_w, make, status, detail) => {
      const before = await rows();
      const files = filesUnder(uploads);
      const r = await upload(`banners/${bannerId}`, form({ data: Buffer.from(await make()), name: 'x.jpg' }));
      expect(r.status).toBe(status);
      expect(r.body.detail).toBe(detail);
      expect(await rows()).toBe(before);
      expect(filesUnder(uploads)).toEqual(files);
    },
  );

  it('takes one file for a banner or blog post, and refuses unknown owners', async () => {
    const two = await upload(
      `blog_posts/${post.id}`,
      form({ data: jpeg, name: 'a.jpg' }, { data: jpeg, name: 'b.jpg' }),
    );
    expect(two.status).toBe(422);
    expect(two.body.violations?.[0]).toMatchObject({
      propertyPath: 'file',
      message: 'A blog post has one image: upload one file',
    });
    expect((await upload('banners/999999', form({ data: jpeg, name: 'a.jpg' }))).status).toBe(404);
    expect((await upload('range_models/999999', form({ data: jpeg, name: 'a.jpg' }))).status).toBe(404);
    await expectConsistent();
  });

  it("uploads a blog post's image and the public list and post show it", async () => {
    const r = await upload(`blog_posts/${post.id}`, form({ data: jpeg, name: 'post.jpg' }));
    expect(r.status).toBe(201);
    const uri = r.body['hydra:member'][0]?.uri;
    const one = await api.json<BlogPost>(`/api/blog/${post.slug}`);
    expect(v.parse(BlogPost, one.body).image.uri).toBe(uri);
    const list = await api.json<Collection<BlogSummary>>('/api/blog');
    const summary = list.body['hydra:member'].find((p) => p.slug === post.slug);
    if (summary) expect(summary.image.uri).toBe(uri);
  });

  it("keeps a range model's photos in order: the main one is its image, the others its photos", async () => {
    const r = await upload(
      `range_models/${model.id}`,
      form(
        { data: await picture(1600, 1000, '#101010'), name: 'a.jpg' },
        { data: await picture(1600, 1000, '#202020'), name: 'b.jpg' },
        { data: await picture(1600, 1000, '#303030'), name: 'c.jpg' },
      ),
    );
    expect(r.status).toBe(201);
    const ids = r.body['hydra:member'].map((p) => p.id);
    expect(r.body['hydra:member'].map((p) => p.is_main)).toEqual([true, false, false]);
    const base = `/api/editor/range_models/${model.id}/images`;
    const reversed = [...ids].reverse();
    expect(
      (await send('PUT', `${base}/order`, { order: reversed })).body['hydra:member'].map((p) => p.id),
    ).toEqual(reversed);
    const bad = await send('PUT', `${base}/order`, { order: ids.slice(1) });
    expect(bad.status).toBe(422);
    expect(bad.body.violations?.[0]?.message).toBe(
      "order must list each of this range model's 3 photo ids exactly once",
    );
    const main = await send('PATCH', `${base}/${ids[1]}`, { is_main: true });
    expect(main.body['hydra:member'].find((p) => p.is_main)?.id).toBe(ids[1]);

    const pub = await api.json<RangeModel>(`/api/ranges/${model.make_slug}/${model.model_slug}`);
    const shown = v.parse(RangeModel, pub.body);
    const uriOf = (id?: string) => r.body['hydra:member'].find((p) => p.id === id)?.uri;
    expect(shown.image.uri).toBe(uriOf(ids[1]));
    expect(shown.photos.map((p) => p.uri)).toEqual([uriOf(ids[2]), uriOf(ids[0])]);

    const del = await api.fetch(`${base}/${ids[1]}`, { method: 'DELETE', headers: editor });
    expect(del.status).toBe(204);
    const after = (await send('GET', base)).body['hydra:member'];
    expect(after.map((p) => p.id)).toEqual([ids[2], ids[0]]);
    expect(after[0]?.is_main).toBe(true);
    await expectConsistent();
  });

  it('leaves no file and no row behind when storing fails half-way', async () => {
    const real = localStore(uploads);
    let puts = 0;
    const flaky: BlobStore = {
      ...real,
      put: async (key, data) => {
        if (++puts === 4) throw new Error('disk full');
        await real.put(key, data);
      },
    };
    const beforeRows = await rows();
    const beforeFiles = filesUnder(uploads);
    const { createApi } = await import('../../src/server/app.ts');
    const app = createApi({ ...api.deps, storage: flaky });
    const res = await app.request(`/api/editor/range_models/${model.id}/images`, {
      method: 'POST',
      headers: editor,
      body: form({ data: jpeg, name: 'a.jpg' }),
    });
    expect(res.status).toBe(500);
    expect(puts).toBe(4);
    expect(await rows()).toBe(beforeRows);
    expect(filesUnder(uploads)).toEqual(beforeFiles);
  });

  it('deletes the image rows of a deleted banner, keeping its files while it can be restored', async () => {
    const fresh = await send('POST', '/api/editor/banners', {
      type: 'Car',
      title: 'Short-lived',
      subtitle: '',
      image: 'outback.webp',
      button_url: '/new',
      sort_order: 99,
    });
    expect(fresh.status).toBe(201);
    const id = (fresh.body as unknown as { id: number }).id;
    expect((await upload(`banners/${id}`, form({ data: jpeg, name: 'a.jpg' }))).status).toBe(201);
    expect((await api.fetch(`/api/editor/banners/${id}`, { method: 'DELETE', headers: editor })).status).toBe(
      204,
    );
    expect(
      await api.db.db
        .selectFrom('content_images')
        .selectAll()
        .where('owner_type', '=', 'banner')
        .where('owner_id', '=', id)
        .execute(),
    ).toEqual([]);
    await expectConsistent();
  });

  it('sweeps rows of owners that no longer exist, then their files once old enough', async () => {
    const store = localStore(uploads);
    const id = 424242;
    await api.db.db
      .insertInto('content_images')
      .values({
        id: randomUUID(),
        owner_type: 'range_model',
        owner_id: id,
        position: 0,
        is_main: 1,
        alt: '',
        width: 1000,
        height: 800,
        renditions: JSON.stringify([
          { format: 'jpeg', width: 1000, height: 800, key: 'photos/ghost/1000.jpg' },
        ]),
        created_at: new Date().toISOString(),
      })
      .execute();
    await store.put('photos/ghost/1000.jpg', jpeg);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(uploads, 'photos/ghost/1000.jpg'), old, old);
    const removed = await sweepOrphans(api.db.db, store);
    expect(removed).toEqual(['photos/ghost/1000.jpg']);
    expect(
      await api.db.db.selectFrom('content_images').selectAll().where('owner_id', '=', id).execute(),
    ).toEqual([]);
    await expectConsistent();
  });
});
