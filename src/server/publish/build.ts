/**
 * Builds the static site from an API into a new immutable directory under data/builds/,
 * pre-compresses it, and publishes it by atomically swapping the `current` link.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Logger } from '../log.ts';

export interface BuildOptions {
  apiUrl: string;
  buildsDir: string;
  logger: Logger;
  keep?: number;
}

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|json|txt|webmanifest)$/;

function newBuildId(): string {
  return `${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')}-${process.pid}`;
}

function runAstroBuild(outDir: string, apiUrl: string): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(
      process.execPath,
      [resolve('node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      {
        env: { ...process.env, API_URL: apiUrl },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`astro build exited with ${code}`))));
    child.on('error', fail);
  });
}

async function precompress(dir: string): Promise<number> {
  let count = 0;
  const walk = async (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (COMPRESSIBLE.test(entry.name) && statSync(path).size > 512) {
        const data = await readFile(path);
        await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
        await writeFile(
          `${path}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        count++;
      }
    }
  };
  await walk(dir);
  return count;
}

/** Points `current` at the build in one rename, so readers see the old or the new build, never neither. */
export function publish(buildsDir: string, buildId: string): void {
  const tmp = join(buildsDir, `.current-${process.pid}-${Date.now()}`);
  symlinkSync(buildId, tmp);
  renameSync(tmp, join(buildsDir, 'current'));
}

export function pruneBuilds(buildsDir: string, keep: number, protect: string[]): void {
  const builds = readdirSync(buildsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  for (const old of builds.slice(0, Math.max(0, builds.length - keep))) {
    if (!protect.includes(old)) rmSync(join(buildsDir, old), { recursive: true, force: true });
  }
}

export async function buildAndPublish(opts: BuildOptions): Promise<string> {
  mkdirSync(opts.buildsDir, { recursive: true });
  const id = newBuildId();
  const outDir = resolve(opts.buildsDir, id);
  const started = performance.now();
  opts.logger.info('build started', { id, api: opts.apiUrl });
  try {
    await runAstroBuild(outDir, opts.apiUrl);
  } catch (err) {
    rmSync(outDir, { recursive: true, force: true });
    throw err;
  }
  const compressed = await precompress(outDir);
  publish(opts.buildsDir, id);
  pruneBuilds(opts.buildsDir, opts.keep ?? 5, [id]);
  opts.logger.info('build published', {
    id,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    compressed,
  });
  return id;
}
