/**
 * The published build's files served from memory. A build is immutable, so each file is read once,
 * on first request, and answered from memory after that, with a strong ETag; switching builds drops the
 * old build's files. Only the forms clients ask for are kept (every page was held three times,
 * identity, brotli and gzip; browsers ask for brotli, so most pages now hold only their .br), and the
 * whole cache is an LRU bounded in bytes, the rest staying on disk in the OS page cache. Reading
 * each file from disk on every request answered several times fewer pages a second (docs/performance.md).
 *
 * Pages (HTML) are not compressed at build time any more (docs/decisions/130-fast-builds.md): a text
 * file without `.br`/`.gz` twins is compressed on its first request for that encoding, at a fast level
 * on libuv's thread pool, and the result is kept in the same LRU (recompressed if evicted). A large
 * page's brotli form is then made again at the best level, later (brotli-refine.ts, decision 320).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { isIslandPropsFile } from '../../config/island-props.ts';
import { type PageEncoding, pageEncoding } from './accept-encoding.ts';
import { bestBrotli, createRefiner, firstBrotli, MIN_REFINE_BYTES } from './brotli-refine.ts';
import { type FastAnswer, type FastRequest, withOuterHeaders } from './fast-path.ts';
import { wholeResponse } from './outer-headers.ts';
import { evictSecondChance, type Marked, makeRoom } from './second-chance.ts';

const gzipAsync = promisify(gzip);

/** Text files worth compressing when the build has no compressed twin for them (pages, mostly). */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|json|txt|webmanifest)$/;
const MIN_COMPRESS_BYTES = 512;
/**
 * Gzip 6, and brotli's fast level (firstBrotli): fast enough for the first request, nearly as small as the
 * slow levels (decision 130). A page just over the first round trip gets a better brotli level (decision 352).
 */
export const ON_DEMAND_GZIP_LEVEL = 6;

function compress(data: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? firstBrotli(data) : gzipAsync(data, { level: ON_DEMAND_GZIP_LEVEL });
}

export interface StaticFile {
  /** The file on disk; `.br`/`.gz` twins next to it when `encodings` says so. */
  path: string;
  encodings: PageEncoding[];
  /** Compressed forms are made from the plain file on first use (no twins on disk). */
  onDemand: boolean;
  /** The forms read so far (read on first use). */
  forms: Partial<Record<PageEncoding, Buffer>>;
  /** Whether the cache still holds this file (its bytes count against the bound only then). */
  cached?: boolean;
  /** Compressions in flight, so concurrent first requests compress once. */
  making?: Partial<Record<PageEncoding, Promise<Buffer | undefined>>>;
  type: string;
  etag: string;
  /** The build it belongs to (its directory's name): every answer says so in X-Site-Build. */
  build: string;
  /** Header lists for the fast path (fast-path.ts), per scheme, form and cache policy, made on first use. */
  prepared?: Map<string, string[]>;
}

/** A file held in the cache, under the build path it was found at. */
type Held = { key: string; file: StaticFile } & Marked;

const SUFFIX: Record<PageEncoding, string> = { identity: '', br: '.br', gzip: '.gz' };

function cacheControlFor(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // A page's island props (decision 349) must be the same build's as the page that names them.
  if (path.endsWith('.html') || isIslandPropsFile(path)) return 'public, max-age=0, must-revalidate';
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

export function createStaticFiles(opts: { maxBytes?: number; maxEntries?: number; maxMisses?: number } = {}) {
  const maxBytes = opts.maxBytes ?? 256 * 1024 * 1024;
  const maxEntries = opts.maxEntries ?? 20_000;
  const maxMisses = opts.maxMisses ?? 2_000;
  let root: string | null = null;
  // path → file (oldest first, evicted by second chance), bounded in bytes and entries.
  const files = new Map<string, Held>();
  // Paths with no file (so repeated misses cost no disk access), a small LRU of their own: a flood of
  // distinct 404s must neither grow the process nor push real pages out of `files`.
  const misses = new Set<string>();
  let bytes = 0;

  /** Out of the cache: its bytes go too (the site's fast path may still hold the object, not its forms). */
  const release = (f: StaticFile) => {
    f.cached = false;
    f.forms = {};
    f.prepared = undefined;
  };
  const sizeOf = (f: StaticFile) => Object.values(f.forms).reduce((sum, b) => sum + (b as Buffer).length, 0);
  const dropped = (_: string, v: Held) => {
    bytes -= sizeOf(v.file);
    release(v.file);
  };
  /** Evicts until the held files are within the bounds again (second-chance.ts). */
  const evict = () => evictSecondChance(files, () => bytes > maxBytes || files.size > maxEntries, dropped);

  function load(dir: string, urlPath: string): Held | null {
    for (const candidate of candidates(urlPath)) {
      const full = normalize(join(dir, candidate));
      if (!full.startsWith(dir + sep)) return null; // never outside the build
      const body = readIfFile(full);
      if (!body) continue;
      const encodings: PageEncoding[] = ['identity'];
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
  function lookup(dir: string, urlPath: string): Held | null {
    if (dir !== root) {
      for (const v of files.values()) release(v.file);
      files.clear();
      misses.clear();
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
    const hit = files.get(decoded);
    if (hit) {
      hit.used = true;
      return hit;
    }
    if (misses.has(decoded)) return null;
    const found = load(dir, decoded);
    if (found) {
      // A file bigger than the whole cache is served, not held.
      const size = sizeOf(found.file);
      if (makeRoom(files, { maxEntries, maxBytes }, () => bytes, size, dropped)) {
        files.set(decoded, found);
        bytes += size;
        found.file.cached = true;
      }
    } else {
      // A long made-up path is not worth remembering (a flood of them would hold their text).
      if (decoded.length <= 512) misses.add(decoded);
      if (misses.size > maxMisses) misses.delete(misses.values().next().value as string);
    }
    return found;
  }

  const keep = (f: StaticFile, encoding: PageEncoding, data: Buffer) => {
    f.forms[encoding] = data;
    if (f.cached) {
      bytes += data.length;
      evict();
    }
    return data;
  };

  // The fast brotli form of a large page is made again at the best level, later (brotli-refine.ts).
  const refiner = createRefiner();
  const refine = (f: StaticFile, fast: Buffer) => async () => {
    // Only while the page is still held with the bytes it was queued for (not evicted, not a new build).
    if (!f.cached || f.forms.br !== fast) return;
    const best = await bestBrotli(f.path);
    if (!f.cached || f.forms.br !== fast || best.length >= fast.length) return;
    f.forms.br = best;
    f.prepared = undefined; // the fast path's header lists carry the old Content-Length
    bytes += best.length - fast.length;
  };

  /** One form of a file, read (or compressed) on first use and then counted against the cache's bytes. */
  function form(f: StaticFile, encoding: PageEncoding): Buffer | undefined | Promise<Buffer | undefined> {
    const held = f.forms[encoding];
    if (held) return held;
    if (f.onDemand && encoding !== 'identity') {
      f.making ??= {};
      const making = f.making[encoding];
      if (making) return making;
      const made = readFile(f.path)
        .then(async (plain) => ({
          large: plain.length >= MIN_REFINE_BYTES,
          data: await compress(plain, encoding),
        }))
        .then(
          ({ large, data }) => {
            keep(f, encoding, data);
            if (encoding === 'br' && large) refiner.add(refine(f, data));
            return data;
          },
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
    const encoding = encodingFor(f, c.req.header('accept-encoding'));
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

  /**
   * The fast path's answer (fast-path.ts) for a file already found: the same status and headers as
   * `respond` with the outer headers, when the form asked for is in memory; else undefined (respond reads
   * or compresses it).
   */
  function fast(r: FastRequest, key: string, f: StaticFile, cacheControl?: string): FastAnswer | undefined {
    const h = r.req.headers;
    const ifNoneMatch = h['if-none-match'];
    const notModified = ifNoneMatch === f.etag;
    const encoding = notModified ? 'identity' : encodingFor(f, h['accept-encoding']);
    const body = notModified ? null : f.forms[encoding];
    if (!notModified && !body) return undefined;
    const preparedKey = `${r.https ? 's' : ''}${notModified ? '304' : encoding}${r.method}${cacheControl ?? ''}`;
    f.prepared ??= new Map();
    let headers = f.prepared.get(preparedKey);
    if (!headers) {
      const own: Record<string, string> = {
        'Content-Type': f.type,
        'Cache-Control': cacheControl ?? cacheControlFor(key),
        ETag: f.etag,
        'X-Content-Type-Options': 'nosniff',
        'X-Site-Build': f.build,
      };
      if (f.encodings.length > 1) own.Vary = 'Accept-Encoding';
      if (key.endsWith('.html')) own.Vary = 'Accept-Encoding, Save-Data, Cookie';
      if (body) {
        if (encoding !== 'identity') own['Content-Encoding'] = encoding;
        own['Content-Length'] = String(body.length);
      }
      headers = withOuterHeaders(r.path, r.https, own);
      f.prepared.set(preparedKey, headers);
    }
    return { status: notModified ? 304 : 200, headers, body: r.method === 'HEAD' ? null : (body ?? null) };
  }

  return {
    lookup,
    respond,
    fast,
    /** What the cache holds (tests: it stays within its bounds). */
    stats: () => ({ entries: files.size, misses: misses.size, bytes }),
    /** Resolves once the pages waiting for their best brotli form have it (tests). */
    refined: () => refiner.idle(),
    /**
     * Makes the brotli form of these pages of build `dir` before anyone asks, and queues its best level,
     * as a first request would (decision 351). Resolves once the fast forms are made.
     */
    async warm(dir: string, urlPaths: readonly string[]): Promise<void> {
      const made = [];
      for (const path of urlPaths) {
        const held = lookup(dir, path);
        if (held?.file.encodings.includes('br')) made.push(form(held.file, 'br'));
      }
      await Promise.all(made);
    },
  };
}

/** The best form of a file the client accepts. */
const encodingFor = (f: StaticFile, accept: string | undefined): PageEncoding =>
  pageEncoding(accept, { br: f.encodings.includes('br'), gzip: f.encodings.includes('gzip') });
