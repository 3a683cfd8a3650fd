/**
 * GET/HEAD /uploads/{key}: public files (photos, drawn images, brochures) from the configured store, local
 * directory or bucket alike: the type by the name, a day's caching, an ETag and Last-Modified answered
 * with 304, and byte ranges (PDF viewers ask for them). Bytes are streamed from the store, never held
 * whole, so a large brochure costs no memory. docs/decisions/220-object-storage.md.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { wholeResponse } from '../http/outer-headers.ts';
import type { BlobStore, ByteRange, ObjectInfo } from '../media/storage.ts';
import { isKey } from '../media/storage.ts';

const UPLOADS_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** The storage key of a path under /uploads/, or null when it cannot name a stored file. */
function keyOf(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.replace(/^\/uploads\//, ''));
  } catch {
    return null;
  }
  // Site builds shared through the store (publish/build-files.ts) are the instances' business, never a download.
  return isKey(decoded) && !decoded.startsWith('builds/') ? decoded : null;
}

/** One range of `size` bytes, 'unsatisfiable', or null for "send it all" (none asked, or several). */
function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); either says the copy is current. */
function notModified(c: Context, info: ObjectInfo): boolean {
  const tags = c.req.header('if-none-match');
  if (tags) {
    const bare = (t: string) => t.trim().replace(/^W\//, '');
    return tags === '*' || tags.split(',').some((t) => bare(t) === bare(info.etag));
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(info.modified.getTime() / 1000) * 1000 <= since;
}

export function uploadRoutes(storeOf: () => BlobStore) {
  const app = new Hono();
  app.on(['GET', 'HEAD'], '/uploads/*', async (c) => {
    const key = keyOf(c.req.path);
    const missing = () =>
      wholeResponse(c, 'Not found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': 'no-store' },
      });
    if (!key) return missing();
    const store = storeOf();
    const headers: Record<string, string> = {
      'Content-Type': getMimeType(key) ?? 'application/octet-stream',
      'Cache-Control': UPLOADS_CACHE_CONTROL,
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
    };
    const validators = (info: ObjectInfo) => {
      headers.ETag = info.etag;
      headers['Last-Modified'] = info.modified.toUTCString();
    };
    const rangeHeader = c.req.header('range');
    const conditional = c.req.header('if-none-match') || c.req.header('if-modified-since');
    // A plain GET opens the object at once (one round trip to a bucket); the rest need its size or
    // validators first.
    let info: ObjectInfo | null = null;
    if (c.req.method === 'HEAD' || conditional || rangeHeader) {
      info = await store.stat(key);
      if (!info) return missing();
      validators(info);
      if (notModified(c, info)) return wholeResponse(c, null, { status: 304, headers });
    }
    if (c.req.method === 'HEAD' && info) {
      headers['Content-Length'] = String(info.size);
      return wholeResponse(c, null, { status: 200, headers });
    }
    const range = info ? parseRange(rangeHeader, info.size) : null;
    if (range === 'unsatisfiable') {
      headers['Content-Range'] = `bytes */${info?.size ?? 0}`;
      return wholeResponse(c, null, { status: 416, headers });
    }
    const opened = await store.open(key, range ?? undefined);
    if (!opened) return missing();
    validators(opened);
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${opened.size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      return wholeResponse(c, opened.body, { status: 206, headers });
    }
    headers['Content-Length'] = String(opened.size);
    return wholeResponse(c, opened.body, { status: 200, headers });
  });
  return app;
}
