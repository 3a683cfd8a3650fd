/**
 * better-auth's endpoints under /api/auth/* (sign-in, sign-out, session, password reset). The client
 * address it rate-limits by is the one our TRUST_PROXY rule finds, passed in a header of our own.
 */
import { Hono } from 'hono';
import { CLIENT_IP_HEADER, staffAuth } from '../auth/staff-auth.ts';
import type { Deps } from '../deps.ts';
import { clientAddress } from '../http/proxy.ts';

export function authRoutes(deps: Deps) {
  const app = new Hono();
  app.on(['GET', 'POST'], '/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientAddress(c, deps.config.trustProxy);
    if (ip !== 'unknown') headers.set(CLIENT_IP_HEADER, ip);
    const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
    if (c.req.method === 'POST') {
      init.body = await c.req.arrayBuffer();
    }
    const res = await staffAuth(deps).handler(new Request(c.req.url, init));
    const out = new Response(res.body, res);
    out.headers.set('Cache-Control', 'no-store');
    return out;
  });
  return app;
}
