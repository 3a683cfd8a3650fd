/**
 * Upload bodies that stop arriving: when no byte of the body has come for `ms`, the read fails, the
 * request is answered with a clear 408 and the connection is closed, instead of a request that hangs
 * and holds memory and a load balancer slot. A slow upload that keeps sending is never cut. It sits
 * outside the size limits (which read the body themselves), and whatever a later reader made of the
 * failed read (an error answer) is replaced by the 408.
 */
import type { MiddlewareHandler } from 'hono';
import { problem } from '../hydra.ts';

class BodyStalled extends Error {}

export function bodyReadTimeout(ms: number): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const reader = raw.body.getReader();
    let stalled = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, fail) => {
          timer = setTimeout(() => {
            stalled = true;
            fail(new BodyStalled(`no part of the request body arrived for ${ms} ms`));
          }, ms);
        });
        try {
          const { done, value } = await Promise.race([reader.read(), timeout]);
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (err) {
          reader.cancel().catch(() => {});
          controller.error(err);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    c.req.raw = new Request(raw, { body, duplex: 'half' } as RequestInit);
    await next();
    if (stalled) {
      c.res = undefined as unknown as Response; // drop the answer made from the failed read
      c.res = problem(
        c,
        408,
        'Request Timeout',
        `The upload stopped arriving for ${Math.round(ms / 1000)} seconds; nothing was saved. Send it again.`,
      );
      c.res.headers.set('Connection', 'close');
    }
  };
}
