/**
 * Public API reads made anew in front of the Hono app (http/fast-path.ts): a route that can answer from
 * memory (the used-stock listing, from the stock index) gives the JSON of its answer, and this gives it
 * the headers, compression, ETag, micro-cache entry and 304 the middleware chain would have given it.
 * Anything the route is unsure of (a bad parameter, an unknown name, nothing in memory) it leaves to
 * the chain, which answers it as before, errors included.
 *
 * Why: a listing nobody asked for before cost 350–400 µs of CPU through the chain, most of it the
 * chain's own machinery (a Request, a Context, undici Headers, a Response for each middleware's look at
 * the answer), where the listing itself is under 10 % of it (docs/performance.md, "a buyer's listing").
 */
import { LD_JSON } from '../hydra.ts';
import { apiEncoding } from './accept-encoding.ts';
import { inOneCall, packText } from './api-compress.ts';
import { publicAnswerHeaders } from './api-headers.ts';
import { CACHE_BYPASS_HEADER } from './cache-bypass.ts';
import type { FastAnswerer } from './fast-path.ts';
import { hasUrlProblem } from './input-guard.ts';
import { fastHeaders, type MadeAnswer, type MicroCache } from './micro-cache.ts';

/** A route's read from memory: the JSON of its 200 answer to `url`, or undefined to leave it to the chain. */
export interface FastRead {
  /** The paths it may answer (matched against the path without its query). */
  path: RegExp;
  read: (match: RegExpExecArray, url: string) => string | undefined;
}

/** The fast path's answerer for `reads`, each kept in `cache` as the micro-cache middleware keeps answers. */
export function fastReads(cache: MicroCache, reads: FastRead[]): FastAnswerer {
  return (r) => {
    // A HEAD, or a request the site build makes (it skips the micro-cache), goes to the chain.
    if (r.method !== 'GET' || r.req.headers[CACHE_BYPASS_HEADER] !== undefined) return undefined;
    for (const route of reads) {
      const match = route.path.exec(r.path);
      if (!match) continue;
      // The input guard refuses a NUL or a malformed escape (input-guard.ts): the chain's answer to give.
      if (r.url.includes('%') && hasUrlProblem(r.url)) return undefined;
      const json = route.read(match, r.url);
      if (json === undefined || !inOneCall(json)) return undefined;
      const accept = r.req.headers['accept-encoding'];
      const answer = made(json, apiEncoding(accept));
      const settled = cache.settle(cache.keyOf(r.url, accept), answer, r.req.headers['if-none-match']);
      const kind = settled.notModified ? '304' : 'GET';
      const headers = fastHeaders(r, kind, answer.headers, settled.size);
      return { status: kind === '304' ? 304 : 200, headers, body: kind === '304' ? null : answer.body };
    }
    return undefined;
  };
}

/** The answer as the chain makes it: the API's headers, compressed as api-compress.ts compresses text. */
function made(json: string, encoding: ReturnType<typeof apiEncoding>): MadeAnswer {
  const headers = publicAnswerHeaders(LD_JSON);
  const packed = encoding === 'identity' ? undefined : packText(json, encoding);
  if (!packed) return { status: 200, headers, body: json };
  headers['content-encoding'] = encoding;
  headers['content-length'] = String(packed.byteLength);
  return { status: 200, headers, body: packed };
}
