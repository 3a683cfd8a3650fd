/**
 * Upload routes read their whole body before anything else, within a time limit: a client that stops
 * sending half-way gets a clear 408 and the connection is closed, instead of a request that hangs and
 * holds the server's memory and a slot at the load balancer. The body read here is kept by Hono, so the
 * route's own formData()/arrayBuffer() reuse it (and a body over the size limit still answers 413).
 */
import type { MiddlewareHandler } from 'hono';
import { problem } from '../hydra.ts';

export function bodyReadTimeout(ms: number): MiddlewareHandler {
  return async (c, next) => {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<'stalled'>((ok) => {
      timer = setTimeout(() => ok('stalled'), ms);
    });
    const read = c.req.arrayBuffer().then(
      () => 'read' as const,
      () => 'failed' as const, // the route's own read meets the same error and answers it
    );
    const outcome = await Promise.race([read, stalled]);
    clearTimeout(timer);
    if (outcome === 'stalled') {
      c.header('Connection', 'close');
      return problem(
        c,
        408,
        'Request Timeout',
        `The upload did not arrive in full within ${Math.round(ms / 1000)} seconds; nothing was saved. Send it again.`,
      );
    }
    await next();
  };
}
