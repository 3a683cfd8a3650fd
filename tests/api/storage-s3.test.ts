/**
 * The product with S3_BUCKET set, against a real S3 server (s3rver, started here on 127.0.0.1), on both
 * databases: photos uploaded through the API land in the bucket (not DATA_DIR) and come back through
 * /uploads; deleting removes them; the orphan sweep works on the bucket; valuation photos stay private
 * (no session, another dealership: refused; signed links work and expire); `npm run storage:migrate` moves
 * a DATA_DIR onto the bucket and the server then serves from it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStorageConfig } from '../../src/config/storage.ts';
import { leadPhotoLink } from '../../src/server/leads/photos.ts';
import { createLogger } from '../../src/server/log.ts';
import { sweepOrphans } from '../../src/server/media/orphan-sweep.ts';
import { closeStores, openStore, privateStoreOf, storeOf } from '../../src/server/media/stores.ts';
import { createServerApp } from '../../src/server/server.ts';
import { startS3, type TestS3 } from '../s3-server.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, post } from './lead-fixtures.ts';
import { API_KEY, auth, EDITOR_TOKEN, storeKnownKey } from './publish-helpers.ts';
import { signedIn } from './staff-helpers.ts';

const CAR = 7;
type Photo = { id: string; renditions: { key: string; format: string }[] };

/** The smallest photo accepted: fewest renditions to encode on a busy machine. */
const picture = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

describe.each(ENGINES)('files in a bucket on %s', (engine) => {
  let api: TestApi;
  let app: ReturnType<typeof createServerApp>;
  const dataDir = `data/test/s3-${randomUUID().slice(0, 8)}`;
  const prefix = `${engine}-${randomUUID().slice(0, 8)}/`;
  beforeAll(async () => {
    api = await openTestApi(engine, {
      ...s3.env,
      S3_PREFIX: prefix,
      ...LEAD_ENV,
      EDITOR_TOKEN,
      DATA_DIR: dataDir,
      API_CACHE_TTL_MS: '0',
    });
    await storeKnownKey(api.deps.db, API_KEY, ['content:write', 'stock:write']);
    app = createServerApp(api.deps, createLogger('silent'));
  });
  afterAll(async () => {
    closeStores(api.deps.config.storage);
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const uploadPhoto = async () => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await picture())], { type: 'image/jpeg' }), 'car.jpg');
    const r = await api.json<{ 'hydra:member': Photo[] }>(`/api/editor/vehicles/${CAR}/images`, {
      method: 'POST',
      headers: auth,
      body: fd,
    });
    expect(r.status).toBe(201);
    return r.body['hydra:member'].at(-1) as Photo;
  };

  it('stores an uploaded photo in the bucket and serves it back through /uploads', {
    timeout: 90_000,
  }, async () => {
    expect(api.deps.config.storage.kind).toBe('s3');
    const photo = await uploadPhoto();
    const jpeg = photo.renditions.find((r) => r.format === 'jpeg');
    const bucket = await storeOf(api.deps).list(`photos/${photo.id}/`);
    expect(bucket.map((o) => o.key).sort()).toEqual(photo.renditions.map((r) => r.key).sort());
    // Nothing went to the local disk.
    expect(existsSync(join(dataDir, 'uploads', 'photos'))).toBe(false);

    const res = await app.request(`/uploads/${jpeg?.key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('jpeg');
    const again = await app.request(`/uploads/${jpeg?.key}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('deletes a photo’s objects from the bucket with the photo', { timeout: 90_000 }, async () => {
    const photo = await uploadPhoto();
    const key = photo.renditions[0]?.key as string;
    expect((await app.request(`/uploads/${key}`)).status).toBe(200);
    const del = await api.fetch(`/api/editor/vehicles/${CAR}/images/${photo.id}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(del.status).toBe(204);
    expect(await storeOf(api.deps).list(`photos/${photo.id}/`)).toEqual([]);
    expect((await app.request(`/uploads/${key}`)).status).toBe(404);
  });

  it('sweeps objects no row names once they are older than the grace period', {
    timeout: 90_000,
  }, async () => {
    const kept = await uploadPhoto();
    const store = storeOf(api.deps);
    const orphan = `photos/${randomUUID()}/800.webp`;
    await store.put(orphan, Buffer.from('left behind by a crash'));
    // Within the grace period (an upload whose rows may be about to commit): kept.
    expect(await sweepOrphans(api.db.db, store)).toEqual([]);
    const later = Date.now() + 2 * 3600_000;
    expect(await sweepOrphans(api.db.db, store, 3600_000, later)).toEqual([orphan]);
    expect(await store.exists(orphan)).toBe(false);
    for (const r of kept.renditions) expect(await store.exists(r.key)).toBe(true);
  });

  it('keeps valuation photos private: staff of the lead’s dealership only, or a signed link that expires', async () => {
    const body = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    const up = await api.json<{ id: string }>('/api/lead_photos', {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg', 'X-Forwarded-For': '10.7.7.7' },
      body: new Uint8Array(body),
    });
    expect(up.status).toBe(201);
    const id = up.body.id;
    // In the bucket's private folder, never under the public one or on the local disk.
    expect(await privateStoreOf(api.deps).exists(`lead-photos/${id}.jpg`)).toBe(true);
    expect(await storeOf(api.deps).list('lead-photos/')).toEqual([]);
    expect(existsSync(join(dataDir, 'private'))).toBe(false);
    expect((await app.request(`/uploads/lead-photos/${id}.jpg`)).status).toBe(404);
    const lead = enquiry({
      form_name: 'valuation',
      make: 'Toyota',
      model: 'Corolla 1.8',
      year: '2017',
      mileage: '123 400 km',
      condition: 'Good',
      photos: [id],
      dealer_slug: 'motus-subaru-pretoria',
    });
    expect((await post(api, '/api/customer_enquiries', lead)).status).toBe(201);

    const path = `/api/lead_photos/${id}`;
    expect((await api.fetch(path)).status).toBe(401);
    expect((await api.fetch(`${path}/link`)).status).toBe(401);
    const other = await signedIn(api, 'dealer', { dealers: ['motus-subaru-durban'] });
    expect((await api.fetch(path, { headers: other.headers })).status).toBe(404);
    expect((await api.fetch(`${path}/link`, { headers: other.headers })).status).toBe(404);
    const own = await signedIn(api, 'dealer', { dealers: ['motus-subaru-pretoria'] });
    const res = await api.fetch(path, { headers: own.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1200);

    // A signed link: the bucket's presigned GET, which works without any session, for 15 minutes.
    const link = await api.json<{ url: string; expires: string }>(`${path}/link`, { headers: own.headers });
    expect(link.status).toBe(200);
    expect(link.body.url).toContain(`/${prefix}private/lead-photos/${id}.jpg?`);
    expect(link.body.url).toContain('X-Amz-Expires=900');
    expect(Date.parse(link.body.expires) - Date.now()).toBeGreaterThan(14 * 60_000);
    const viaLink = await fetch(link.body.url);
    expect(viaLink.status).toBe(200);
    expect(
      Buffer.from(await viaLink.arrayBuffer()).equals(
        Buffer.from(await (await api.fetch(path, { headers: own.headers })).arrayBuffer()),
      ),
    ).toBe(true);
    const tampered = await fetch(link.body.url.replace(`${id}.jpg`, `${randomUUID()}.jpg`));
    expect(tampered.status).toBe(403);
  });
});

describe.each(ENGINES)('signed links to valuation photos on local disk on %s', (engine) => {
  let api: TestApi;
  const dataDir = `data/test/signed-${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    api = await openTestApi(engine, { ...LEAD_ENV, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('works without a session until it expires, and not at all when changed', async () => {
    const body = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const up = await api.json<{ id: string }>('/api/lead_photos', {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg', 'X-Forwarded-For': '10.7.7.8' },
      body: new Uint8Array(body),
    });
    const id = up.body.id;
    const lead = enquiry({
      form_name: 'valuation',
      make: 'Mazda',
      model: '3',
      year: '2019',
      mileage: '80 000 km',
      condition: 'Good',
      photos: [id],
      dealer_slug: 'motus-subaru-pretoria',
    });
    expect((await post(api, '/api/customer_enquiries', lead)).status).toBe(201);
    const finance = await signedIn(api, 'finance');
    const link = await api.json<{ url: string }>(`/api/lead_photos/${id}/link`, { headers: finance.headers });
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(url.pathname).toBe(`/api/lead_photos/${id}`);
    const local = `${url.pathname}${url.search}`;
    const ok = await api.fetch(local);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');

    const sig = url.searchParams.get('signature') as string;
    const changed = local.replace(sig, `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    expect((await api.fetch(changed)).status).toBe(403);
    const later = local.replace(/expires=\d+/, `expires=${Number(url.searchParams.get('expires')) + 3600}`);
    expect((await api.fetch(later)).status).toBe(403);
    // Made 16 minutes ago: expired, said so.
    const old = new URL((await leadPhotoLink(api.deps, id, Date.now() - 16 * 60_000)).url);
    const expired = await api.json<{ detail: string }>(`${old.pathname}${old.search}`);
    expect(expired.status).toBe(403);
    expect(expired.body.detail).toContain('expired');
  });
});

describe('npm run storage:migrate', () => {
  const dataDir = `data/test/migrate-${randomUUID().slice(0, 8)}`;
  const prefix = `migrate-${randomUUID().slice(0, 8)}/`;
  /** The command as a child process: asynchronously, since the S3 server runs in this process. */
  const command = (env: Record<string, string>, ...args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/storage-migrate.ts', ...args],
        { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 60_000 },
        (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const run = (...args: string[]) => command({ DATA_DIR: dataDir, ...s3.env, S3_PREFIX: prefix }, ...args);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies a DATA_DIR onto the bucket, verified, idempotently, and the server then serves from it', {
    timeout: 180_000,
  }, async () => {
    const files: Record<string, string> = {
      'uploads/banners/sale.webp': 'RIFF webp banner',
      'uploads/files/subaru-forester-brochure.pdf': '%PDF-1.7 forester',
      'uploads/photos/0b3c2f6e-0000-4000-8000-000000000001/800.webp': 'a photo rendition',
      'private/lead-photos/0b3c2f6e-0000-4000-8000-000000000002.jpg': 'a private valuation photo',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dataDir, path, '..'), { recursive: true });
      writeFileSync(join(dataDir, path), text);
    }
    writeFileSync(
      join(dataDir, 'uploads/banners/sale.webp.0b3c2f6e-0000-4000-8000-000000000003.tmp'),
      'half',
    );

    const dry = await run('--dry-run');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('uploads: 4 file(s): 3 to copy');
    expect(dry.stdout).toContain('1 skipped');
    expect(dry.stdout).toContain('private: 1 file(s): 1 to copy');
    expect(dry.stdout).toContain('Nothing was written');
    const config = readStorageConfig({ ...s3.env, S3_PREFIX: prefix }, dataDir);
    expect(await openStore(config, 'uploads').list('')).toEqual([]);

    const first = await run();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('uploads: 4 file(s): 3 copied');
    expect(first.stdout).toContain('private: 1 file(s): 1 copied');
    expect(first.stdout).toContain('Next:');
    for (const [path, text] of Object.entries(files)) {
      const [folder, ...rest] = path.split('/');
      const got = await openStore(config, folder as 'uploads' | 'private').get(rest.join('/'));
      expect(String(got)).toBe(text);
    }
    const second = await run();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('uploads: 4 file(s): 0 copied (0.0 MB), 3 already there');

    // A file changed locally since is copied again (same key, other bytes).
    writeFileSync(join(dataDir, 'uploads/banners/sale.webp'), 'RIFF webp banner, re-exported');
    expect((await run()).stdout).toContain('uploads: 4 file(s): 1 copied');

    // The server of that DATA_DIR, now on the bucket, serves the files (the local copies gone).
    rmSync(join(dataDir, 'uploads'), { recursive: true, force: true });
    const api = await openTestApi('sqlite', {
      ...s3.env,
      S3_PREFIX: prefix,
      DATA_DIR: dataDir,
      API_CACHE_TTL_MS: '0',
    });
    const app = createServerApp(api.deps, createLogger('silent'));
    const res = await app.request('/uploads/files/subaru-forester-brochure.pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('%PDF-1.7 forester');
    closeStores(api.deps.config.storage);
    closeStores(config);
    await api.close();
  });

  it('refuses to run without a complete bucket configuration, naming what is missing', {
    timeout: 60_000,
  }, async () => {
    const partial = await command({ DATA_DIR: dataDir, S3_BUCKET: 'site-files', S3_REGION: 'auto' });
    expect(partial.status).toBe(2);
    expect(partial.stderr).toContain(
      'S3_BUCKET is set but S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing',
    );
    const none = await command({ DATA_DIR: dataDir });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('S3_BUCKET is not set');
  });
});
