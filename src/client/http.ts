/**
 * ky, configured once for everything that calls our API over HTTP: the pages at build time, the
 * islands, and the back office (docs/decisions/227-ky-configured-once.md).
 *
 * Only reads are retried: a lead POST is retried by its sender under its idempotency key
 * (src/client/lead-client.ts), and a staff write must never be sent twice behind the user's back.
 * Retries follow a network error or a gateway-like status, wait as Retry-After asks (capped), and else
 * back off from 300 ms, doubling. A non-2xx answer throws ky's `HTTPError`, whose `response` carries the
 * status (islands read 404 as "this car has gone"), unless the call asks for `throwHttpErrors: false`.
 */
import ky, { type KyInstance } from 'ky';

export type { KyInstance as Http } from 'ky';
export { HTTPError, TimeoutError } from 'ky';

const RETRY_STATUSES = [408, 413, 429, 500, 502, 503, 504];
/** Longest wait between attempts, whatever Retry-After says: a visitor is watching a spinner. */
const MAX_BACKOFF_MS = 10_000;

/** Every instance's shared rules: read-only retries and how long to wait between them. */
const base: KyInstance = /* @__PURE__ */ ky.create({
  retry: {
    limit: 2,
    methods: ['get'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: RETRY_STATUSES,
    maxRetryAfter: MAX_BACKOFF_MS,
    backoffLimit: MAX_BACKOFF_MS,
  },
});

export interface HttpOptions {
  /** Prepended to every path: `https://host/api/`, or `/api/` in the browser. */
  prefix: string;
  /** Extra attempts of a GET after a network error or a retryable status. */
  retry: number;
  /** Milliseconds per attempt. */
  timeout: number;
  headers?: Record<string, string>;
}

/** The API's instance for one origin: its prefix, timeout, retry count and default headers. */
export function createHttp({ prefix, retry, timeout, headers }: HttpOptions): KyInstance {
  return base.extend((parent) => ({
    prefix,
    timeout,
    headers,
    retry: { ...(typeof parent.retry === 'object' ? parent.retry : {}), limit: retry },
  }));
}

/**
 * The back office's instance: same-origin with the staff session cookie, JSON-LD preferred, no
 * timeout (a photo upload on a slow line may take minutes), and every answer handed back, because
 * src/admin/http.ts turns a problem+json body into react-admin's error with the server's violations.
 */
export const staffHttp: KyInstance = /* @__PURE__ */ base.extend({
  credentials: 'same-origin',
  timeout: false,
  throwHttpErrors: false,
  headers: { Accept: 'application/ld+json, application/json;q=0.9' },
});
