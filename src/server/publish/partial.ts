/**
 * Partial builds (docs/decisions/130-fast-builds.md). Every build writes `.build.json`: a fingerprint
 * of the site's code and, per route, the sections of data it read (recorded by the pages themselves,
 * src/views/build-deps.ts). A content change then re-renders only the routes that read the changed
 * sections; every other file of the previous build is hard-linked into the new, still immutable, build
 * directory. Anything the record cannot vouch for (no record, other code, a section read outside any
 * route) makes it a full build.
 */
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { SECTIONS, type Section, UNKNOWN_ROUTE } from '../../config/build-sections.ts';
import { isIslandPropsFile, pageOfIslandProps } from '../../config/island-props.ts';

export const BUILD_INFO = '.build.json';

export interface BuildInfo {
  /** The site code the build was made from (fingerprint()). */
  fingerprint: string;
  /** Route pattern → the sections its pages (or its getStaticPaths) read. */
  deps: Record<string, Section[]>;
  /** Route pattern → the files of its pages (`blog/x/index.html`), to know what a re-render replaces. */
  pages: Record<string, string[]>;
  /** For a partial build: the sections that changed and the routes it re-rendered. */
  partial?: { changed: Section[]; routes: string[] };
}

/** Everything a page's HTML is made from: the site's sources, public files, config and dependencies. */
const FINGERPRINTED = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const NOT_SITE = /(^src[\\/]server[\\/])|(\.test\.tsx?$)/;

/**
 * Each file's digest, kept per process and re-read only when the file's size or times change: a build
 * then stats the tree instead of reading every source file and the lock file again, and an edit made
 * while the server runs still changes the fingerprint.
 */
const digests = new Map<string, { stamp: string; digest: Buffer }>();

function fileDigest(full: string, stat: Stats): Buffer {
  const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  const known = digests.get(full);
  if (known?.stamp === stamp) return known.digest;
  const digest = createHash('sha256').update(readFileSync(full)).digest();
  digests.set(full, { stamp, digest });
  return digest;
}

export function fingerprint(root = '.'): string {
  const hash = createHash('sha256');
  const add = (rel: string) => {
    const full = join(root, rel);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) add(join(rel, name));
    } else if (!NOT_SITE.test(rel)) {
      hash
        .update(`${rel}\0`)
        .update(fileDigest(resolve(full), stat))
        .update('\0');
    }
  };
  for (const rel of FINGERPRINTED) add(rel);
  return hash.digest('hex').slice(0, 32);
}

export function readBuildInfo(dir: string): BuildInfo | null {
  try {
    return JSON.parse(readFileSync(join(dir, BUILD_INFO), 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

/** The build file of a page's URL path (build.format 'directory'): `/blog/x/` → `blog/x/index.html`. */
export function pageFile(pathname: string): string {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (/\.[a-z]+$/.test(path)) return path; // robots.txt
  return path ? `${path}/index.html` : 'index.html';
}

/** What one astro build recorded (lines `route\tsection` and `route\t@/page/path`), by route. */
export function readDepsFile(file: string): Pick<BuildInfo, 'deps' | 'pages'> {
  const deps: Record<string, Section[]> = {};
  const pages: Record<string, string[]> = {};
  if (!existsSync(file)) return { deps, pages };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [route, what] = line.split('\t');
    if (!route || !what) continue;
    if (what.startsWith('@')) {
      const list = pages[route] ?? [];
      pages[route] = list;
      list.push(pageFile(what.slice(1)));
    } else if (SECTIONS.includes(what as Section)) {
      const list = deps[route] ?? [];
      deps[route] = list;
      if (!list.includes(what as Section)) list.push(what as Section);
    }
  }
  return { deps, pages };
}

/**
 * The routes a change to `changed` must re-render, or null when only a full build is safe: no record
 * of the previous build, a different code fingerprint, or a changed section read outside any route.
 */
export function planPartial(
  base: BuildInfo | null,
  changed: readonly Section[],
  currentFingerprint: string,
): string[] | null {
  if (!base || base.fingerprint !== currentFingerprint) return null;
  const reads = (route: string) => (base.deps[route] ?? []).some((s) => changed.includes(s));
  if (reads(UNKNOWN_ROUTE)) return null;
  return Object.keys(base.deps).filter(reads).sort();
}

const SITEMAP = /^sitemap-(index|\d+)\.xml(\.br|\.gz)?$/;

function walk(dir: string, visit: (rel: string) => void, under = dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, visit, under);
    else visit(relative(under, full).split(sep).join('/'));
  }
}

/**
 * Completes a partial build: every file of `baseDir` that the new build did not write is hard-linked
 * into `outDir`, except the pages the re-rendered routes had in the base build (a special that was
 * deleted must not come back) with their island props files, and the build record. The sitemap is
 * linked only when nothing was re-rendered (the page set is the base's); otherwise the astro build wrote
 * it, listing its own pages and the ones kept from the base (keptPages). Returns the number of files
 * linked.
 */
export function linkFromBase(
  baseDir: string,
  outDir: string,
  base: BuildInfo,
  routes: readonly string[],
): number {
  const owned = ownedPages(base, routes);
  let linked = 0;
  walk(baseDir, (rel) => {
    if (rel === BUILD_INFO || (routes.length > 0 && SITEMAP.test(rel))) return;
    const file = rel.replace(/\.(br|gz)$/, '');
    // A re-rendered page's island props (decision 349) are its own: the new build writes them, or not.
    if (owned.has(isIslandPropsFile(file) ? pageOfIslandProps(file) : file)) return;
    const target = join(outDir, rel);
    if (existsSync(target)) return;
    mkdirSync(dirname(target), { recursive: true });
    linkSync(join(baseDir, rel), target);
    linked++;
  });
  return linked;
}

/** The page files the re-rendered routes had in the base build. */
const ownedPages = (base: BuildInfo, routes: readonly string[]) =>
  new Set(routes.flatMap((r) => base.pages[r] ?? []));

/**
 * The URL paths (`/blog/boxer/`) of the base build's pages that a partial build keeps as they are: the
 * astro build lists them in its sitemap beside the pages it renders (astro.config.mjs, customPages).
 */
export function keptPages(baseDir: string, base: BuildInfo, routes: readonly string[]): string[] {
  const owned = ownedPages(base, routes);
  const paths: string[] = [];
  walk(baseDir, (rel) => {
    if (rel.endsWith('index.html') && !owned.has(rel)) paths.push(`/${rel.slice(0, -'index.html'.length)}`);
  });
  return paths.sort();
}
