/**
 * Pages in their data-saver form (data-saver-page.ts), made on first request from the build's file and
 * kept, with their compressed forms, in a small LRU keyed by the file's ETag (a build never changes a
 * file, so a new build is a new key). Answers `Vary: Save-Data, Cookie` beside Accept-Encoding: both
 * forms of a page live at one address, and pages are revalidated on every visit anyway (max-age=0).
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import { pageEncoding } from './accept-encoding.ts';
import { firstBrotli } from './brotli-refine.ts';
import { dataSaverPage } from './data-saver-page.ts';
import { wholeResponse } from './outer-headers.ts';
import { ON_DEMAND_GZIP_LEVEL, type StaticFile } from './static-files.ts';

const gz = promisify(gzip);

interface Variant {
  etag: string;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function createDataSaverVariants(maxEntries = 300) {
  const held = new Map<string, Promise<Variant | null>>();

  async function make(file: StaticFile): Promise<Variant | null> {
    const html = await readFile(file.path, 'utf8').catch(() => null);
    if (html === null) return null;
    const plain = Buffer.from(dataSaverPage(html));
    const [br, gzip] = await Promise.all([firstBrotli(plain), gz(plain, { level: ON_DEMAND_GZIP_LEVEL })]);
    return { etag: `${file.etag.slice(0, -1)}-saver"`, plain, br, gzip };
  }

  function variant(file: StaticFile): Promise<Variant | null> {
    const key = `${file.path} ${file.etag}`;
    let hit = held.get(key);
    if (hit) held.delete(key);
    else hit = make(file);
    held.set(key, hit);
    while (held.size > maxEntries) held.delete(held.keys().next().value as string);
    return hit;
  }

  /** The data-saver answer for a built page (never for any other file). */
  async function respond(c: Context, file: StaticFile, status: 200 | 404, cacheControl: string) {
    const v = await variant(file);
    if (!v) return wholeResponse(c, null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': cacheControl,
      ETag: v.etag,
      Vary: 'Accept-Encoding, Save-Data, Cookie',
      'X-Content-Type-Options': 'nosniff',
      'X-Site-Build': file.build,
    };
    if (status === 200 && c.req.header('if-none-match') === v.etag)
      return wholeResponse(c, null, { status: 304, headers });
    const encoding = pageEncoding(c.req.header('accept-encoding'), { br: true, gzip: true });
    const body = encoding === 'br' ? v.br : encoding === 'gzip' ? v.gzip : v.plain;
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    return wholeResponse(c, c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  }

  return { respond };
}
