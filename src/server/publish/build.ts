/**
 * Builds the static site from an API into a new immutable directory under data/builds/,
 * pre-compresses it, and publishes it by atomically swapping the `current` link. The steps are
 * separate so the rebuild coordinator (coordinator.ts) can build, publish, roll back and prune on its own.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCb } from 'node:zlib';
import {
  BUILD_DEPS_ENV,
  BUILD_KEPT_PAGES_ENV,
  BUILD_ROUTES_ENV,
  type Section,
  siteBuildEnv,
} from '../../config/build-sections.ts';
import { isIslandPropsFile } from '../../config/island-props.ts';
import { cacheBypassEnv } from '../http/cache-bypass.ts';
import { currentBuildDir, publish } from './current-link.ts';
import {
  BUILD_INFO,
  type BuildInfo,
  fingerprint,
  keptPages,
  linkFromBase,
  planPartial,
  readBuildInfo,
  readDepsFile,
} from './partial.ts';

const gzip = promisify(gzipCb);
const brotli = promisify(brotliCompress);

import type { Logger } from '../log.ts';

export interface BuildOptions {
  apiUrl: string;
  buildsDir: string;
  logger: Logger;
  keep?: number;
}

/**
 * Compressed at build time: text files other than pages and their island props (decision 349), which
 * are as many as the listing pages and are compressed by the server on demand, as pages are.
 */
const PRECOMPRESSED = /\.(js|mjs|css|svg|xml|json|txt|webmanifest)$/;

/** Sortable and unique: UTC time to the millisecond plus a random suffix, e.g. 20261122-140501-123-a1b2. */
export function newBuildId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').replace('Z', '');
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

/**
 * Astro writes its pre-render chunks inside the output directory and imports them from there, so they
 * must resolve this project's node_modules: a DATA_DIR outside the project broke every build.
 * The build therefore runs into a staging directory inside the project and is then moved to outDir.
 */
async function runAstroBuild(
  outDir: string,
  apiUrl: string,
  signal?: AbortSignal,
  env: Record<string, string> = {},
): Promise<void> {
  const staging = resolve('node_modules/.cache/site-builds', basename(outDir));
  rmSync(staging, { recursive: true, force: true });
  try {
    await spawnAstroBuild(staging, apiUrl, signal, env);
    moveDir(staging, outDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** rename() when both are on one file system, else copy and remove. */
function moveDir(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    cpSync(from, to, { recursive: true });
  }
}

function spawnAstroBuild(
  outDir: string,
  apiUrl: string,
  signal: AbortSignal | undefined,
  env: Record<string, string>,
): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(
      process.execPath,
      [resolve('node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      {
        env: siteBuildEnv({ ...cacheBypassEnv(), ...env, API_URL: apiUrl }),
        stdio: ['ignore', 'inherit', 'inherit'],
        signal,
      },
    );
    child.on('exit', (code, sig) =>
      code === 0 ? ok() : fail(new Error(`astro build exited with ${code ?? sig}`)),
    );
    child.on('error', fail);
  });
}

/** The previous build has this file, byte for byte (a hashed asset name implies it), and its .br/.gz. */
async function sameAsBefore(previousDir: string, rel: string, data: Buffer | null): Promise<boolean> {
  const before = join(previousDir, rel);
  if (!existsSync(`${before}.br`) || !existsSync(`${before}.gz`)) return false;
  if (data === null) return true;
  try {
    return data.equals(await readFile(before));
  } catch {
    return false;
  }
}

/**
 * Writes .gz and .br beside every compressible file except pages. Pages (.html, 9 in 10 files at scale)
 * are compressed by the server on first request at a fast level and kept in its cache
 * (http/static-files.ts): at 30 dealers precompressing them cost as long as rendering them
 * (docs/decisions/130-fast-builds.md). The rest (hashed /_astro/ assets, sitemap, robots) get brotli's
 * top quality, and a file that is byte for byte the same in the previous build (every hashed asset of
 * an unchanged bundle) reuses its .br/.gz.
 */
async function precompress(dir: string, previousDir?: string | null): Promise<number> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (PRECOMPRESSED.test(entry.name) && !isIslandPropsFile(entry.name) && statSync(path).size > 512)
        files.push(path);
    }
  };
  walk(dir);
  const one = async (path: string) => {
    const rel = relative(dir, path);
    // Linked from the previous build with its twins (a partial build): never write through a link.
    if (existsSync(`${path}.br`) && existsSync(`${path}.gz`)) return;
    const hashed = rel.startsWith(`_astro${sep}`);
    const data = await readFile(path);
    if (previousDir && (await sameAsBefore(previousDir, rel, hashed ? null : data))) {
      await copyFile(join(previousDir, `${rel}.br`), `${path}.br`);
      await copyFile(join(previousDir, `${rel}.gz`), `${path}.gz`);
      return;
    }
    const [gz, br] = await Promise.all([
      gzip(data, { level: 9 }),
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    ]);
    await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
  };
  // zlib's async calls run on libuv's thread pool, so a few at a time use every core.
  let next = 0;
  const worker = async () => {
    while (next < files.length) await one(files[next++] as string);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return files.length;
}

/** Removes all but the newest `keep` build directories (and never a protected one); returns the removed ids. */
export function pruneBuilds(buildsDir: string, keep: number, protect: string[]): string[] {
  const builds = readdirSync(buildsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  const removed: string[] = [];
  for (const old of builds.slice(0, Math.max(0, builds.length - keep))) {
    if (protect.includes(old)) continue;
    rmSync(join(buildsDir, old), { recursive: true, force: true });
    removed.push(old);
  }
  return removed;
}

/** The build a partial build starts from, and the sections of data changed since it was made. */
export interface PartialBase {
  dir: string;
  changed: Section[];
}

export interface BuildSteps extends Record<string, number> {
  astroMs: number;
  compressMs: number;
  pages: number;
  /** 1 when only the routes reading the changed sections were rendered, the rest linked. */
  partial: number;
  routes: number;
  linked: number;
}

/**
 * Builds the site from the API into outDir: in full, or, given a base build and the sections changed
 * since, only the routes that read them (partial.ts decides; anything it cannot vouch for is a full
 * build). Then the build record and pre-compression. Removes the directory on failure.
 */
export async function buildSite(opts: {
  apiUrl: string;
  outDir: string;
  signal?: AbortSignal;
  base?: PartialBase;
}): Promise<BuildSteps> {
  const depsFile = resolve('node_modules/.cache/site-builds', `${basename(opts.outDir)}.deps`);
  const keptFile = `${depsFile.slice(0, -'.deps'.length)}.kept.json`;
  try {
    const t0 = performance.now();
    const code = fingerprint();
    const baseInfo = opts.base ? readBuildInfo(opts.base.dir) : null;
    const routes = opts.base ? planPartial(baseInfo, opts.base.changed, code) : null;
    mkdirSync(dirname(depsFile), { recursive: true });
    rmSync(depsFile, { force: true });
    if (routes && routes.length === 0) mkdirSync(opts.outDir, { recursive: true });
    else {
      // A partial build's sitemap (written by @astrojs/sitemap) also lists the pages kept from the base.
      if (routes && baseInfo && opts.base)
        writeFileSync(keptFile, JSON.stringify(keptPages(opts.base.dir, baseInfo, routes)));
      await runAstroBuild(opts.outDir, opts.apiUrl, opts.signal, {
        [BUILD_DEPS_ENV]: depsFile,
        ...(routes ? { [BUILD_ROUTES_ENV]: JSON.stringify(routes), [BUILD_KEPT_PAGES_ENV]: keptFile } : {}),
      });
    }
    const made = readDepsFile(depsFile);
    let info: BuildInfo = { fingerprint: code, ...made };
    let linked = 0;
    if (routes && baseInfo && opts.base) {
      linked = linkFromBase(opts.base.dir, opts.outDir, baseInfo, routes);
      info = {
        fingerprint: code,
        deps: { ...baseInfo.deps, ...made.deps },
        pages: { ...baseInfo.pages, ...made.pages },
        partial: { changed: opts.base.changed, routes },
      };
    }
    writeFileSync(join(opts.outDir, BUILD_INFO), JSON.stringify(info));
    const t1 = performance.now();
    await precompress(opts.outDir, opts.base?.dir ?? currentBuildDir(dirname(opts.outDir)));
    return {
      astroMs: Math.round(t1 - t0),
      compressMs: Math.round(performance.now() - t1),
      pages: countPages(opts.outDir),
      partial: routes ? 1 : 0,
      routes: routes?.length ?? 0,
      linked,
    };
  } catch (err) {
    rmSync(opts.outDir, { recursive: true, force: true });
    throw err;
  } finally {
    rmSync(depsFile, { force: true });
    rmSync(keptFile, { force: true });
  }
}

/** HTML pages in a build directory. */
function countPages(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile() && e.name.endsWith('.html')) n++;
  return n;
}

/** Build, publish and prune in one go, without a database record (scripts/build.ts, the benchmark). */
export async function buildAndPublish(opts: BuildOptions): Promise<string> {
  mkdirSync(opts.buildsDir, { recursive: true });
  const id = newBuildId();
  const outDir = resolve(opts.buildsDir, id);
  const started = performance.now();
  opts.logger.info('build started', { id, api: opts.apiUrl });
  const steps = await buildSite({ apiUrl: opts.apiUrl, outDir });
  publish(opts.buildsDir, id);
  pruneBuilds(opts.buildsDir, opts.keep ?? 5, [id]);
  opts.logger.info('build published', {
    id,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ...steps,
  });
  return id;
}
