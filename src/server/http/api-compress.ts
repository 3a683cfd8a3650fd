/**
 * Compression of API answers, in the coding apiEncoding (accept-encoding.ts) chooses, which the
 * micro-cache's key uses too (micro-cache.ts keeps one answer per encoding, so the two must agree).
 *
 * An answer made from text (hydra.ts `withBody`: every collection and item) is compressed at once with
 * zlib's synchronous call, and the bytes are kept beside the answer for the micro-cache. Hono's
 * `compress()` piped every answer through a CompressionStream: for a 10 KB listing that was five times
 * the CPU of the compression itself (docs/decisions/353-api-compression-in-one-call.md). Any other
 * body (a stream, an export) still goes through a CompressionStream, chosen the same way.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { apiEncoding } from './accept-encoding.ts';
import { bodyOf, withBody } from './body-text.ts';

/** Below this many bytes an answer is sent as it is (Hono's compress() threshold). */
const THRESHOLD = 1024;
/** Larger text is compressed on a stream, so one huge answer never holds the event loop. */
const MAX_SYNC_CHARS = 512 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether text is compressed in one call (packText), not on a stream. */
export const inOneCall = (text: string) => text.length <= MAX_SYNC_CHARS;

/**
 * Text compressed in one call, or undefined when it goes as it is (under THRESHOLD bytes). A Uint8Array
 * (@hono/node-server writes it without a stream) of its own: zlib's result may be a slice of a pooled
 * buffer, which the micro-cache would keep whole.
 */
export function packText(text: string, encoding: 'gzip' | 'deflate'): Uint8Array<ArrayBuffer> | undefined {
  if (Buffer.byteLength(text) < THRESHOLD) return undefined;
  return new Uint8Array(encoding === 'gzip' ? gzipSync(text) : deflateSync(text));
}

/** The `compress()` of the API (server.ts): the encoding apiEncoding chooses, text in one call. */
export function apiCompress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    const length = headers.get('Content-Length');
    const type = headers.get('Content-Type');
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      (length !== null && Number(length) < THRESHOLD) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')
    )
      return;
    varyByEncoding(headers);
    const encoding = apiEncoding(c.req.header('accept-encoding'));
    if (encoding === 'identity') return;
    // Asked first: reading `res.body` would turn @hono/node-server's light answer into a stream.
    const text = bodyOf(res);
    if (typeof text === 'string' && inOneCall(text)) {
      const bytes = packText(text, encoding);
      if (!bytes) return;
      headers.set('Content-Encoding', encoding);
      headers.set('Content-Length', String(bytes.byteLength));
      weakenEtag(headers);
      // Cleared first: Hono's setter would otherwise rebuild the new answer around a stream of its body.
      c.res = undefined;
      c.res = withBody(new Response(bytes, { status: res.status, headers }), bytes);
      return;
    }
    if (!res.body) return;
    c.res = new Response(res.body.pipeThrough(new CompressionStream(encoding)), res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    weakenEtag(c.res.headers);
  };
}

/** Adds Accept-Encoding to an answer's Vary, unless it is there already or Vary is `*`. */
export function varyByEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (vary !== '*' && !/\baccept-encoding\b/i.test(vary ?? ''))
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** A strong validator names the plain bytes; the compressed ones are another representation. */
function weakenEtag(headers: Headers) {
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
}
