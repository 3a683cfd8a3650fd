/**
 * A build's files in the shared store, for instances that did not build it (docs/decisions/223-several-instances.md).
 * The builder puts every file under the build's own prefix, `builds/<id>/<sha256>` (a file's key is its
 * content's hash: keys stay within the store's alphabet, and a file repeated in the build is stored
 * once), then writes `builds/<id>/manifest.json` last, naming each path with its size and hash: a build
 * with a manifest is complete. Another instance mirrors it into its own builds directory, checks every
 * file against the manifest, and only then may serve it. Files unchanged since a build it already holds
 * are linked from there instead of fetched.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { BlobStore } from '../media/storage.ts';
import { pagePath } from './manifest.ts';

interface FileEntry {
  size: number;
  sha256: string;
}

export interface BuildFiles {
  id: string;
  /** Path inside the build (forward slashes) → size and hash. */
  files: Record<string, FileEntry>;
}

/** Beside each mirrored or uploaded build: its manifest, so the next mirror can reuse its files. */
const LOCAL_MANIFEST = '.build-files.json';
const prefixOf = (id: string) => `builds/${id}`;
const manifestKey = (id: string) => `${prefixOf(id)}/manifest.json`;
const objectKey = (id: string, sha: string) => `${prefixOf(id)}/${sha}`;
export const storedFileKey = objectKey;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function walk(root: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const rel = relative(root, join(e.parentPath, e.name)).split(sep).join('/');
    if (rel !== LOCAL_MANIFEST) out.push(rel);
  }
  return out.sort();
}

/** A few at a time: file reads and store calls overlap without flooding either. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Puts build `id` from `dir` into the store, manifest last; answers the manifest. */
export async function uploadBuild(store: BlobStore, id: string, dir: string): Promise<BuildFiles> {
  const files: Record<string, FileEntry> = {};
  const stored = new Set<string>();
  await eachLimited(walk(dir), 8, async (rel) => {
    const data = await readFile(join(dir, rel));
    const sha = sha256(data);
    files[rel] = { size: data.length, sha256: sha };
    if (stored.has(sha)) return;
    stored.add(sha);
    await store.put(objectKey(id, sha), data);
  });
  const manifest: BuildFiles = { id, files: Object.fromEntries(Object.entries(files).sort()) };
  await writeFile(join(dir, LOCAL_MANIFEST), JSON.stringify(manifest));
  await store.put(manifestKey(id), Buffer.from(JSON.stringify(manifest)));
  return manifest;
}

/** The manifest of a complete build in the store, or null. */
export async function readStoredManifest(store: BlobStore, id: string): Promise<BuildFiles | null> {
  const raw = await store.get(manifestKey(id));
  return raw ? (JSON.parse(raw.toString('utf8')) as BuildFiles) : null;
}

/** A stored build's pages and their HTML's SHA-256, as manifest.ts records them on the builder. */
export async function storedPageManifest(
  store: BlobStore,
  id: string,
): Promise<Record<string, string> | null> {
  const m = await readStoredManifest(store, id);
  if (!m) return null;
  const pages: Record<string, string> = {};
  for (const [rel, f] of Object.entries(m.files))
    if (rel.endsWith('.html')) pages[pagePath(rel.split('/').join(sep))] = f.sha256;
  return pages;
}

/** Whether the store holds build `id` complete (its manifest is written last). */
export const buildStored = (store: BlobStore, id: string) => store.exists(manifestKey(id));

/** Removes build `id` from the store: the manifest first, so a half-removed build is never complete. */
export async function removeStoredBuild(store: BlobStore, id: string): Promise<void> {
  await store.delete(manifestKey(id));
  for (const o of await store.list(`${prefixOf(id)}/`)) await store.delete(o.key);
}

function localManifest(dir: string): BuildFiles | null {
  try {
    return JSON.parse(readFileSync(join(dir, LOCAL_MANIFEST), 'utf8')) as BuildFiles;
  } catch {
    return null;
  }
}

/**
 * Makes `buildsDir/<id>` a checked copy of stored build `id`. Fetches into a hidden directory, checks
 * every file's size and hash against the manifest, then renames it into place: the directory exists
 * only complete. `reuse` are local builds whose identical files are hard-linked instead of fetched.
 */
export async function mirrorBuild(
  store: BlobStore,
  id: string,
  buildsDir: string,
  reuse: string[] = [],
): Promise<{ fetched: number; linked: number }> {
  const target = join(buildsDir, id);
  if (existsSync(target)) return { fetched: 0, linked: 0 };
  const raw = await store.get(manifestKey(id));
  if (!raw) throw new Error(`build ${id} is not complete in the store (no manifest)`);
  const manifest = JSON.parse(raw.toString('utf8')) as BuildFiles;
  const have = new Map<string, string>();
  for (const other of reuse) {
    const m = localManifest(join(buildsDir, other));
    if (m) for (const [rel, f] of Object.entries(m.files)) have.set(f.sha256, join(buildsDir, other, rel));
  }
  const incoming = join(buildsDir, `.incoming-${id}-${randomBytes(3).toString('hex')}`);
  let fetched = 0;
  let linked = 0;
  try {
    await eachLimited(Object.entries(manifest.files), 8, async ([rel, f]) => {
      if (rel.split('/').some((part) => part === '..' || part === '')) throw new Error(`bad path '${rel}'`);
      const to = join(incoming, rel);
      mkdirSync(dirname(to), { recursive: true });
      const local = have.get(f.sha256);
      if (local) {
        try {
          linkSync(local, to);
          linked++;
          return;
        } catch {} // pruned meanwhile, or another file system: fetch it
      }
      const data = await store.get(objectKey(id, f.sha256));
      if (!data) throw new Error(`build ${id}: ${rel} is missing from the store`);
      if (data.length !== f.size || sha256(data) !== f.sha256)
        throw new Error(`build ${id}: ${rel} does not match its manifest`);
      await writeFile(to, data);
      fetched++;
    });
    await writeFile(join(incoming, LOCAL_MANIFEST), raw);
    renameSync(incoming, target);
    return { fetched, linked };
  } finally {
    rmSync(incoming, { recursive: true, force: true });
  }
}

/** Leftover half-fetched mirrors of a process that stopped mid-way. */
export function removeIncoming(buildsDir: string): void {
  for (const e of readdirSync(buildsDir))
    if (e.startsWith('.incoming-')) rmSync(join(buildsDir, e), { recursive: true, force: true });
}
