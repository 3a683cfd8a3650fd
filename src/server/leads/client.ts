/** Who is asking: the client address, from the socket or (behind TRUST_PROXY proxies) X-Forwarded-For. */
import type { Context } from 'hono';

export function clientAddress(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ip = hops[hops.length - trustProxy];
    if (ip) return ip;
  }
  // @hono/node-server puts the Node request in the env; in-process test requests have none.
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
