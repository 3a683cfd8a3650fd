/**
 * Editor authentication: `Authorization: Bearer <EDITOR_TOKEN>`, compared in constant time.
 * Without a configured token the editor features are off and answer 503 (docs/decisions/020-publishing.md).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Deps } from '../deps.ts';
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

export function unauthorized(c: Context, detail: string, invalid: boolean) {
  c.header(
    'WWW-Authenticate',
    invalid ? 'Bearer realm="editor", error="invalid_token"' : 'Bearer realm="editor"',
  );
  return problem(c, 401, 'Unauthorized', detail);
}

export function disabled(c: Context, what: string, variable: string) {
  return problem(
    c,
    503,
    'Service Unavailable',
    `${what} is turned off on this server: set ${variable} to enable it.`,
  );
}

/** Guards editor and build routes; responses are never cached. */
export function requireEditor({ config }: Deps): MiddlewareHandler {
  return async (c, next) => {
    const expected = config.publishing.editorToken;
    if (!expected) return disabled(c, 'Editing', 'EDITOR_TOKEN');
    const given = bearerToken(c);
    if (!given)
      return unauthorized(c, 'This endpoint needs the editor token: Authorization: Bearer <token>.', false);
    if (!constantTimeEqual(given, expected)) return unauthorized(c, 'The editor token is wrong.', true);
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  };
}

/** The preview cookie's value: proves the token was shown for this build without storing the token itself. */
export function previewProof(token: string, buildId: string): string {
  return createHmac('sha256', token).update(`preview:${buildId}`).digest('base64url');
}
