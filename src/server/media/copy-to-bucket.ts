/**
 * Moves a single machine's files onto object storage (`npm run storage:migrate`): every file of
 * DATA_DIR/uploads and DATA_DIR/private is copied to the same key in the bucket's folder of that name, then
 * checked there (size, and MD5 against the ETag, or the bytes read back where the store's ETag is no MD5).
 * A file already in the bucket with the same size and content is left alone, so a run can be repeated
 * or resumed after an interruption; a dry run only counts. Nothing local is deleted.
 */
import { createHash } from 'node:crypto';
import type { StorageConfig } from '../../config/storage.ts';
import { localStore } from './local-store.ts';
import { isKey, type StoredObject } from './storage.ts';
import { openStore, type StoreFolder } from './stores.ts';

const COPIED_FOLDERS = ['uploads', 'private'] as const satisfies StoreFolder[];

export interface FolderCount {
  /** Files found locally. */
  files: number;
  copied: number;
  /** Already in the bucket with the same content. */
  present: number;
  /** Not copied: a half-written temporary file, or a name that cannot be a key. */
  skipped: number;
  failed: number;
  bytes: number;
}

export interface CopyProblem {
  folder: string;
  key: string;
  problem: string;
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
/** A leftover of an interrupted local write (`name.{uuid}.tmp`), never a file of the site. */
const TEMPORARY = /\.[0-9a-f-]{36}\.tmp$|\.tmp$/;

export async function copyToBucket(
  dataDir: string,
  target: Extract<StorageConfig, { kind: 's3' }>,
  opts: {
    dryRun?: boolean;
    concurrency?: number;
    onFile?: (folder: string, key: string, outcome: string) => void;
  } = {},
): Promise<{ counts: Record<string, FolderCount>; problems: CopyProblem[] }> {
  const counts: Record<string, FolderCount> = {};
  const problems: CopyProblem[] = [];
  for (const folder of COPIED_FOLDERS) {
    const source = localStore(`${dataDir}/${folder}`);
    const bucket = openStore(target, folder);
    const count: FolderCount = { files: 0, copied: 0, present: 0, skipped: 0, failed: 0, bytes: 0 };
    counts[folder] = count;
    const queue: StoredObject[] = await source.list('');
    count.files = queue.length;

    /** Whether the bucket holds exactly these bytes under this key. */
    const holds = async (key: string, data: Buffer): Promise<boolean> => {
      const info = await bucket.stat(key);
      if (!info || info.size !== data.length) return false;
      const etag = info.etag.replace(/^W\//, '').replace(/"/g, '');
      if (/^[0-9a-f]{32}$/.test(etag)) return etag === md5(data);
      const back = await bucket.get(key); // multipart or encrypted: the ETag is no MD5
      return back?.equals(data) ?? false;
    };

    const one = async (o: StoredObject) => {
      const outcome = (what: string) => opts.onFile?.(folder, o.key, what);
      if (TEMPORARY.test(o.key) || !isKey(o.key)) {
        count.skipped++;
        problems.push({
          folder,
          key: o.key,
          problem: TEMPORARY.test(o.key)
            ? 'a half-written temporary file: not copied'
            : 'a name a storage key cannot have: not copied',
        });
        return outcome('skipped');
      }
      try {
        const data = await source.get(o.key);
        if (!data) return outcome('gone'); // removed meanwhile
        if (await holds(o.key, data)) {
          count.present++;
          return outcome('present');
        }
        if (opts.dryRun) {
          count.copied++;
          count.bytes += data.length;
          return outcome('would copy');
        }
        await bucket.put(o.key, data);
        if (!(await holds(o.key, data))) throw new Error('the copy in the bucket differs from the file');
        count.copied++;
        count.bytes += data.length;
        outcome('copied');
      } catch (err) {
        count.failed++;
        problems.push({ folder, key: o.key, problem: (err as Error).message || String(err) });
        outcome('failed');
      }
    };

    const worker = async () => {
      for (let o = queue.shift(); o; o = queue.shift()) await one(o);
    };
    await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  }
  return { counts, problems };
}
