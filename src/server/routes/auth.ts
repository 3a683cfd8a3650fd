/**
 * better-auth's endpoints under /api/auth/* (sign-in, sign-out, session, password reset). The client
 * address it rate-limits by is the one our TRUST_PROXY rule finds, passed in a header of our own.
 */
import { type Context, Hono } from 'hono';
import { CLIENT_IP_HEADER, staffAuth } from '../auth/staff-auth.ts';
import type { Deps } from '../deps.ts';
import { clientAddress } from '../http/proxy.ts';
import { problem, statusTitle } from '../hydra.ts';
import { AUTH_OPERATIONS } from './auth-docs.ts';

/**
 * better-auth answers errors as {code, message}; our API answers problem+json (DESIGN §4). Both are
 * kept: `detail` for API clients, `code` and `message` as better-auth's own clients read them.
 */
async function asProblem(c: Context, res: Response) {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(await res.text());
  } catch {}
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : res.status === 404
        ? `No route matches ${c.req.method} ${new URL(c.req.url).pathname}.`
        : statusTitle(res.status);
  const retry = res.headers.get('Retry-After');
  if (retry) c.header('Retry-After', retry);
  c.header('Cache-Control', 'no-store');
  return problem(c, res.status, statusTitle(res.status), res.status === 422 ? `body: ${message}` : message, {
    ...(typeof body.code === 'string' ? { code: body.code } : {}),
    message,
  });
}

export function authRoutes(deps: Deps) {
  const app = new Hono();
  const handle = async (c: Context) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientAddress(c, deps.config.trustProxy);
    if (ip !== 'unknown') headers.set(CLIENT_IP_HEADER, ip);
    const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
    if (c.req.method === 'POST') {
      init.body = await c.req.arrayBuffer();
    }
    const res = await staffAuth(deps).handler(new Request(c.req.url, init));
    if (res.status >= 400) return asProblem(c, res);
    const out = new Response(res.body, res);
    out.headers.set('Cache-Control', 'no-store');
    return out;
  };
  // The endpoints the admin uses, described for /api/docs.json; every other one of better-auth's too.
  for (const { method, path, doc } of AUTH_OPERATIONS) app.on(method, path, doc, handle);
  app.on(['GET', 'POST'], '/auth/*', handle);
  return app;
}
