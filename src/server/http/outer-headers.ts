/**
 * Headers the outer middlewares give every answer (the request id, the security headers), known before
 * the handler runs. They put them here first and set them on the answer after it; a handler on the hot
 * path (the static site) builds its answer with them already in one plain record instead.
 *
 * Why: @hono/node-server writes a plain record of headers as it is, but touching `res.headers` after the
 * handler first turns that record into an undici Headers object and back, a cost that showed in
 * a static page's profile (docs/performance.md). An answer built by `wholeResponse` is left alone by `setOuterHeaders`.
 */
import type { Context } from 'hono';

const pending = new WeakMap<Context, Record<string, string>>();
const whole = new WeakSet<Response>();

/** Before `next()`: headers this answer will get; set on it after the handler unless it has its own. */
export function addOuterHeaders(c: Context, headers: Record<string, string>): void {
  const held = pending.get(c);
  if (held) Object.assign(held, headers);
  else pending.set(c, { ...headers });
}

/** An answer carrying the outer headers already; its own `headers` win over them. */
export function wholeResponse(
  c: Context,
  body: BodyInit | null,
  init: { status: number; headers: Record<string, string> },
): Response {
  const res = new Response(body, { status: init.status, headers: { ...pending.get(c), ...init.headers } });
  whole.add(res);
  return res;
}

/** After `next()`: the given outer headers, on an answer not built whole, where it has none of its own. */
export function setOuterHeaders(c: Context, headers: Record<string, string>, overwrite = false): void {
  if (whole.has(c.res)) return;
  const h = c.res.headers;
  for (const [name, value] of Object.entries(headers)) if (overwrite || !h.has(name)) h.set(name, value);
}
