/**
 * The headers the API gives its answers (app.ts), and the fast path's reads give theirs the same
 * (fast-reads.ts): one definition, so the two cannot drift apart.
 */

/** A public GET's 200: content changes when editors publish; a short shared cache keeps the API cheap but fresh. */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** Anything else: errors, writes and staff answers. */
export const NO_STORE = 'no-store';

/**
 * The own headers of a public 200 answer, lower-case as the micro-cache keeps them: any answer may be
 * compressed (api-compress.ts), so every one varies by Accept-Encoding.
 */
export const publicAnswerHeaders = (contentType: string): Record<string, string> => ({
  'cache-control': PUBLIC_CACHE,
  'content-type': contentType,
  vary: 'Accept-Encoding',
  'x-content-type-options': 'nosniff',
});
