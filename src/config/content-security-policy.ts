/**
 * The Content-Security-Policy of the public pages, given to Astro (astro.config.mjs `security.csp`),
 * which adds the SHA-256 hashes of every script and style it emits and writes the policy into each
 * page. No 'unsafe-inline': anything inline that Astro did not hash is refused. The server adds what
 * a <meta> policy cannot carry (frame-ancestors) and the policies of everything else, per path
 * (src/server/http/security-headers.ts).
 */
export const SITE_CSP_DIRECTIVES: CspDirective[] = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The dealer map on the contact page (SPEC §3 `location`: an OpenStreetMap embed in the demo data).
  'frame-src https://www.openstreetmap.org https://www.google.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
];

/** Astro's type for one directive: its name, then its sources. */
type CspDirective =
  | `${'default' | 'img' | 'font' | 'connect' | 'frame' | 'object' | 'manifest' | 'worker'}-src ${string}`
  | `${'base-uri' | 'form-action'} ${string}`;
