/**
 * The published build's files served from memory. A build is immutable, so each file is read once,
 * on first request, and answered from memory after that, with a strong ETag; switching builds drops the
 * old build's files. Only the forms clients ask for are kept (every page was held three times,
 * identity, brotli and gzip; browsers ask for brotli, so most pages now hold only their .br), and the
 * whole cache is an LRU bounded in bytes, the rest staying on disk in the OS page cache. Measured: about
 * 10× the requests per second of reading each file from disk per request (docs/performance.md).
 *
 * Pages (HTML) are not compressed at build time any more (docs/decisions/130-fast-builds.md): a text
 * file without `.br`/`.gz` twins is compressed on its first request for that encoding, at a fast level
 * on libuv's thread pool, and the result is kept in the same LRU (recompressed if evicted).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { wholeResponse } from './outer-headers.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing when the build has no compressed twin for them (pages, mostly). */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|json|txt|webmanifest)$/;
const MIN_COMPRESS_BYTES = 512;
/** Brotli 5 / gzip 6: about a millisecond for a 50 KB page, within a few % of the slow levels' size. */
export const ON_DEMAND_BROTLI_QUALITY = 5;
export const ON_DEMAND_GZIP_LEVEL = 6;

function compress(data: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: ON_DEMAND_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzipAsync(data, { level: ON_DEMAND_GZIP_LEVEL });
}

type Encoding = 'identity' | 'br' | 'gzip';

export interface StaticFile {
  /** The file on disk; `.br`/`.gz` twins next to it when `encodings` says so. */
  path: string;
  encodings: Encoding[];
  /** Compressed forms are made from the plain file on first use (no twins on disk). */
  onDemand: boolean;
  /** The forms read so far (read on first use). */
  forms: Partial<Record<Encoding, Buffer>>;
  /** Whether the cache still holds this file (its bytes count against the bound only then). */
  cached?: boolean;
  /** Compressions in flight, so concurrent first requests compress once. */
  making?: Partial<Record<Encoding, Promise<Buffer | undefined>>>;
  type: string;
  etag: string;
  /** The build it belongs to (its directory's name): every answer says so in X-Site-Build. */
  build: string;
}

const SUFFIX: Record<Encoding, string> = { identity: '', br: '.br', gzip: '.gz' };

function cacheControlFor(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

function readIfFile(file: string): Buffer | undefined {
  try {
    return statSync(file).isFile() ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Candidate files for a URL path: the file itself, or the directory's index.html (build.format 'directory'). */
function candidates(urlPath: string): string[] {
  if (urlPath.endsWith('/')) return [`${urlPath}index.html`];
  return extname(urlPath) ? [urlPath, `${urlPath}/index.html`] : [`${urlPath}/index.html`, `${urlPath}.html`];
}

export function createStaticFiles(opts: { maxBytes?: number; maxEntries?: number } = {}) {
  const maxBytes = opts.maxBytes ?? 256 * 1024 * 1024;
  const maxEntries = opts.maxEntries ?? 20_000;
  let root: string | null = null;
  // path → file, or null for "no such file" (so repeated misses cost no disk access); LRU order.
  const files = new Map<string, { key: string; file: StaticFile } | null>();
  let bytes = 0;

  const sizeOf = (f: StaticFile) => Object.values(f.forms).reduce((sum, b) => sum + (b as Buffer).length, 0);
  const evict = () => {
    while ((bytes > maxBytes || files.size > maxEntries) && files.size) {
      const [k, v] = files.entries().next().value as [string, { file: StaticFile } | null];
      files.delete(k);
      if (v) {
        bytes -= sizeOf(v.file);
        v.file.cached = false;
      }
    }
  };

  function load(dir: string, urlPath: string): { key: string; file: StaticFile } | null {
    for (const candidate of candidates(urlPath)) {
      const full = normalize(join(dir, candidate));
      if (!full.startsWith(dir + sep)) return null; // never outside the build
      const body = readIfFile(full);
      if (!body) continue;
      const encodings: Encoding[] = ['identity'];
      if (isFile(`${full}.br`)) encodings.push('br');
      if (isFile(`${full}.gz`)) encodings.push('gzip');
      const onDemand = encodings.length === 1 && COMPRESSIBLE.test(full) && body.length >= MIN_COMPRESS_BYTES;
      if (onDemand) encodings.push('br', 'gzip');
      const file: StaticFile = {
        path: full,
        encodings,
        onDemand,
        // The plain bytes were read for the ETag; kept only when there is no compressed form to serve.
        forms: encodings.length === 1 ? { identity: body } : {},
        type: getMimeType(full) ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        build: basename(dir),
      };
      return { key: candidate, file };
    }
    return null;
  }

  /** The file for a URL path in this build, from memory when seen before. */
  function lookup(dir: string, urlPath: string): { key: string; file: StaticFile } | null {
    if (dir !== root) {
      for (const v of files.values()) if (v) v.file.cached = false;
      files.clear();
      bytes = 0;
      root = dir;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    // No NUL, and no dot-file or dot-directory (the build's own record, .build.json, is not public).
    if (decoded.includes('\0') || /(^|\/)\./.test(decoded)) return null;
    if (files.has(decoded)) {
      const hit = files.get(decoded) ?? null;
      files.delete(decoded);
      files.set(decoded, hit);
      return hit;
    }
    const found = load(dir, decoded);
    files.set(decoded, found);
    if (found) {
      bytes += sizeOf(found.file);
      found.file.cached = true;
    }
    evict();
    return found;
  }

  const keep = (f: StaticFile, encoding: Encoding, data: Buffer) => {
    f.forms[encoding] = data;
    if (f.cached) {
      bytes += data.length;
      evict();
    }
    return data;
  };

  /** One form of a file, read (or compressed) on first use and then counted against the cache's bytes. */
  function form(f: StaticFile, encoding: Encoding): Buffer | undefined | Promise<Buffer | undefined> {
    const held = f.forms[encoding];
    if (held) return held;
    if (f.onDemand && encoding !== 'identity') {
      f.making ??= {};
      const making = f.making[encoding];
      if (making) return making;
      const made = readFile(f.path)
        .then((plain) => compress(plain, encoding))
        .then(
          (data) => keep(f, encoding, data),
          () => undefined, // the build was removed under us
        )
        .finally(() => {
          if (f.making) delete f.making[encoding];
        });
      f.making[encoding] = made;
      return made;
    }
    const read = readIfFile(f.path + SUFFIX[encoding]);
    if (!read) return undefined; // the build was removed under us
    return keep(f, encoding, read);
  }

  /**
   * The response for a found file: the best pre-compressed form the client accepts, or 304, built whole
   * with the outer middlewares' headers (outer-headers.ts) so nothing touches its headers after.
   */
  function respond(
    c: Context,
    key: string,
    f: StaticFile,
    override: { status?: 200 | 404; cacheControl?: string } = {},
  ): Response | Promise<Response> {
    const status = override.status ?? 200;
    const headers: Record<string, string> = {
      'Content-Type': f.type,
      'Cache-Control': override.cacheControl ?? cacheControlFor(key),
      ETag: f.etag,
      'X-Content-Type-Options': 'nosniff',
      'X-Site-Build': f.build,
    };
    if (f.encodings.length > 1) headers.Vary = 'Accept-Encoding';
    // A page also has a data-saver form at the same address (data-saver-variants.ts).
    if (key.endsWith('.html')) headers.Vary = 'Accept-Encoding, Save-Data, Cookie';
    if (status === 200 && c.req.header('if-none-match') === f.etag)
      return wholeResponse(c, null, { status: 304, headers });
    const accept = c.req.header('accept-encoding') ?? '';
    let encoding: Encoding = 'identity';
    if (f.encodings.includes('br') && /\bbr\b/.test(accept)) encoding = 'br';
    else if (f.encodings.includes('gzip') && /\bgzip\b/.test(accept)) encoding = 'gzip';
    const answer = (body: Buffer | undefined) => {
      if (!body) return wholeResponse(c, null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = String(body.length);
      const view = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length); // not a copy
      return wholeResponse(c, c.req.method === 'HEAD' ? null : view, { status, headers });
    };
    const body = form(f, encoding);
    return body instanceof Promise ? body.then(answer) : answer(body);
  }

  return { lookup, respond };
}
