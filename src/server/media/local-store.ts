/**
 * A BlobStore in a directory (DATA_DIR/uploads, DATA_DIR/private): the default, one machine. Writes go
 * through a temporary name and a rename, so a reader never sees half a file. It has no links of its own
 * (signedUrl answers null): private files are read through our routes, which sign their own links.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { type BlobStore, checkKey, type ObjectInfo, type StoredObject } from './storage.ts';

const missing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/** Size and modification time: what serveStatic and most file servers put in a weak validator. */
const etagOf = (size: number, mtime: Date) =>
  `W/"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`;

export function localStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, checkKey(key));

  async function walk(dir: string, out: StoredObject[]): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (missing(err)) return;
      throw err;
    }
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) await walk(full, out);
      else if (e.isFile()) {
        const s = await stat(full).catch(() => null);
        if (s) out.push({ key: relative(root, full).split(sep).join('/'), modified: s.mtime, size: s.size });
      }
    }
  }

  async function info(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(pathOf(key));
      return s.isFile() ? { size: s.size, etag: etagOf(s.size, s.mtime), modified: s.mtime } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A unique temporary name in the same directory, then rename: atomic on one file system.
      const tmp = `${path}.${randomUUID()}.tmp`;
      try {
        await writeFile(tmp, data);
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // Drop the file's folder once it is empty (keys are `photos/{id}/{file}`); never the root or above.
      const dir = dirname(path);
      const rel = relative(root, dir);
      if (rel && !rel.startsWith('..')) await rmdir(dir).catch(() => {}); // fails while not empty: fine
    },
    async exists(key) {
      return (await info(key)) !== null;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async list(prefix) {
      const out: StoredObject[] = [];
      // A prefix is a folder (`photos/`) or the start of a name (`photos/ab`): walk the folder, then filter.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
      await walk(join(root, folder), out);
      // Leftover temporary files of an interrupted write are objects too, so a sweep removes them.
      return out.filter((o) => o.key.startsWith(prefix));
    },
    stat: info,
    async open(key, range) {
      const found = await info(key);
      if (!found) return null;
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      // Opening can still fail (removed meanwhile): wait for the descriptor so that is a null, not a 500.
      const opened = await new Promise<boolean>((resolve) => {
        stream.once('open', () => resolve(true));
        stream.once('error', () => resolve(false));
      });
      if (!opened) return null;
      return { ...found, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    },
    async signedUrl() {
      return null;
    },
  };
}
