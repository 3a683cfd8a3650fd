/**
 * The two stores keep the same promises, checked against each: a directory, and a real S3 server
 * (s3rver, which checks SigV4 signatures and presigned links). Then /uploads served from either with the
 * same headers, ETag/304 and ranges, and the storage settings checked at start.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/server.ts';
import { readStorageConfig, type StorageConfig, storageProblems } from '../../src/config/storage.ts';
import { localStore } from '../../src/server/media/local-store.ts';
import { s3Client, s3Store } from '../../src/server/media/s3-store.ts';
import type { BlobStore } from '../../src/server/media/storage.ts';
import { closeStores, openStore } from '../../src/server/media/stores.ts';
import { uploadRoutes } from '../../src/server/routes/uploads.ts';
import { startS3, type TestS3 } from '../s3-server.ts';

const KINDS = ['local', 's3'] as const;

describe.each(KINDS)('a %s store', (kind) => {
  let s3: TestS3 | undefined;
  let config: StorageConfig | undefined;
  let store: BlobStore;
  const dir = `data/test/store-${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    if (kind === 'local') store = localStore(dir);
    else {
      s3 = await startS3();
      config = readStorageConfig({ ...s3.env, S3_PREFIX: 'site-a' }, 'unused');
      store = openStore(config, 'uploads');
    }
  });
  afterAll(async () => {
    if (config) closeStores(config);
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const text = async (body: ReadableStream<Uint8Array> | undefined) => new Response(body).text();

  it.skipIf(kind === 'local')(
    'sends no SDK checksums unless switched on (several S3-compatible stores refuse them)',
    async () => {
      const sent = async (mode: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED') => {
        // Under a prefix of its own, so the objects it writes stay out of the other tests' listings.
        const settings = {
          ...(config as Extract<StorageConfig, { kind: 's3' }>),
          prefix: 'checksum-probe/',
          requestChecksums: mode,
        };
        const client = s3Client(settings);
        const headers: Record<string, string>[] = [];
        client.middlewareStack.add(
          (next) => async (args) => {
            headers.push({ ...(args.request as { headers: Record<string, string> }).headers });
            return next(args);
          },
          { step: 'finalizeRequest', name: 'recordHeaders' },
        );
        try {
          await s3Store(client, settings, 'uploads')
            .put(`checksums/${mode}.txt`, Buffer.from(mode))
            .catch(() => {}); // a store may refuse them: what was sent is the point
        } finally {
          client.destroy();
        }
        return Object.keys(headers[0] ?? {}).filter((h) => /checksum/i.test(h));
      };
      expect(await sent('WHEN_REQUIRED')).toEqual([]);
      expect((await sent('WHEN_SUPPORTED')).length).toBeGreaterThan(0);
    },
  );

  it('writes, reads, describes and lists objects by key', async () => {
    await store.put('photos/p1/800.webp', Buffer.from('eight hundred'));
    await store.put('photos/p1/400.webp', Buffer.from('four'));
    await store.put('files/brochure.pdf', Buffer.from('%PDF-1.7 brochure'));
    expect(await store.exists('photos/p1/800.webp')).toBe(true);
    expect(await store.exists('photos/p1/1200.webp')).toBe(false);
    expect(String(await store.get('photos/p1/800.webp'))).toBe('eight hundred');
    expect(await store.get('photos/none.webp')).toBeNull();
    const info = await store.stat('photos/p1/800.webp');
    expect(info).toMatchObject({ size: 13 });
    expect(info?.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(await store.stat('photos/none.webp')).toBeNull();
    const listed = (await store.list('photos/')).map((o) => [o.key, o.size]).sort();
    expect(listed).toEqual([
      ['photos/p1/400.webp', 4],
      ['photos/p1/800.webp', 13],
    ]);
    expect((await store.list('')).map((o) => o.key).sort()).toEqual([
      'files/brochure.pdf',
      'photos/p1/400.webp',
      'photos/p1/800.webp',
    ]);
  });

  it('opens an object as a stream, whole or one range, and says when it is missing', async () => {
    const whole = await store.open('files/brochure.pdf');
    expect(whole?.size).toBe(17);
    expect(await text(whole?.body)).toBe('%PDF-1.7 brochure');
    const part = await store.open('files/brochure.pdf', { start: 9, end: 16 });
    expect(part?.size).toBe(17);
    expect(await text(part?.body)).toBe('brochure');
    expect(await store.open('files/missing.pdf')).toBeNull();
  });

  it('replaces an object whole, and deletes idempotently', async () => {
    await store.put('photos/p1/800.webp', Buffer.from('replaced'));
    expect(String(await store.get('photos/p1/800.webp'))).toBe('replaced');
    await store.delete('photos/p1/800.webp');
    await store.delete('photos/p1/800.webp');
    expect(await store.exists('photos/p1/800.webp')).toBe(false);
    expect((await store.list('photos/')).map((o) => o.key)).toEqual(['photos/p1/400.webp']);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const bad of ['../x', 'photos/../../x', '/etc/passwd', '.hidden', 'a//b', ''])
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
  });

  it.runIf(kind === 's3')(
    'gives presigned links that work, refuse a changed signature and expire',
    async () => {
      const url = (await store.signedUrl('photos/p1/400.webp', 60)) as string;
      expect(url).toContain('X-Amz-Signature=');
      expect(url).toContain('/site-a/uploads/photos/p1/400.webp');
      const ok = await fetch(url);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('four');
      expect((await fetch(url.replace(/X-Amz-Signature=[0-9a-f]/, 'X-Amz-Signature=x'))).status).toBe(403);
      const short = (await store.signedUrl('photos/p1/400.webp', 1)) as string;
      await expect.poll(async () => (await fetch(short)).status, { timeout: 5000, interval: 250 }).toBe(403);
    },
  );

  it.runIf(kind === 's3')(
    'lists past one page of keys (the store answers at most 1000 a request)',
    async () => {
      const { s3Client, s3Store } = await import('../../src/server/media/s3-store.ts');
      const settings = config as Extract<StorageConfig, { kind: 's3' }>;
      const client = s3Client(settings);
      const paged = s3Store(client, settings, 'paging', 2);
      const keys = ['a/1.webp', 'a/2.webp', 'a/3.webp', 'a/4.webp', 'a/5.webp', 'b/1.webp'];
      for (const key of keys) await paged.put(key, Buffer.from(key));
      expect((await paged.list('a/')).map((o) => o.key)).toEqual(keys.slice(0, 5));
      expect((await paged.list('')).map((o) => o.key)).toEqual(keys);
      client.destroy();
    },
  );

  it.runIf(kind === 'local')('has no links of its own (private files go through our routes)', async () => {
    expect(await store.signedUrl('photos/p1/400.webp', 60)).toBeNull();
  });

  it('is served at /uploads with a day of caching, its type, an ETag with 304, and ranges', async () => {
    const app = uploadRoutes(() => store);
    await store.put('files/guide.pdf', Buffer.from('%PDF-1.7 a guide to the range'));
    const res = await app.request('/uploads/files/guide.pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(res.headers.get('content-length')).toBe('29');
    expect(res.headers.get('last-modified')).toBeTruthy();
    const etag = res.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect(await res.text()).toBe('%PDF-1.7 a guide to the range');

    const again = await app.request('/uploads/files/guide.pdf', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await app.request('/uploads/files/guide.pdf', { headers: { 'If-None-Match': '"other"' } });
    expect(stale.status).toBe(200);

    const range = await app.request('/uploads/files/guide.pdf', { headers: { Range: 'bytes=9-15' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 9-15/29');
    expect(await range.text()).toBe('a guide');
    const tail = await app.request('/uploads/files/guide.pdf', { headers: { Range: 'bytes=-5' } });
    expect(await tail.text()).toBe('range');
    const beyond = await app.request('/uploads/files/guide.pdf', { headers: { Range: 'bytes=100-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */29');

    const head = await app.request('/uploads/files/guide.pdf', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('29');
    expect(await head.text()).toBe('');

    for (const missing of [
      '/uploads/files/none.pdf',
      '/uploads/../private/x.jpg',
      '/uploads/%2e%2e/x',
      '/uploads/',
    ])
      expect((await app.request(missing)).status).toBe(404);
  });
});

describe('storage settings', () => {
  it('keeps files under DATA_DIR when S3_BUCKET is unset', () => {
    expect(loadConfig({ DATA_DIR: '/srv/site' }).storage).toEqual({ kind: 'local', dataDir: '/srv/site' });
  });

  it('refuses a partial set of S3 settings, naming every missing variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'site-files' })).toThrow(
      'S3_BUCKET is set but S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing',
    );
    expect(() =>
      loadConfig({ S3_BUCKET: 'site-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto' }),
    ).toThrow('S3_BUCKET is set but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing');
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'a/' })).toThrow(
      'S3_ENDPOINT and S3_PREFIX are set but S3_BUCKET is missing',
    );
  });

  it('names bad values, all at once', () => {
    const problems = storageProblems({
      S3_BUCKET: 'Site_Files',
      S3_ENDPOINT: '127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_PREFIX: '../up',
      AWS_REQUEST_CHECKSUM_CALCULATION: 'ALWAYS',
    });
    expect(problems).toEqual([
      "S3_BUCKET 'Site_Files' is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)",
      "S3_ENDPOINT must be an http:// or https:// URL, not '127.0.0.1:9000'",
      "S3_FORCE_PATH_STYLE must be 'true' or 'false', not 'yes'",
      "S3_PREFIX must be a folder name like 'site-a/' (letters, digits, '_', '.', '-' and '/'), not '../up'",
      "AWS_REQUEST_CHECKSUM_CALCULATION must be WHEN_REQUIRED or WHEN_SUPPORTED, not 'ALWAYS'",
    ]);
  });

  it('reads a full set, with the compatible checksum setting unless the SDK variables say otherwise', () => {
    const env = {
      S3_BUCKET: 'site-files',
      S3_ENDPOINT: 'https://abc.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'site-a',
    };
    expect(loadConfig(env).storage).toEqual({
      kind: 's3',
      bucket: 'site-files',
      endpoint: 'https://abc.r2.cloudflarestorage.com',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: 'site-a/',
      requestChecksums: 'WHEN_REQUIRED',
      responseChecksums: 'WHEN_REQUIRED',
    });
    const on = loadConfig({
      ...env,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_SUPPORTED',
    });
    expect(on.storage).toMatchObject({ forcePathStyle: true, requestChecksums: 'WHEN_SUPPORTED' });
  });
});

describe('uploads on local disk', () => {
  it('serves files written into DATA_DIR/uploads by hand, as before', async () => {
    const dir = `data/test/uploads-${randomUUID().slice(0, 8)}`;
    mkdirSync(join(dir, 'uploads', 'banners'), { recursive: true });
    writeFileSync(join(dir, 'uploads', 'banners', 'sale.webp'), 'RIFF....WEBP');
    const config = loadConfig({ DATA_DIR: dir });
    const res = await uploadRoutes(() => openStore(config.storage, 'uploads')).request(
      '/uploads/banners/sale.webp',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await res.text()).toBe('RIFF....WEBP');
    rmSync(dir, { recursive: true, force: true });
  });
});
