/**
 * A BlobStore in an S3-compatible bucket (AWS S3, Cloudflare R2, Ceph, Garage, MinIO), through the AWS
 * SDK, so every instance sees the same files. Keys are put under the configured prefix and the store's
 * folder (`uploads/`, `private/`). A PUT is atomic on S3: a reader sees the old object, the new one or
 * none, never half of one. docs/decisions/220-object-storage.md.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { getMimeType } from 'hono/utils/mime';
import type { S3Settings } from '../../config/storage.ts';
import { type BlobStore, checkKey, type ObjectInfo, type StoredObject } from './storage.ts';

export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Off by default: several S3-compatible stores refuse the checksums the SDK adds since 3.729.
    requestChecksumCalculation: s.requestChecksums,
    responseChecksumValidation: s.responseChecksums,
    maxAttempts: 3,
  });
}

/** A missing object, whichever way the store says it (HEAD has no body, so only the status tells). */
function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** An unsatisfiable range on an existing object (416), which serving answers itself. */
function badRange(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'InvalidRange' || e?.$metadata?.httpStatusCode === 416;
}

/** The whole object's size from `Content-Range: bytes 0-99/1234`, or the length when not a range. */
const totalSize = (contentRange: string | undefined, length: number | undefined) =>
  Number(/\/(\d+)$/.exec(contentRange ?? '')?.[1] ?? length ?? 0);

export function s3Store(
  client: S3Client,
  settings: Pick<S3Settings, 'bucket' | 'prefix'>,
  folder: string,
  /** Keys per listing request: the store's maximum (1000) but in tests of paging. */
  pageSize = 1000,
): BlobStore {
  const { bucket } = settings;
  const base = `${settings.prefix}${folder}/`;
  const keyOf = (key: string) => `${base}${checkKey(key)}`;

  async function info(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
      return {
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? `"${head.LastModified?.getTime() ?? 0}"`,
        modified: head.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          Body: data,
          ContentLength: data.length,
          ContentType: getMimeType(key) ?? 'application/octet-stream',
        }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      return (await info(key)) !== null;
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async list(prefix) {
      // ListObjects (version 1) paged by the last key as marker: every S3-compatible store answers it,
      // while some (and the test server on Node 24) fail on ListObjectsV2's continuation tokens.
      const out: StoredObject[] = [];
      let marker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({
            Bucket: bucket,
            Prefix: `${base}${prefix}`,
            Marker: marker,
            MaxKeys: pageSize,
          }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key)
            out.push({
              key: o.Key.slice(base.length),
              modified: o.LastModified ?? new Date(0),
              size: o.Size ?? 0,
            });
        const last = page.Contents?.at(-1)?.Key;
        if (!page.IsTruncated || !last) break;
        marker = page.NextMarker ?? last;
      }
      return out;
    },
    stat: info,
    async open(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!res.Body) return null;
        return {
          size: totalSize(res.ContentRange, res.ContentLength),
          etag: res.ETag ?? `"${res.LastModified?.getTime() ?? 0}"`,
          modified: res.LastModified ?? new Date(0),
          body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        };
      } catch (err) {
        if (notFound(err) || badRange(err)) return null;
        throw err;
      }
    },
    async signedUrl(key, seconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }), {
        expiresIn: seconds,
      });
    },
  };
}
