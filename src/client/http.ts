/**
 * The few things the API client needs from an HTTP library, on plain fetch: a base path, default headers,
 * a timeout, and retries of idempotent requests that failed on the way (network, 408, 429, 5xx gateway
 * errors), waiting as Retry-After asks or backing off. It replaced ky (9 KB gzip on every island page),
 * keeping the shape the callers used: `get(path, { searchParams }).json<T>()`, `post(path, { json })`, and a
 * thrown `HttpError` with the `response` for any status outside 2xx unless `throwHttpErrors: false`.
 */

/** A non-2xx answer; callers read `response.status` (404 means "this car has gone"). */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly response: Response;
  readonly request: { method: string; url: string };
  constructor(response: Response, request: { method: string; url: string }) {
    super(`Request failed with status code ${response.status}: ${request.method} ${request.url}`);
    this.response = response;
    this.request = request;
  }
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

export interface HttpOptions {
  /** Prepended to every path: `https://host/api/`, or `/api/` in the browser. */
  prefix: string;
  /** Extra attempts of a GET after a network error or a retryable status. */
  retry: number;
  /** Milliseconds per attempt. */
  timeout: number;
  headers: Record<string, string>;
}

export interface RequestOptions {
  searchParams?: URLSearchParams | Record<string, string> | string;
  json?: unknown;
  headers?: Record<string, string>;
  throwHttpErrors?: boolean;
}

/** A pending response that can also be read as JSON in one step, as ky's was. */
export type ResponsePromise = Promise<Response> & { json<T>(): Promise<T> };

const RETRY_STATUSES = new Set([408, 413, 429, 500, 502, 503, 504]);
/** Longest wait between attempts, whatever Retry-After says. */
const MAX_BACKOFF_MS = 10_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function backoff(attempt: number, res: Response | undefined): number {
  const retryAfter = Number(res?.headers.get('Retry-After'));
  const ms = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 300 * 2 ** attempt;
  return Math.min(ms, MAX_BACKOFF_MS);
}

export function createHttp(options: HttpOptions) {
  async function once(url: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeout);
    try {
      return await fetch(url, { ...init, signal: controller.signal });
    } catch (err) {
      if (controller.signal.aborted) throw new TimeoutError(`Request timed out: ${init.method} ${url}`);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const qs = opts.searchParams ? new URLSearchParams(opts.searchParams).toString() : '';
    const url = `${options.prefix}${path}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { ...options.headers, ...opts.headers };
    if (opts.json !== undefined) headers['Content-Type'] ??= 'application/json';
    const init: RequestInit = {
      method,
      headers,
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    };
    // Only reads are retried: a lead POST is retried by its sender, under its idempotency key.
    const attempts = method === 'GET' ? options.retry + 1 : 1;
    for (let attempt = 0; ; attempt++) {
      let res: Response | undefined;
      try {
        res = await once(url, init);
      } catch (err) {
        if (attempt + 1 >= attempts) throw err;
      }
      if (res && (res.ok || !RETRY_STATUSES.has(res.status) || attempt + 1 >= attempts)) {
        if (!res.ok && opts.throwHttpErrors !== false) throw new HttpError(res, { method, url });
        return res;
      }
      await sleep(backoff(attempt, res));
    }
  }

  const request = (method: string, path: string, opts: RequestOptions = {}): ResponsePromise => {
    const pending = send(method, path, opts);
    return Object.assign(pending, {
      json: <T>() => pending.then((res) => res.json() as Promise<T>),
    });
  };

  return {
    get: (path: string, opts?: RequestOptions) => request('GET', path, opts),
    post: (path: string, opts?: RequestOptions) => request('POST', path, opts),
  };
}

export type Http = ReturnType<typeof createHttp>;
