/**
 * Structured JSON logs on stdout, one line per event. Never log personal data. Every line logged while
 * a request is being handled carries its id (`request_id`, also the X-Request-Id response header and
 * the `request_id` of a 5xx problem body), so one request's lines can be found together.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
}

const requests = new AsyncLocalStorage<{ id: string }>();

/** The id of the request being handled, if any. */
export const currentRequestId = (): string | undefined => requests.getStore()?.id;

/** Gives each request an id for its log lines and the X-Request-Id header (once, however often mounted). */
export function requestIds(): MiddlewareHandler {
  return async (c, next) => {
    if (currentRequestId()) return next();
    const id = randomUUID();
    await requests.run({ id }, async () => {
      await next();
      c.res.headers.set('X-Request-Id', id);
    });
  };
}

export function createLogger(level: Level | 'silent' = 'info', name = 'server'): Logger {
  const emit =
    (l: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[l] < ORDER[level]) return;
      const request_id = currentRequestId();
      const line = JSON.stringify({
        time: new Date().toISOString(),
        level: l,
        name,
        msg,
        ...(request_id ? { request_id } : {}),
        ...fields,
      });
      (l === 'error' || l === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
