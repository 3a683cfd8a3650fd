/**
 * Which content coding to send, by the request's Accept-Encoding (RFC 9110 §12.5.3), for API answers
 * (api-compress.ts, and the micro-cache's key) and for the site's files (static-files.ts, the data-saver
 * pages). A coding named with `q=0` is refused, and `*` stands for any coding not named. `identity` is
 * always there to fall back on.
 */

type Coding = 'br' | 'gzip' | 'deflate';

/** The q-value the client gives each coding we can send: its own, else `*`'s, else 0 (not acceptable). */
function codingWeights(accept: string): Record<Coding, number> {
  const named: Partial<Record<Coding | '*', number>> = {};
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip' && coding !== 'deflate' && coding !== '*') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q' && value !== undefined) {
        const n = Number(value.trim());
        if (!Number.isNaN(n)) q = n;
      }
    }
    named[coding] = q;
  }
  const any = named['*'] ?? 0;
  return { br: named.br ?? any, gzip: named.gzip ?? any, deflate: named.deflate ?? any };
}

export type ApiEncoding = 'gzip' | 'deflate' | 'identity';

/** An API answer's coding: gzip, else deflate, else identity, the first the client accepts. */
export function apiEncoding(accept: string | undefined): ApiEncoding {
  if (!accept) return 'identity';
  const w = codingWeights(accept);
  if (w.gzip > 0) return 'gzip';
  if (w.deflate > 0) return 'deflate';
  return 'identity';
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** A plain list of codings (what browsers send): no q-values and no `*`, so a name is a yes. */
const PLAIN_LIST = /^[\w\s,-]*$/;
const BR = /(?:^|[\s,])br(?:$|[\s,])/i;
const GZIP = /(?:^|[\s,])gzip(?:$|[\s,])/i;

/**
 * A site file's coding, of the forms it has: brotli, else gzip, else identity; where the client weighs
 * them, the one it weighs higher. Browsers send a plain list, which is read without parsing (this runs
 * for every page answered).
 */
export function pageEncoding(accept: string | undefined, has: { br: boolean; gzip: boolean }): PageEncoding {
  if (!accept) return 'identity';
  if (PLAIN_LIST.test(accept)) {
    if (has.br && BR.test(accept)) return 'br';
    if (has.gzip && GZIP.test(accept)) return 'gzip';
    return 'identity';
  }
  const w = codingWeights(accept);
  const br = has.br ? w.br : 0;
  const gzip = has.gzip ? w.gzip : 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}
