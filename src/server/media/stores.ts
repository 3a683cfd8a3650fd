/**
 * The stores of this process, one per folder of files: `uploads` (public, served at /uploads), `private`
 * (valuation photos: staff only) and whatever else asks (`builds`). Local directories under DATA_DIR, or
 * folders of one S3 bucket when S3_BUCKET is set (src/config/storage.ts). One S3 client per configuration,
 * so its connections are shared by every store and request.
 *
 * The AWS SDK is loaded with a bucket store's first call, not with this module: a server on local disk
 * never holds its module source (over 1 MB) and what it allocates (decision 346).
 */
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings, StorageConfig } from '../../config/storage.ts';
import type { Deps } from '../deps.ts';
import { localStore } from './local-store.ts';
import type { BlobStore } from './storage.ts';

export type StoreFolder = 'uploads' | 'private' | 'builds';

const clients = new WeakMap<StorageConfig, S3Client>();
const opened = new WeakMap<StorageConfig, Map<StoreFolder, BlobStore>>();

/** The store of one folder: DATA_DIR/{folder}, or {S3_PREFIX}{folder}/ in the bucket. */
export function openStore(config: StorageConfig, folder: StoreFolder): BlobStore {
  const stores = opened.get(config) ?? new Map<StoreFolder, BlobStore>();
  opened.set(config, stores);
  const held = stores.get(folder);
  if (held) return held;
  let store: BlobStore;
  if (config.kind === 'local') store = localStore(join(config.dataDir, folder));
  else store = storeOnFirstCall(() => bucketStore(config, folder));
  stores.set(folder, store);
  return store;
}

async function bucketStore(config: { kind: 's3' } & S3Settings, folder: StoreFolder): Promise<BlobStore> {
  const { s3Client, s3Store } = await import('./s3-store.ts');
  const client = clients.get(config) ?? s3Client(config);
  clients.set(config, client);
  return s3Store(client, config, folder);
}

/** A store that is made by `make` when it is first called, and is that store from then on. */
function storeOnFirstCall(make: () => Promise<BlobStore>): BlobStore {
  let made: Promise<BlobStore> | undefined;
  const store = () => (made ??= make());
  return {
    put: async (key, data) => (await store()).put(key, data),
    delete: async (key) => (await store()).delete(key),
    exists: async (key) => (await store()).exists(key),
    get: async (key) => (await store()).get(key),
    list: async (prefix) => (await store()).list(prefix),
    stat: async (key) => (await store()).stat(key),
    open: async (key, range) => (await store()).open(key, range),
    signedUrl: async (key, seconds) => (await store()).signedUrl(key, seconds),
  };
}

/** Closes the S3 client's connections (at shutdown and after a script); nothing to do on local disk. */
export function closeStores(config: StorageConfig): void {
  clients.get(config)?.destroy();
  clients.delete(config);
  opened.delete(config);
}

/** Where this process keeps its files, in one phrase for the start-up log. */
export const describeStorage = (config: StorageConfig) =>
  config.kind === 'local'
    ? `local directories under ${config.dataDir}`
    : `bucket ${config.bucket}${config.prefix ? ` (prefix ${config.prefix})` : ''} at ${config.endpoint}`;

/** The public files of this process (/uploads): the injected store (tests) or the configured one. */
export const storeOf = (deps: Pick<Deps, 'storage' | 'config'>): BlobStore =>
  deps.storage ?? openStore(deps.config.storage, 'uploads');

/** Files only staff may read (valuation photos): never served under /uploads. */
export const privateStoreOf = (deps: Pick<Deps, 'privateStorage' | 'config'>): BlobStore =>
  deps.privateStorage ?? openStore(deps.config.storage, 'private');
