/**
 * Compiles the server (scripts/serve.ts and what it imports from src/) into JavaScript under
 * dist/server that `npm start` runs, so the server process never loads Node's TypeScript stripper: it
 * held about 18 MB of the idle server's memory for the server's whole life
 * (docs/decisions/347-server-runs-compiled.md). Packages stay imports of node_modules, and a module the
 * server imports on first use (the S3 store, decision 346) is a chunk of its own, so what it imports is
 * still loaded only then: in one file, esbuild would hoist those imports to the top.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build, type Metafile } from 'esbuild';

const OUT_DIR = 'dist/server';
/** A file of an earlier build is removed once it is this old: a server starting now has read its own. */
const STALE_MS = 10 * 60_000;

/** Writes the compiled server; returns esbuild's account of what each output file imports. */
export async function buildServer(): Promise<Metafile> {
  const { outputFiles, metafile } = await build({
    entryPoints: ['scripts/serve.ts'],
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    packages: 'external',
    // Stack traces in the log name the source files and lines (scripts/start.mjs turns source maps on).
    sourcemap: 'linked',
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  mkdirSync(OUT_DIR, { recursive: true });
  // Each file under a name of this process's own, then renamed over the old one; maps and chunks before
  // the entry that imports them. Servers starting at once (the cluster tests start three) never read
  // half a file, nor an entry whose chunks are not there yet.
  const entryLast = (path: string) => (path.endsWith('serve.mjs') ? 2 : path.endsWith('.map') ? 0 : 1);
  const written = new Set<string>();
  for (const file of outputFiles.sort((a, b) => entryLast(a.path) - entryLast(b.path))) {
    const target = join(OUT_DIR, basename(file.path));
    writeFileSync(`${target}.${process.pid}`, file.contents);
    renameSync(`${target}.${process.pid}`, target);
    written.add(basename(file.path));
  }
  for (const name of readdirSync(OUT_DIR)) {
    if (written.has(name)) continue;
    const path = join(OUT_DIR, name);
    // Gone since the listing: another server's build renamed its file of its own meanwhile.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > STALE_MS) rmSync(path, { force: true });
  }
  return metafile;
}
