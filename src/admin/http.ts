/**
 * The admin's one way to call our API: same-origin JSON with the staff session cookie. A 4xx answer
 * (problem+json) becomes react-admin's HttpError carrying the server's message, and a 422's
 * `violations` become `errors` keyed by field path, which react-admin puts on the matching inputs.
 */
import { HttpError } from 'react-admin';
import type { Violation } from '../contract/index.ts';
import { violationsToErrors } from './schema-check.ts';

export async function api<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/ld+json, application/json;q=0.9');
  if (typeof init.body === 'string' && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const res = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { detail: text };
  }
  if (!res.ok) {
    const violations = Array.isArray(body.violations) ? (body.violations as Violation[]) : [];
    const message =
      (violations.length
        ? violations.map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message)).join('; ')
        : ((body.detail ?? body.message) as string | undefined)) ?? `The server answered ${res.status}.`;
    throw new HttpError(message, res.status, {
      ...body,
      ...(violations.length ? { errors: violationsToErrors(violations) } : {}),
    });
  }
  return body as T;
}

export const json = (method: string, data: unknown): RequestInit => ({
  method,
  body: JSON.stringify(data),
});
