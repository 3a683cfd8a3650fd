/**
 * A short-lived in-process cache of public API answers ("micro-caching"). Every public GET is already
 * declared cacheable for 60 s to browsers and CDNs; keeping the finished bytes for a few seconds here
 * turns a burst of identical listing queries into two. Editor writes clear it at once, and only
 * the site build's own requests (http/cache-bypass.ts) skip it: a client's `Cache-Control: no-cache`
 * or `Authorization` does not (every cached answer is `public`, so RFC 9111 lets a shared cache serve it).
 *
 * Each kept answer carries a strong ETag (a hash of its bytes, per compressed form), and a request that
 * names it gets 304. Hits are answered in front of the Hono app (`fast`, http/fast-path.ts) with the
 * headers the middleware chain would add; the middleware answers the hits that reach it the same way.
 * The cache is bounded in entries and in bytes, and evicts the oldest answers not asked for again
 * (second-chance.ts).
 *
 * An answer is kept from its second request on, as nginx's `proxy_cache_min_uses 2` keeps one:
 * most questions of a stream of distinct ones (a buyer's filters, a crawler's pages) are never asked
 * again, and keeping each of them cost an encoded copy of its bytes that outlived the young generation,
 * 100 MB of the server's memory and a fifth of each such answer's CPU under load
 * (docs/decisions/340-second-chance-eviction.md). A kept answer that expires is kept again from its
 * next request.
 */
import { hash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { apiEncoding } from './accept-encoding.ts';
import { bodyOf } from './body-text.ts';
import { CACHE_BYPASS_HEADER, isBuildRequest } from './cache-bypass.ts';
import { type FastAnswer, type FastRequest, matchesEtag, withOuterHeaders } from './fast-path.ts';
import { type Marked, makeRoom } from './second-chance.ts';

interface Entry extends Marked {
  expires: number;
  status: number;
  /** The answer's own headers (lower-case names), its ETag included. */
  headers: Record<string, string>;
  /**
   * Bytes (never an ArrayBuffer: @hono/node-server writes a Uint8Array without a stream), encoded once
   * when kept: a string would be encoded again for every answer.
   */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** What the entry counts against the byte bound: its body, key and headers. */
  bytes: number;
  /** Header lists for the fast path, per scheme and kind (200 GET, HEAD, 304), made on first use. */
  prepared: Map<string, string[]>;
}

/** An answer as the chain made it: its status, its own headers (lower-case names) and its body. */
export interface MadeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer>;
}

export interface MicroCache {
  middleware: MiddlewareHandler;
  /** The fast path's answerer (http/fast-path.ts): a fresh entry for this request, or undefined. */
  fast: (r: FastRequest) => FastAnswer | undefined;
  /** The key of a request: its URL as Hono sees it, and the encoding its Accept-Encoding gets. */
  keyOf: (url: string, acceptEncoding: string | undefined) => string;
  /**
   * What the middleware does with a public 200 GET answer made anew (fast-reads.ts makes some in front of
   * the chain): gives it its ETag, keeps it from its second ask, and answers 304 when `ifNoneMatch`
   * names it. The answer's headers gain the ETag.
   */
  settle: (
    key: string,
    answer: MadeAnswer,
    ifNoneMatch: string | undefined,
  ) => { notModified: boolean; size: number };
  clear: () => void;
  size: () => number;
  /** Bytes held (bodies, keys and headers). */
  bytes: () => number;
}

const encoder = new TextEncoder();
const MAX_ONCE_KEY = 2048;

const byteLength = (body: string | Uint8Array) =>
  typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;

const etagOf = (body: string | Uint8Array) => `"${hash('sha1', body, 'base64url').slice(0, 22)}"`;

/** The headers of a 304: the 200's, without its length (RFC 9110 §15.4.5 keeps ETag, Vary, Cache-Control). */
function notModified(headers: Record<string, string>): Record<string, string> {
  const { 'content-length': _, ...rest } = headers;
  return rest;
}

/**
 * The headers the fast path writes for a made answer (with the outer ones): a 304's, a HEAD's, or a
 * GET's with the body's length in bytes, `size`.
 */
export function fastHeaders(
  r: Pick<FastRequest, 'path' | 'https'>,
  kind: '304' | 'GET' | 'HEAD',
  headers: Record<string, string>,
  size: number,
): string[] {
  const own =
    kind === '304'
      ? notModified(headers)
      : kind === 'GET'
        ? { ...headers, 'content-length': String(size) }
        : headers;
  return withOuterHeaders(r.path, r.https, own);
}

export function createMicroCache(opts: {
  ttlMs: number;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** All entries together (bodies, keys, headers). */
  maxBytes?: number;
}): MicroCache {
  const entries = new Map<string, Entry>();
  const maxEntries = opts.maxEntries ?? 2000;
  const maxBody = opts.maxBodyBytes ?? 512 * 1024;
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  let held = 0;
  // Keys answered once and not kept (oldest first, at most maxEntries of them). A key longer than
  // MAX_ONCE_KEY is not remembered, so is never kept: a flood of long made-up URLs holds at most 4 MB here.
  const once = new Set<string>();
  const remember = (key: string) => {
    if (key.length > MAX_ONCE_KEY) return;
    once.add(key);
    if (once.size > maxEntries) once.delete(once.values().next().value as string);
  };
  /** Whether to keep the answer for this key: it was answered once before (then it is forgotten). */
  const secondAsk = (key: string): boolean => {
    if (once.delete(key)) return true;
    remember(key);
    return false;
  };

  const drop = (key: string, e: Entry) => {
    entries.delete(key);
    held -= e.bytes;
  };
  /** An expired answer goes; its key is remembered, so its next answer (asked for before) is kept at once. */
  const expire = (key: string, e: Entry) => {
    drop(key, e);
    remember(key);
  };
  // Expired answers are never served again: dropped at most once a TTL (on the next request through the
  // cache), so the bytes of a burst of distinct questions go when it ends instead of staying until new
  // answers push them out (docs/decisions/295-memory-budget.md).
  let nextSweep = 0;
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + Math.max(opts.ttlMs, 1000);
    for (const [key, e] of entries) if (e.expires <= now) expire(key, e);
  };
  /** A fresh entry, marked as used for eviction (second-chance.ts); an expired one is dropped. */
  const fresh = (key: string, now: number): Entry | undefined => {
    sweep(now);
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      expire(key, hit);
      return undefined;
    }
    hit.used = true;
    return hit;
  };

  /** Keeps a public answer with its ETag set, from its second ask (or in place of a concurrent miss's). */
  const keep = (key: string, now: number, answer: MadeAnswer, size: number) => {
    let bytes = size + key.length;
    for (const name in answer.headers) bytes += name.length + (answer.headers[name] as string).length;
    // A concurrent miss kept this key's answer meanwhile: this one replaces it (the key is in use; leaving
    // it out instead would drop the kept answer under a burst, every time the answer expires).
    const old = entries.get(key);
    if (old) drop(key, old);
    if (
      (old !== undefined || secondAsk(key)) &&
      makeRoom(
        entries,
        { maxEntries, maxBytes },
        () => held,
        bytes,
        (_, e) => {
          held -= e.bytes;
        },
      )
    ) {
      const { body } = answer;
      entries.set(key, {
        expires: now + opts.ttlMs,
        status: answer.status,
        headers: answer.headers,
        body: typeof body === 'string' ? encoder.encode(body) : body,
        etag: answer.headers.etag as string,
        bytes,
        prepared: new Map(),
      });
      held += bytes;
    }
  };

  const settle: MicroCache['settle'] = (key, answer, ifNoneMatch) => {
    const now = Date.now();
    sweep(now);
    const size = byteLength(answer.body);
    // Too large to keep: no ETag either, as the middleware sends it.
    if (size > maxBody) return { notModified: false, size };
    const etag = etagOf(answer.body);
    answer.headers.etag = etag;
    keep(key, now, answer, size);
    return { notModified: matchesEtag(ifNoneMatch, etag), size };
  };

  const keyOf = (url: string, acceptEncoding: string | undefined) => `${url}|${apiEncoding(acceptEncoding)}`;

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (opts.ttlMs > 0) sweep(Date.now());
    if (opts.ttlMs <= 0 || (method !== 'GET' && method !== 'HEAD')) return next();
    if (isBuildRequest(c.req.header(CACHE_BYPASS_HEADER))) return next();
    const key = keyOf(c.req.url, c.req.header('accept-encoding'));
    const hit = fresh(key, Date.now());
    if (hit) {
      if (matchesEtag(c.req.header('if-none-match'), hit.etag))
        return new Response(null, { status: 304, headers: notModified(hit.headers) });
      return new Response(method === 'HEAD' ? null : hit.body, { status: hit.status, headers: hit.headers });
    }
    await next();
    const res = c.res;
    const cacheControl = res.headers.get('cache-control') ?? '';
    if (
      method !== 'GET' ||
      res.status !== 200 ||
      !/\bpublic\b/.test(cacheControl) ||
      res.headers.has('set-cookie')
    )
      return;
    // What it was made from when known (a hydra answer, plain or compressed in one call); else read the
    // bytes once (a streamed answer) and answer with them.
    const made = bodyOf(res);
    const body = made ?? new Uint8Array(await res.arrayBuffer());
    const answer: MadeAnswer = { status: res.status, headers: Object.fromEntries(res.headers), body };
    const { notModified: named } = settle(key, answer, c.req.header('if-none-match'));
    const { etag } = answer.headers;
    if (etag) res.headers.set('ETag', etag);
    if (named) c.res = new Response(null, { status: 304, headers: notModified(answer.headers) });
    else if (made === undefined) c.res = new Response(body, { status: res.status, headers: res.headers });
  };

  const fast = (r: FastRequest): FastAnswer | undefined => {
    if (opts.ttlMs <= 0 || !r.path.startsWith('/api/')) return undefined;
    const h = r.req.headers;
    if (h[CACHE_BYPASS_HEADER] !== undefined) return undefined;
    // Node joins repeated Accept-Encoding lines into one string, as Hono's c.req.header() reads them.
    const hit = fresh(keyOf(r.url, h['accept-encoding']), Date.now());
    if (!hit) return undefined;
    const ifNoneMatch = h['if-none-match'];
    const kind = matchesEtag(ifNoneMatch, hit.etag) ? '304' : r.method;
    const preparedKey = `${r.https ? 's' : ''}${kind}`;
    let headers = hit.prepared.get(preparedKey);
    if (!headers) {
      headers = fastHeaders(r, kind, hit.headers, hit.body.byteLength);
      hit.prepared.set(preparedKey, headers);
    }
    if (kind === '304') return { status: 304, headers, body: null };
    return { status: hit.status, headers, body: r.method === 'HEAD' ? null : hit.body };
  };

  return {
    middleware,
    fast,
    keyOf,
    settle,
    clear: () => {
      entries.clear();
      once.clear();
      held = 0;
    },
    size: () => entries.size,
    bytes: () => held,
  };
}
