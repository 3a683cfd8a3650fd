/**
 * Sends a lead from the browser (SPEC §7 POSTs) and sorts every answer into what the form must do:
 * done, show field violations, wait and retry (429), or keep what was typed and let the visitor retry.
 * The Idempotency-Key stays the same for every attempt at one filled form, so a retry after a lost
 * answer never makes a second lead (docs/decisions/010-lead-pipeline.md); the form makes a new one
 * after a success.
 */

import type { Violation } from '../contract/index.ts';
import { countOf } from '../domain/format.ts';
import { browserApiLater } from './browser-api-later.ts';

export type LeadPath = 'customer_enquiries' | 'finance_applications';

export type LeadResult =
  | { kind: 'created'; record: Record<string, unknown> }
  | { kind: 'invalid'; violations: Violation[] }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'failed'; reason: 'network' | 'server' | 'rejected' };

/** A random UUID, also where crypto.randomUUID is missing (plain http on a LAN address). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const wait = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** "Try again in 2 minutes" for a Retry-After in seconds. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return countOf(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  return countOf(minutes, 'minute');
}

/**
 * POSTs a lead once, waiting out a 409 (the same key still in flight, e.g. a double submit) a few
 * times. A 422 without violations means the key was used for another body (the visitor changed the
 * form after an answer got lost): that is a new lead, so it is sent once more under a fresh key.
 */
export async function postLead(
  path: LeadPath,
  body: Record<string, unknown>,
  key: string,
): Promise<LeadResult & { key: string }> {
  let currentKey = key;
  for (let attempt = 0; attempt < 6; attempt++) {
    let res: Response;
    try {
      const api = await browserApiLater();
      res = await api.http.post(path, {
        retry: 0,
        timeout: 30_000,
        json: body,
        headers: { 'Content-Type': 'application/ld+json', 'Idempotency-Key': currentKey },
        throwHttpErrors: false,
      });
    } catch (err) {
      console.error('An error occurred', err); // SPEC §8
      return { kind: 'failed', reason: 'network', key: currentKey };
    }
    if (res.status === 201 || res.status === 200) {
      const record = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      return { kind: 'created', record, key: currentKey };
    }
    if (res.status === 409) {
      await wait(1000 * Math.max(1, Number(res.headers.get('Retry-After')) || 1));
      continue;
    }
    if (res.status === 429) {
      const seconds = Math.max(1, Number(res.headers.get('Retry-After')) || 60);
      return { kind: 'rate-limited', retryAfterSeconds: seconds, key: currentKey };
    }
    if (res.status === 422) {
      const problem = (await res.json().catch(() => ({}))) as { violations?: Violation[] };
      if (Array.isArray(problem.violations) && problem.violations.length) {
        return { kind: 'invalid', violations: problem.violations, key: currentKey };
      }
      if (currentKey === key) {
        currentKey = newIdempotencyKey();
        continue;
      }
    }
    console.error('An error occurred', res.status); // SPEC §8
    return { kind: 'failed', reason: res.status >= 500 ? 'server' : 'rejected', key: currentKey };
  }
  return { kind: 'failed', reason: 'server', key: currentKey };
}
