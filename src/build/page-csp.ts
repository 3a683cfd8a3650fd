/**
 * Each page's CSP <meta> narrowed to the hashes of the inline scripts and styles that page holds
 * (decision 325). Astro writes the hashes of every inline script and style of the whole site into every
 * page: 49 of them on the home page, which needs 5. A hash is random to brotli, so each one cost a
 * phone about 33 bytes, about 1.5 KB a page, on the bytes that decide whether the page arrives in
 * the first round trip. The policy only gets narrower: a hash is kept when Astro gave it AND the page
 * holds that script or style, so nothing inline that Astro did not hash is ever allowed.
 */
import { createHash } from 'node:crypto';

/** The hash algorithms a CSP source may name, as Astro's `security.csp.algorithm` spells them. */
export type CspAlgorithm = 'SHA-256' | 'SHA-384' | 'SHA-512';

/** The CSP source of a script or stylesheet's text, `sha256-…` (as Astro lists it, without quotes). */
export function cspHash(code: string, algorithm: CspAlgorithm = 'SHA-256') {
  const name = algorithm.replace('-', '').toLowerCase() as 'sha256' | 'sha384' | 'sha512';
  return `${name}-${createHash(name).update(code).digest('base64')}` as const;
}

const CSP_META = /<meta http-equiv="content-security-policy" content="([^"]*)">/;
/** Inline scripts (no src) and their type; a `type` ending in json is data (JSON-LD), never run. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
/** Inline stylesheets: the opening tag, then the text (unused-css.ts cuts the text). */
export const INLINE_STYLE = /(<style[^>]*>)([\s\S]*?)<\/style>/g;
/** A hash source in a policy. */
const HASH_SOURCE = /^'(sha256|sha384|sha512)-[^']+'$/;
const ALGORITHMS: Record<string, CspAlgorithm> = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/** The quoted sources of the page's own inline code, by the directive that allows it. */
function pageSources(html: string, algorithm: CspAlgorithm): Map<string, Set<string>> {
  const source = (code: string) => `'${cspHash(code, algorithm)}'`;
  const scripts = new Set<string>();
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT))
    if (!/\stype="[^"]*json"/.test(attributes ?? '')) scripts.add(source(code ?? ''));
  const styles = new Set<string>();
  for (const [, , code] of html.matchAll(INLINE_STYLE)) styles.add(source(code ?? ''));
  return new Map([
    ['script-src', scripts],
    ['style-src', styles],
  ]);
}

/** The hash algorithm a policy's sources use, when it names hashes. */
const algorithmOf = (policy: string): CspAlgorithm | undefined =>
  ALGORITHMS[/'(sha256|sha384|sha512)-/.exec(policy)?.[1] ?? ''];

/**
 * The page with the CSP source of `before` (a stylesheet or script's text) replaced by that of `after`,
 * when its policy names `before`: for inline code the build rewrites after Astro hashed it.
 */
export function withRehashedSource(html: string, before: string, after: string): string {
  const algorithm = algorithmOf(CSP_META.exec(html)?.[1] ?? '');
  if (!algorithm) return html;
  const old = `'${cspHash(before, algorithm)}'`;
  return html.replace(CSP_META, (meta) => meta.replace(old, () => `'${cspHash(after, algorithm)}'`));
}

/** The page with its CSP's hash sources cut to those its own inline scripts and styles need. */
export function withPageCspHashes(html: string): string {
  const meta = CSP_META.exec(html);
  const algorithm = algorithmOf(meta?.[1] ?? '');
  if (!meta?.[1] || !algorithm) return html;
  const own = pageSources(html, algorithm);
  const policy = meta[1]
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      const needed = own.get(name);
      if (!needed) return directive;
      const lead = /^\s*/.exec(directive)?.[0] ?? '';
      return lead + [name, ...sources.filter((s) => !HASH_SOURCE.test(s) || needed.has(s))].join(' ');
    })
    .join(';');
  return html.replace(meta[0], () => `<meta http-equiv="content-security-policy" content="${policy}">`);
}
