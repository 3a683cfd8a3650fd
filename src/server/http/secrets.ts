/**
 * Helpers for bearer secrets (the API keys and the deprecated EDITOR_TOKEN, see auth/principal.ts)
 * and for preview cookies.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { problem } from '../hydra.ts';

/** Equal-length digests first, so neither the content nor the length of the secret leaks through timing. */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

export function bearerToken(c: Context): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
  return m ? (m[1] as string) : null;
}

export function disabled(c: Context, what: string, variable: string) {
  return problem(
    c,
    503,
    'Service Unavailable',
    `${what} is turned off on this server: set ${variable} to enable it.`,
  );
}

/** The preview cookie's value: proves the token was shown for this build without storing the token itself. */
export function previewProof(secret: string, buildId: string): string {
  return createHmac('sha256', secret).update(`preview:${buildId}`).digest('base64url');
}
