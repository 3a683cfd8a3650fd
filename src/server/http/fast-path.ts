/**
 * Answers from memory in front of the Hono app: a micro-cached API answer (micro-cache.ts)
 * or a published page already served once (site.ts), written straight to Node's response with the
 * headers the whole middleware chain would have given it: the security headers (security-headers.ts),
 * a new X-Request-Id, the answer's own headers (ETag, Vary, Cache-Control, Content-Encoding), and the
 * same access-log line. Anything else, or anything unsure (an unusual URL or Host, a build request),
 * goes to the Hono app as before.
 *
 * Why: a cached answer costs a Map lookup, but going through the chain built a Request, a Context, an
 * AsyncLocalStorage scope, a parsed URL and a Response for it, four times the CPU of a bare node:http
 * server writing the same bytes.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { securityHeadersFor } from './security-headers.ts';

/** A request as the fast path sees it: its path (no query), whether it came over HTTPS. */
export interface FastRequest {
  req: IncomingMessage;
  method: 'GET' | 'HEAD';
  /** The URL as Hono would see it (c.req.url), and its path (c.req.path). */
  url: string;
  path: string;
  https: boolean;
}

/**
 * What to write: the status and the headers (a flat [name, value, …] list, the outer headers included
 * but not the request id) and the body; undefined leaves the request to the Hono app.
 */
export interface FastAnswer {
  status: number;
  headers: string[];
  body: string | Uint8Array | null;
}

export type FastAnswerer = (r: FastRequest) => FastAnswer | undefined;

/** @hono/node-server's own tests for a request target it uses as it is (index.mjs buildUrl). */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/**
 * A plain path and a query with percent-escapes, as a browser's URLSearchParams writes one
 * (`?order%5Bprice%5D=asc`). @hono/node-server passes such a target through `new URL()`, which leaves
 * it as it is: escapes in a query are kept, and no other character here is one the URL parser would
 * escape (`'` would be, in a query, and `#` starts a fragment, so neither is taken).
 */
const ESCAPED_QUERY = /^\/[!$&(-;=@-[\]_a-z~]*\?[!$%&(-;=?-[\]_a-z~]*$/;

/**
 * The URL Hono sees for this request (c.req.url), when it is the `scheme://host/target` it would build
 * (a plain target as it is, or one whose query alone has escapes, which `new URL()` leaves alone);
 * undefined for anything it would normalise (then no fast answer).
 */
export function plainUrl(req: IncomingMessage, https: boolean): string | undefined {
  const host = req.headers.host;
  const target = req.url ?? '';
  if (!host || !PLAIN_HOST.test(host) || DOT_SEGMENT.test(target)) return undefined;
  if (!PLAIN_TARGET.test(target) && !ESCAPED_QUERY.test(target)) return undefined;
  return `${https ? 'https' : 'http'}://${host}${target}`;
}

/** Whether the request came over HTTPS, as proxy.ts isHttps sees it through TRUST_PROXY proxies. */
function requestIsHttps(req: IncomingMessage, trustProxy: number): boolean {
  if (trustProxy > 0) {
    const header = req.headers['x-forwarded-proto'];
    const list = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const proto = list.at(-1);
    if (proto) return proto.toLowerCase() === 'https';
  }
  return Boolean((req.socket as { encrypted?: boolean }).encrypted);
}

/**
 * The outer headers and the answer's own as one flat list, the answer's own winning (compared without
 * case, as Headers does): what securityHeaders() then the answer would give. Built once per cached
 * answer, path prefix and scheme by the callers, not per request.
 */
export function withOuterHeaders(path: string, https: boolean, own: Record<string, string>): string[] {
  const mine = new Set(Object.keys(own).map((k) => k.toLowerCase()));
  const flat: string[] = [];
  for (const [name, value] of Object.entries(securityHeadersFor(path, https)))
    if (!mine.has(name.toLowerCase())) flat.push(name, value);
  for (const [name, value] of Object.entries(own)) flat.push(name, value);
  return flat;
}

/** Whether `If-None-Match` names this ETag (a list, `*`, or the weak form). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  for (const tag of ifNoneMatch.split(',')) {
    const t = tag.trim();
    if (t === etag || t === '*' || t === `W/${etag}`) return true;
  }
  return false;
}

/** The access log (server.ts): one line per answer, with its request id. */
export type AccessLog = (fields: {
  request_id: string;
  method: string;
  path: string;
  status: number;
}) => void;

/** Node's request listener: a fast answer when one of `answerers` has it, else `slow` (the Hono app). */
export function fastFirst(
  slow: RequestListener,
  opts: { answerers: FastAnswerer[]; trustProxy: number; log: AccessLog },
): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method;
    if (method === 'GET' || method === 'HEAD') {
      const target = req.url ?? '';
      const q = target.indexOf('?');
      const path = q < 0 ? target : target.slice(0, q);
      const https = requestIsHttps(req, opts.trustProxy);
      // Only a URL Hono would take as it is (plainUrl refuses a percent-encoded path, which Hono
      // decodes before routing).
      const url = plainUrl(req, https);
      if (url) {
        const r: FastRequest = { req, method, url, path, https };
        for (const answerer of opts.answerers) {
          const answer = answerer(r);
          if (!answer) continue;
          const id = randomUUID();
          const headers = answer.headers.slice();
          headers.push('X-Request-Id', id);
          res.writeHead(answer.status, headers);
          if (answer.body === null || method === 'HEAD') res.end();
          else res.end(answer.body);
          opts.log({ request_id: id, method, path, status: answer.status });
          return;
        }
      }
    }
    slow(req, res);
  };
}
