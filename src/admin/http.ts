/**
 * The admin's one way to call our API: the staff instance of the shared ky set-up (src/client/http.ts),
 * same-origin with the session cookie. A 4xx answer (problem+json) becomes react-admin's HttpError
 * carrying the server's message, and a 422's `violations` become `errors` keyed by field path, which
 * react-admin puts on the matching inputs.
 */
import type { Options } from 'ky';
import { HttpError } from 'react-admin';
import { staffHttp } from '../client/http.ts';
import type { Violation } from '../contract/index.ts';
import { violationsToErrors } from './schema-check.ts';

/** Parses an answer's body, leniently: a non-JSON body becomes its text as `detail`. */
async function bodyOf(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return { detail: text };
  }
}

/** Throws react-admin's HttpError for a failed answer, with the server's violations on their fields. */
export async function throwProblem(res: Response, body?: Record<string, unknown>): Promise<never> {
  const problem = body ?? (await bodyOf(res));
  const violations = Array.isArray(problem.violations) ? (problem.violations as Violation[]) : [];
  const message =
    (violations.length
      ? // The server's words as they are: each message names its field for a reader already.
        violations.map((v) => v.message).join('; ')
      : ((problem.detail ?? problem.message) as string | undefined)) ?? `The server answered ${res.status}.`;
  throw new HttpError(message, res.status, {
    ...problem,
    ...(violations.length ? { errors: violationsToErrors(violations) } : {}),
  });
}

export async function api<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (typeof init.body === 'string' && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const res = await staffHttp(path, { ...init, headers } as Options);
  if (res.status === 204) return undefined as T;
  const body = await bodyOf(res);
  if (!res.ok) return throwProblem(res, body);
  return body as T;
}

export const json = (method: string, data: unknown): RequestInit => ({
  method,
  body: JSON.stringify(data),
});
