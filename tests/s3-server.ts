/**
 * A real S3 server for tests: @20minutes/s3rver (checks SigV4 signatures, presigned links and their
 * expiry) on 127.0.0.1 at a free port, files in a temporary directory, one bucket made at start.
 * `env` is what the product reads to use it (README, "Running several instances").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: s3rver ships no type declarations
import S3rver from '@20minutes/s3rver';

export interface TestS3 {
  bucket: string;
  endpoint: string;
  /** The S3 variables of a product instance using this bucket (add S3_PREFIX to share it). */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** s3rver's built-in account (it knows no other). */
const ACCESS_KEY = 'S3RVER';

export async function startS3(bucket = 'site-files'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'sdg-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  // s3rver signs a bucket-level path-style request (`GET /bucket/?list-type=2`) as `/bucket`, while the
  // AWS SDK v3 signs the path it sends, `/bucket/`: every listing would fail its signature check. Before
  // its router, such a request gets the canonical resource the SDK signed; nothing else changes.
  const keepTrailingSlash = (
    ctx: { path: string; mountPath?: string; state: { vhost?: boolean } },
    next: () => Promise<void>,
  ) => {
    if (/^\/[^/]+\/$/.test(ctx.path)) {
      ctx.state.vhost = true;
      ctx.mountPath = '/';
    }
    return next();
  };
  server.middleware.splice(server.middleware.length - 1, 0, keepTrailingSlash);
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
