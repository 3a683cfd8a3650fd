/**
 * The published build's files served from memory. A build is immutable, so each file is read once,
 * on first request, and answered from memory after that, with a strong ETag; switching builds drops the
 * old build's files. Only the forms clients ask for are kept (issue 14: every page was held three times,
 * identity, brotli and gzip; browsers ask for brotli, so most pages now hold only their .br), and the
 * whole cache is an LRU bounded in bytes, the rest staying on disk in the OS page cache. Measured: about
 * 10× the requests per second of reading each file from disk per request (docs/performance.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';

type Encoding = 'identity' | 'br' | 'gzip';

export interface StaticFile {
  /** The file on disk; `.br`/`.gz` twins next to it when `encodings` says so. */
  path: string;
  encodings: Encoding[];
  /** The forms read so far (read on first use). */
  forms: Partial<Record<Encoding, Buffer>>;
  type: string;
  etag: string;
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
      if (v) bytes -= sizeOf(v.file);
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
      const file: StaticFile = {
        path: full,
        encodings,
        // The plain bytes were read for the ETag; kept only when there is no compressed form to serve.
        forms: encodings.length === 1 ? { identity: body } : {},
        type: getMimeType(full) ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      };
      return { key: candidate, file };
    }
    return null;
  }

  /** The file for a URL path in this build, from memory when seen before. */
  function lookup(dir: string, urlPath: string): { key: string; file: StaticFile } | null {
    if (dir !== root) {
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
    if (decoded.includes('\0')) return null;
    if (files.has(decoded)) {
      const hit = files.get(decoded) ?? null;
      files.delete(decoded);
      files.set(decoded, hit);
      return hit;
    }
    const found = load(dir, decoded);
    files.set(decoded, found);
    if (found) bytes += sizeOf(found.file);
    evict();
    return found;
  }

  /** One form of a file, read on first use and then counted against the cache's bytes. */
  function form(f: StaticFile, encoding: Encoding): Buffer | undefined {
    const held = f.forms[encoding];
    if (held) return held;
    const read = readIfFile(f.path + SUFFIX[encoding]);
    if (!read) return undefined; // the build was removed under us
    f.forms[encoding] = read;
    bytes += read.length;
    evict();
    return read;
  }

  /** The response for a found file: the best pre-compressed form the client accepts, or 304. */
  function respond(
    c: Context,
    key: string,
    f: StaticFile,
    override: { status?: 200 | 404; cacheControl?: string } = {},
  ): Response {
    const status = override.status ?? 200;
    const headers: Record<string, string> = {
      'Content-Type': f.type,
      'Cache-Control': override.cacheControl ?? cacheControlFor(key),
      ETag: f.etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (f.encodings.length > 1) headers.Vary = 'Accept-Encoding';
    if (status === 200 && c.req.header('if-none-match') === f.etag)
      return new Response(null, { status: 304, headers });
    const accept = c.req.header('accept-encoding') ?? '';
    let encoding: Encoding = 'identity';
    if (f.encodings.includes('br') && /\bbr\b/.test(accept)) encoding = 'br';
    else if (f.encodings.includes('gzip') && /\bgzip\b/.test(accept)) encoding = 'gzip';
    const body = form(f, encoding);
    if (!body) return new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length); // a view, not a copy
    return new Response(c.req.method === 'HEAD' ? null : bytes, { status, headers });
  }

  return { lookup, respond };
}
