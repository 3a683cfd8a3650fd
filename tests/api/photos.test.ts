/**
 * Photos of used cars through the editor API and back out of the public API, on both databases:
 * EXIF (GPS) stripped, bad files refused by name with nothing left behind, order / main / delete,
 * no orphan files, and the public vehicle answers listing the uploaded photos.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionOf } from '../../src/contract/hydra.ts';
import type { Photo } from '../../src/contract/index.ts';
import { Photo as PhotoSchema } from '../../src/contract/media.ts';
import { VehicleDetail, VehicleSummary } from '../../src/contract/vehicles.ts';
import { localStore } from '../../src/server/media/local-store.ts';
import { sweepOrphans } from '../../src/server/media/orphan-sweep.ts';
import type { BlobStore } from '../../src/server/media/storage.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { filesUnder } from './photo-files.ts';
import { API_KEY, auth, EDITOR_TOKEN, storeKnownKey } from './publish-helpers.ts';

type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };
type Problem = { status: number; detail: string; code?: string; violations?: { propertyPath: string }[] };

const CAR = 7;

/** A real JPEG with camera and GPS EXIF, like a phone photo. */
async function phoneJpeg(width = 2000, height = 1500, orientation?: number): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .composite([
      {
        input: {
          create: {
            width: Math.round(width / 2),
            height: Math.round(height / 2),
            channels: 3,
            background: '#e33',
          },
        },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Camera 9' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '26/1 10/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '27/1 52/1 0/1',
      },
    });
  if (orientation) img = img.withMetadata({ orientation });
  return img.toBuffer();
}

function form(...files: { data: Buffer; name: string; type?: string }[]): FormData {
  const fd = new FormData();
  for (const f of files)
    fd.append('file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.name);
  return fd;
}

describe.each(ENGINES)('photos of used cars on %s', (engine) => {
  let api: TestApi;
  let dataDir: string;
  let uploads: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    dataDir = `data/test/photos-${randomUUID().slice(0, 8)}`;
    uploads = join(dataDir, 'uploads');
    api = await openTestApi(engine, { EDITOR_TOKEN, DATA_DIR: dataDir });
    await storeKnownKey(api.deps.db, API_KEY, ['content:write', 'stock:write']);
    jpeg = await phoneJpeg();
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (car: number, body: FormData) =>
    api.json<Collection<Photo> & Problem>(`/api/editor/vehicles/${car}/images`, {
      method: 'POST',
      headers: auth,
      body,
    });
  const send = (method: string, path: string, body: unknown) =>
    api.json<Collection<Photo> & Problem>(path, {
      method,
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const rows = async () => (await api.db.db.selectFrom('vehicle_images').selectAll().execute()).length;
  /** Every stored file is referenced by exactly one row, and every referenced file exists. */
  async function expectConsistent() {
    const all = await api.db.db.selectFrom('vehicle_images').select('renditions').execute();
    const keys = all.flatMap((r) => (JSON.parse(r.renditions) as { key: string }[]).map((x) => x.key)).sort();
    expect(filesUnder(uploads)).toEqual(keys);
  }

  it('answers 401 to a request without the editor token', async () => {
    expect((await api.fetch(`/api/editor/vehicles/${CAR}/images`)).status).toBe(401);
    const res = await api.fetch(`/api/editor/vehicles/${CAR}/images`, {
      method: 'POST',
      body: form({ data: jpeg, name: 'a.jpg' }),
    });
    expect(res.status).toBe(401);
  });

  it('stores a phone JPEG as AVIF, WebP and JPEG renditions without any EXIF (GPS gone)', async () => {
    const input = await sharp(jpeg).metadata();
    expect(exifReader(input.exif as Buffer).GPSInfo?.GPSLatitudeRef).toBe('S'); // the test file really has GPS

    const r = await upload(CAR, form({ data: jpeg, name: 'IMG_0001.jpg' }));
    expect(r.status).toBe(201);
    v.parse(collectionOf(PhotoSchema), r.body); // the contract's shape, exactly
    expect(r.body['hydra:totalItems']).toBe(1);
    const [photo] = r.body['hydra:member'] as [Photo];
    expect(photo).toMatchObject({ '@type': 'Photo', position: 0, is_main: true, alt: '' });
    expect(photo.original).toEqual({ width: 2000, height: 1500 });
    expect([photo.width, photo.height]).toEqual([1200, 900]); // the fallback file's size
    expect(photo.renditions.map((x) => `${x.format}@${x.width}`).sort()).toEqual(
      [
        'avif@1200',
        'avif@1600',
        'avif@400',
        'avif@800',
        'jpeg@1200',
        'webp@1200',
        'webp@1600',
        'webp@400',
        'webp@800',
      ].sort(),
    );
    expect(photo.uri).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\/1200\.jpg$/);
    expect(photo.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(photo.sources[0]?.srcset).toContain(' 400w');
    for (const rendition of photo.renditions) {
      const file = readFileSync(join(uploads, rendition.key));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(rendition.format === 'avif' ? 'heif' : rendition.format);
      expect(meta.width).toBe(rendition.width);
      expect(meta.height).toBe(rendition.height);
      expect(meta.exif).toBeUndefined();
      expect(file.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    await expectConsistent();
  });

  it('turns a photo taken sideways upright (EXIF orientation applied, then dropped)', async () => {
    const sideways = await phoneJpeg(1200, 900, 6);
    const r = await upload(CAR, form({ data: sideways, name: 'portrait.jpg' }));
    expect(r.status).toBe(201);
    const photo = r.body['hydra:member'][1] as Photo;
    expect(photo).toMatchObject({ original: { width: 900, height: 1200 }, position: 1, is_main: false });
    const jpg = photo.renditions.find((x) => x.format === 'jpeg');
    const meta = await sharp(join(uploads, jpg?.key ?? '')).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([900, 1200, 1]);
    // The red quarter was top left as stored; turned 90° clockwise it is top right.
    const pixel = async (left: number) => [
      ...(await sharp(join(uploads, jpg?.key ?? ''))
        .extract({ left, top: 10, width: 1, height: 1 })
        .raw()
        .toBuffer()),
    ];
    expect((await pixel(890))[0]).toBeGreaterThan(200);
    expect((await pixel(10))[0]).toBeLessThan(60);
  });

  it('accepts PNG, WebP and HEIF (AVIF-coded) by their content, whatever the name or Content-Type', async () => {
    const base = () =>
      sharp({
        create: { width: 1000, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      });
    const r = await upload(
      CAR,
      form(
        { data: await base().png().toBuffer(), name: 'photo.jpg', type: 'image/jpeg' },
        { data: await base().webp().toBuffer(), name: 'photo.png', type: 'text/plain' },
        {
          data: await base().heif({ compression: 'av1' }).toBuffer(),
          name: 'IMG_0002.HEIC',
          type: 'image/heic',
        },
      ),
    );
    expect(r.status).toBe(201);
    const added = r.body['hydra:member'].slice(-3);
    expect(added.map((p) => p.original)).toEqual(Array(3).fill({ width: 1000, height: 800 }));
    // Transparent areas are flattened onto white.
    const jpg = added[0]?.renditions.find((x) => x.format === 'jpeg');
    const pixel = await sharp(join(uploads, jpg?.key ?? ''))
      .extract({ left: 5, top: 5, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(Math.min(...pixel)).toBeGreaterThan(245);
    for (const p of added)
      expect(
        (await api.fetch(`/api/editor/vehicles/${CAR}/images/${p.id}`, { method: 'DELETE', headers: auth }))
          .status,
      ).toBe(204);
    await expectConsistent();
  });

  it.each([
    [
      'a text file named .jpg',
      () => Buffer.from('These are not the pixels you are looking for.\n'.repeat(50)),
      415,
      'The file is not a JPEG, PNG, WebP or HEIC image.',
    ],
    [
      'a truncated JPEG',
      () => jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      422,
      'The image is damaged or incomplete (cut short) and cannot be read.',
    ],
    [
      'a file over 15 MB',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(15 * 1024 * 1024)]),
      413,
      'The image is larger than 15 MB.',
    ],
    [
      'a photo below 800 × 600',
      () => phoneJpeg(640, 480),
      422,
      'The image must be at least 800 × 600 pixels; this one is 640 × 480.',
    ],
  ] as const)(
    'refuses %s with a message naming the problem, storing nothing',
    async (_what, make, status, detail) => {
      const before = await rows();
      const files = filesUnder(uploads);
      const r = await upload(CAR, form({ data: await make(), name: 'photo.jpg', type: 'image/jpeg' }));
      expect(r.status).toBe(status);
      expect(r.res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
      expect(r.body.detail).toBe(detail);
      expect(await rows()).toBe(before);
      expect(filesUnder(uploads)).toEqual(files);
    },
  );

  it('refuses a whole batch when one file is bad, naming that file', async () => {
    const before = await rows();
    const r = await upload(
      CAR,
      form({ data: jpeg, name: 'good.jpg' }, { data: Buffer.from('hello'), name: 'notes.jpg' }),
    );
    expect(r.status).toBe(415);
    expect(r.body.detail).toBe('notes.jpg: The file is not a JPEG, PNG, WebP or HEIC image.');
    expect(await rows()).toBe(before);
    await expectConsistent();
  });

  it('refuses a request without files, not multipart, or for an unknown car', async () => {
    expect((await upload(CAR, new FormData())).status).toBe(422);
    const json = await send('POST', `/api/editor/vehicles/${CAR}/images`, { file: 'x' });
    expect(json.status).toBe(415);
    expect((await upload(999999, form({ data: jpeg, name: 'a.jpg' }))).status).toBe(404);
  });

  it('leaves no file behind when storing fails half-way', async () => {
    const real = localStore(uploads);
    let puts = 0;
    const flaky: BlobStore = {
      ...real,
      put: async (key, data) => {
        if (++puts === 5) throw new Error('disk full');
        await real.put(key, data);
      },
    };
    const before = await rows();
    const failing = await openTestApi(engine, { EDITOR_TOKEN, DATA_DIR: dataDir });
    await storeKnownKey(failing.deps.db, API_KEY, ['content:write', 'stock:write']);
    failing.deps.storage = flaky;
    // The store is read when the routes are made: a fresh app with the flaky store.
    const { createApi } = await import('../../src/server/app.ts');
    const app = createApi(failing.deps);
    const res = await app.request(`/api/editor/vehicles/${CAR}/images`, {
      method: 'POST',
      headers: auth,
      body: form({ data: jpeg, name: 'a.jpg' }),
    });
    expect(res.status).toBe(500);
    expect(puts).toBe(5);
    expect(await failing.db.db.selectFrom('vehicle_images').selectAll().execute()).toHaveLength(0);
    await failing.close();
    expect(await rows()).toBe(before);
    await expectConsistent();
  });

  it('uploads several at once, reorders them, chooses the main one and sets alt text', async () => {
    const r = await upload(
      CAR,
      form({ data: jpeg, name: 'c.jpg' }, { data: jpeg, name: 'd.jpg', type: 'application/octet-stream' }),
    );
    expect(r.status).toBe(201);
    const ids = r.body['hydra:member'].map((p) => p.id);
    expect(ids).toHaveLength(4);
    expect(r.body['hydra:member'].map((p) => p.position)).toEqual([0, 1, 2, 3]);

    const reversed = [...ids].reverse();
    const o = await send('PUT', `/api/editor/vehicles/${CAR}/images/order`, { order: reversed });
    expect(o.status).toBe(200);
    expect(o.body['hydra:member'].map((p) => p.id)).toEqual(reversed);

    const bad = await send('PUT', `/api/editor/vehicles/${CAR}/images/order`, { order: ids.slice(1) });
    expect(bad.status).toBe(422);
    expect(bad.body.violations?.[0]?.propertyPath).toBe('order');

    const m = await send('PATCH', `/api/editor/vehicles/${CAR}/images/${ids[2]}`, {
      is_main: true,
      alt: ' Rear three-quarter view ',
    });
    expect(m.status).toBe(200);
    const mains = m.body['hydra:member'].filter((p) => p.is_main);
    expect(mains.map((p) => [p.id, p.alt])).toEqual([[ids[2], 'Rear three-quarter view']]);

    const unknown = await send('PATCH', `/api/editor/vehicles/${CAR}/images/${randomUUID()}`, {
      is_main: true,
    });
    expect(unknown.status).toBe(404);
  });

  it('lists the uploaded photos in the public vehicle API, main first, and the main one in the listing', async () => {
    const editor = (
      await api.json<Collection<Photo>>(`/api/editor/vehicles/${CAR}/images`, { headers: auth })
    ).body['hydra:member'];
    const main = editor.find((p) => p.is_main) as Photo;
    const detail = await api.json<{
      image: { uri: string };
      images: Collection<{ uri: string; sources: unknown[]; alt: string; illustration: boolean }>;
    }>(`/api/vehicles/${CAR}`);
    expect(detail.status).toBe(200);
    v.parse(VehicleDetail, detail.body);
    const uris = detail.body.images['hydra:member'].map((i) => i.uri);
    expect(uris).toEqual([main, ...editor.filter((p) => !p.is_main)].map((p) => p.uri));
    expect(detail.body.image.uri).toBe(main.uri);
    expect(detail.body.images['hydra:member'][0]?.alt).toBe('Rear three-quarter view');
    // Photos are photos: the pages put no "Illustration" label on them.
    expect(detail.body.images['hydra:member'].map((i) => i.illustration)).toEqual(uris.map(() => false));

    const list = await api.json<Collection<{ id: number; image: { uri: string; illustration: boolean } }>>(
      '/api/motus-subaru/vehicles?order[price]=asc&page=1',
    );
    const all = [list.body];
    for (let page = 2; !all.some((c) => c['hydra:member'].some((x) => x.id === CAR)); page++)
      all.push(
        (
          await api.json<Collection<{ id: number; image: { uri: string; illustration: boolean } }>>(
            `/api/motus-subaru/vehicles?order[price]=asc&page=${page}`,
          )
        ).body,
      );
    const card = all.flatMap((c) => c['hydra:member']).find((x) => x.id === CAR);
    v.parse(VehicleSummary, card);
    expect(card?.image.uri).toBe(main.uri);
    expect(card?.image.illustration).toBe(false);

    // A car without uploads keeps its drawn images, which the API marks as illustrations.
    const other = await api.json<{
      image: { illustration: boolean };
      images: Collection<{ uri: string; illustration: boolean }>;
    }>('/api/vehicles/8');
    expect(other.body.images['hydra:member'][0]?.uri).toMatch(/^\/uploads\/used\//);
    expect(other.body.images['hydra:member'].every((i) => i.illustration)).toBe(true);
    expect(other.body.image.illustration).toBe(true);
  });

  it('deletes photos with their files, promoting the next one to main', async () => {
    const list = (await api.json<Collection<Photo>>(`/api/editor/vehicles/${CAR}/images`, { headers: auth }))
      .body['hydra:member'];
    const main = list.find((p) => p.is_main) as Photo;
    const del = await api.fetch(`/api/editor/vehicles/${CAR}/images/${main.id}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(del.status).toBe(204);
    for (const r of main.renditions) expect(() => statSync(join(uploads, r.key))).toThrow();
    const after = (await api.json<Collection<Photo>>(`/api/editor/vehicles/${CAR}/images`, { headers: auth }))
      .body['hydra:member'];
    expect(after).toHaveLength(list.length - 1);
    expect(after.filter((p) => p.is_main).map((p) => p.id)).toEqual([after[0]?.id]);
    expect(
      (await api.fetch(`/api/editor/vehicles/${CAR}/images/${main.id}`, { method: 'DELETE', headers: auth }))
        .status,
    ).toBe(404);
    for (const p of after)
      expect(
        (await api.fetch(`/api/editor/vehicles/${CAR}/images/${p.id}`, { method: 'DELETE', headers: auth }))
          .status,
      ).toBe(204);
    await expectConsistent();
    expect(filesUnder(uploads)).toEqual([]);
    const detail = await api.json<{ images: Collection<{ uri: string }> }>(`/api/vehicles/${CAR}`);
    expect(detail.body.images['hydra:member'][0]?.uri).toMatch(/^\/uploads\/used\//);
  });

  it('sweeps orphan files older than the grace period and keeps referenced and young ones', async () => {
    const r = await upload(CAR, form({ data: jpeg, name: 'keep.jpg' }));
    expect(r.status).toBe(201);
    const dir = join(uploads, 'photos', randomUUID());
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '800.webp'), 'old orphan');
    writeFileSync(join(dir, '400.webp'), 'young orphan');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(dir, '800.webp'), old, old);
    const removed = await sweepOrphans(api.db.db, localStore(uploads));
    expect(removed).toEqual([relative(uploads, join(dir, '800.webp'))]);
    rmSync(dir, { recursive: true });
    await expectConsistent();
  });
});
