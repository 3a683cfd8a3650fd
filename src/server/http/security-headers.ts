/**
 * Browser-security headers on every response, pages, API, uploads and previews alike:
 * a Content-Security-Policy chosen by path (the first matching prefix; add a row for a new area such as
 * the admin app), frame-ancestors 'none' and X-Frame-Options, nosniff, Referrer-Policy,
 * Permissions-Policy, and HSTS when the request arrived over HTTPS (seen through TRUST_PROXY proxies).
 */
import type { MiddlewareHandler } from 'hono';
import { addOuterHeaders, setOuterHeaders } from './outer-headers.ts';
import { isHttps } from './proxy.ts';

const NO_FRAMES = "frame-ancestors 'none'";

/**
 * The Scalar viewer's policy: its own bundle and the given inline-script hashes ('sha256-…'). Styles
 * stay 'unsafe-inline': the viewer's Vue components set style attributes and inject <style> at run
 * time, which no hash can name (docs/decisions/051-scalar-csp.md); scripts, the real risk, are hashed.
 */
export function docsPolicy(scriptHashes: string[]): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' ');
  return `default-src 'self'; script-src ${scripts}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'; ${NO_FRAMES}`;
}

/**
 * The admin app's policy: scripts from its own bundle only. Its CSS-in-JS (MUI's emotion) inserts
 * <style> at run time; the page's per-answer nonce allows exactly those, so no 'unsafe-inline'
 * (docs/decisions/080-admin-app.md). Previews open in a frame of the admin, from our own origin.
 */
export function adminPolicy(nonce?: string): string {
  const styles = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : [])].join(' ');
  return `default-src 'self'; script-src 'self'; style-src ${styles}; img-src 'self' data: blob:; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; ${NO_FRAMES}`;
}

/** Content-Security-Policy per path prefix, first match wins. Keep '/' last. */
const CSP_BY_PATH: { prefix: string; policy: string }[] = [
  // The API reference viewer (Scalar, served from our own origin). Its page answers with this policy
  // plus the hash of its one inline boot script (routes/docs.ts); anything else inline is refused.
  { prefix: '/api/docs', policy: docsPolicy([]) },
  // JSON answers.
  {
    prefix: '/api/',
    policy: `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; ${NO_FRAMES}`,
  },
  // Uploaded files are data: an SVG or PDF must never run script in our origin.
  {
    prefix: '/uploads/',
    policy: `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; ${NO_FRAMES}`,
  },
  // The back office (a React single-page app built by Vite): its own bundle only, no inline code. Its
  // index.html answers with adminPolicy(nonce) instead (http/admin-app.ts).
  { prefix: '/admin', policy: adminPolicy() },
  // Previews: the public pages of an unpublished build, shown to staff inside the admin's frame.
  { prefix: '/_preview/', policy: "frame-ancestors 'self'; object-src 'none'; base-uri 'self'" },
  // Public pages and previews: each page carries Astro's hashed policy in a <meta> (content-security-
  // policy.ts); both are enforced, so this one adds only what a <meta> cannot say.
  { prefix: '/', policy: `${NO_FRAMES}; object-src 'none'; base-uri 'self'` },
];

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), payment=(), usb=(), serial=(), magnetometer=(), gyroscope=(), accelerometer=(), geolocation=(self)';

export function cspFor(path: string): string {
  return (
    (CSP_BY_PATH.find((p) => path.startsWith(p.prefix)) ?? CSP_BY_PATH[CSP_BY_PATH.length - 1])?.policy ?? ''
  );
}

/** The security headers of an answer to `path`, HSTS only when the request came over HTTPS. */
export function securityHeadersFor(path: string, https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': cspFor(path),
    'X-Frame-Options': path.startsWith('/_preview/') ? 'SAMEORIGIN' : 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // Only over HTTPS: HSTS on plain HTTP is ignored by browsers and would mislead.
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** Every answer gets them, except where its handler set its own (the API reference's and admin's CSP). */
export function securityHeaders(opts: { trustProxy: number }): MiddlewareHandler {
  return async (c, next) => {
    const headers = securityHeadersFor(c.req.path, isHttps(c, opts.trustProxy));
    addOuterHeaders(c, headers);
    await next();
    setOuterHeaders(c, headers);
  };
}
