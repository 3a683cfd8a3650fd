/**
 * A short-lived in-process cache of public API answers ("micro-caching"). Every public GET is already
 * declared cacheable for 60 s to browsers and CDNs; keeping the finished bytes for a few seconds here
 * turns a burst of identical listing queries into one query. Editor writes clear it at once, and only
 * the site build's own requests (http/cache-bypass.ts) skip it: a client's `Cache-Control: no-cache`
 * or `Authorization` does not (every cached answer is `public`, so RFC 9111 lets a shared cache serve it).
 */
import type { MiddlewareHandler } from 'hono';
import { textOf } from './body-text.ts';
import { CACHE_BYPASS_HEADER, isBuildRequest } from './cache-bypass.ts';

interface Entry {
  expires: number;
  status: number;
  headers: Record<string, string>;
  /** A string or bytes, never an ArrayBuffer: @hono/node-server writes those two without a stream. */
  body: string | Uint8Array<ArrayBuffer>;
}

export interface MicroCache {
  middleware: MiddlewareHandler;
  clear: () => void;
  size: () => number;
}

/** Which compressed form a client accepts, so each form is cached once. */
function encodingOf(accept: string | undefined): string {
  if (!accept) return 'identity';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  if (/\bdeflate\b/.test(accept)) return 'deflate';
  return 'identity';
}

export function createMicroCache(opts: {
  ttlMs: number;
  maxEntries?: number;
  maxBodyBytes?: number;
}): MicroCache {
  const entries = new Map<string, Entry>();
  const maxEntries = opts.maxEntries ?? 2000;
  const maxBody = opts.maxBodyBytes ?? 512 * 1024;

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (opts.ttlMs <= 0 || (method !== 'GET' && method !== 'HEAD')) return next();
    if (isBuildRequest(c.req.header(CACHE_BYPASS_HEADER))) return next();
    const key = `${c.req.url}|${encodingOf(c.req.header('accept-encoding'))}`;
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      // Re-insert to keep the map in least-recently-used order.
      entries.delete(key);
      entries.set(key, hit);
      return new Response(method === 'HEAD' ? null : hit.body, { status: hit.status, headers: hit.headers });
    }
    if (hit) entries.delete(key);
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
    // The text it was made from when there is one (an uncompressed hydra answer); else read the bytes
    // once (a compressed answer) and answer with them.
    const text = textOf(res);
    const body = text ?? new Uint8Array(await res.arrayBuffer());
    const headers = Object.fromEntries(res.headers);
    if ((typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength) <= maxBody) {
      entries.set(key, { expires: now + opts.ttlMs, status: res.status, headers, body });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    if (text === undefined) c.res = new Response(body, { status: res.status, headers });
  };

  return { middleware, clear: () => entries.clear(), size: () => entries.size };
}
