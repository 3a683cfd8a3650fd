/**
 * A build's page manifest (docs/decisions/150-build-changes.md): every page's path and the SHA-256 of
 * its HTML, written once the build succeeded, so the admin can say what a build changes against live
 * (pages added, removed, changed) without keeping two builds' files open. Manifests live beside the
 * builds in `.manifests/<id>.json` — outside any served directory, and kept after a build's files are
 * pruned (they are small), up to the newest KEEP_MANIFESTS.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileHasher } from './file-hash.ts';

/** Page path (as served: `/special-offers/`) → hex SHA-256 of the page's HTML. */
export type PageManifest = Record<string, string>;

export interface PageChanges {
  added: string[];
  removed: string[];
  changed: string[];
  unchanged: number;
}

const KEEP_MANIFESTS = 50;
const dirOf = (buildsDir: string) => join(buildsDir, '.manifests');
const fileOf = (buildsDir: string, id: string) => join(dirOf(buildsDir), `${id}.json`);

/** `special-offers/index.html` → `/special-offers/`; `404.html` → `/404.html`. */
export function pagePath(rel: string): string {
  const url = `/${rel.split(sep).join('/')}`;
  return url.endsWith('/index.html') ? url.slice(0, -'index.html'.length) : url;
}

/** The HTML files under dir (not the compressed twins). */
export function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return; // gone while walking (a build that failed or moved)
    }
    for (const e of entries) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.html')) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** Hashes every page of the build in outDir. */
async function manifestOf(outDir: string): Promise<PageManifest> {
  const files = htmlFiles(outDir).sort();
  const out: PageManifest = {};
  let next = 0;
  const worker = async () => {
    const hashOf = fileHasher();
    while (next < files.length) {
      const file = files[next++] as string;
      out[pagePath(relative(outDir, file))] = await hashOf(file);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** Writes build `id`'s manifest (atomically), drops the oldest beyond KEEP_MANIFESTS; returns the page count. */
export async function writeManifest(buildsDir: string, id: string, outDir: string): Promise<number> {
  const manifest = await manifestOf(outDir);
  const dir = dirOf(buildsDir);
  mkdirSync(dir, { recursive: true });
  const tmp = `${fileOf(buildsDir, id)}.tmp`;
  writeFileSync(tmp, JSON.stringify(manifest));
  renameSync(tmp, fileOf(buildsDir, id));
  const all = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const old of all.slice(0, Math.max(0, all.length - KEEP_MANIFESTS)))
    rmSync(join(dir, old), { force: true });
  return Object.keys(manifest).length;
}

export function readManifest(buildsDir: string, id: string): PageManifest | null {
  const file = fileOf(buildsDir, id);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PageManifest;
  } catch {
    return null;
  }
}

/** What `next` changes against `base`: pages only in next, only in base, and in both with other HTML. */
export function comparePages(base: PageManifest, next: PageManifest): PageChanges {
  const added: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  for (const [path, hash] of Object.entries(next)) {
    const before = base[path];
    if (before === undefined) added.push(path);
    else if (before !== hash) changed.push(path);
    else unchanged++;
  }
  const removed = Object.keys(base).filter((path) => !(path in next));
  const sort = (a: string[]) => a.sort((x, y) => x.localeCompare(y));
  return { added: sort(added), removed: sort(removed), changed: sort(changed), unchanged };
}
