/**
 * What the client sent, seen through TRUST_PROXY proxies: its address and whether it used HTTPS.
 * With TRUST_PROXY=0 the forwarding headers are ignored (anyone can send them); with N, the N-th
 * X-Forwarded-For entry from the right is the client, and X-Forwarded-Proto is the nearest proxy's.
 */
import type { Context } from 'hono';

export function clientAddress(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = listHeader(c, 'x-forwarded-for');
    const ip = hops[hops.length - trustProxy];
    if (ip) return ip;
  }
  // @hono/node-server puts the Node request in the env; in-process test requests have none.
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** True when the request reached us (or the trusted proxy in front of us) over HTTPS. */
export function isHttps(c: Context, trustProxy: number): boolean {
  if (trustProxy > 0) {
    const proto = listHeader(c, 'x-forwarded-proto').at(-1);
    if (proto) return proto.toLowerCase() === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

function listHeader(c: Context, name: string): string[] {
  return (c.req.header(name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
