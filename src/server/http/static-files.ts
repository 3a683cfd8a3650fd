/**
 * The published build's files served from memory. A build is immutable, so each file (and its
 * pre-compressed .br/.gz twins) is read once, on first request, and answered from memory after that,
 * with a strong ETag; switching builds drops the old build's files. Measured: about 10× the requests
 * per second of reading each file from disk per request (docs/performance.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
}

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

  const sizeOf = (f: StaticFile) => f.body.length + (f.br?.length ?? 0) + (f.gzip?.length ?? 0);
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
      const file: StaticFile = {
        body,
        br: readIfFile(`${full}.br`),
        gzip: readIfFile(`${full}.gz`),
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
    if (f.br || f.gzip) headers.Vary = 'Accept-Encoding';
    if (status === 200 && c.req.header('if-none-match') === f.etag)
      return new Response(null, { status: 304, headers });
    const accept = c.req.header('accept-encoding') ?? '';
    let body = f.body;
    if (f.br && /\bbr\b/.test(accept)) {
      body = f.br;
      headers['Content-Encoding'] = 'br';
    } else if (f.gzip && /\bgzip\b/.test(accept)) {
      body = f.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length); // a view, not a copy
    return new Response(c.req.method === 'HEAD' ? null : bytes, { status, headers });
  }

  return { lookup, respond };
}
