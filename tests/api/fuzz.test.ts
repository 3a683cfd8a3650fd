/**
 * Property-based fuzzing of the whole API (issue 12): requests generated from the OpenAPI document the
 * app serves (/api/docs.json, read generically), with hostile strings, encodings and structures mixed
 * in, plus raw hostile addresses. Properties: no 5xx, every body is JSON, every 4xx names the problem.
 * `npm test` runs a modest number of cases; `npm run fuzz` (FUZZ_RUNS) runs thousands.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuzzRequest, hostilePath, type OpenApiDoc, operations } from './fuzz/arbitraries.ts';
import { ENGINES } from './harness.ts';
import { LEAD_ENV } from './lead-fixtures.ts';
import { auth, openPublishApi, type PublishApi } from './publish-helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe.each(ENGINES)('API fuzzing on %s', (engine) => {
  let api: PublishApi;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    api = await openPublishApi(engine, { env: LEAD_ENV, debounceMs: 60_000 });
    const res = await api.fetch('/api/docs.json');
    doc = (await res.json()) as OpenApiDoc;
  });
  afterAll(() => api.close());

  /** What a client would notice; returns a description of what is wrong, or null. */
  async function check(req: FuzzRequest): Promise<string | null> {
    const res = await api.fetch(req.path, { method: req.method, headers: req.headers, body: req.body });
    const text = await res.text();
    if (res.status >= 500) return `${res.status}: ${text.slice(0, 300)}`;
    if (req.method === 'HEAD' || res.status === 204 || res.status === 304) return null;
    // `/api/../x` is `/x` once the URL is normalised: the site's, not the API's, so not JSON.
    if (!new URL(req.path, 'http://localhost').pathname.startsWith('/api/')) return null;
    // The reference page and its viewer script are HTML and JavaScript, as the document says.
    if (res.status < 300 && /^\/api\/docs(\/|$)/.test(new URL(req.path, 'http://localhost').pathname))
      return null;
    let body: { detail?: unknown; violations?: unknown[] };
    try {
      body = JSON.parse(text);
    } catch {
      return `${res.status} body is not JSON: ${text.slice(0, 200)}`;
    }
    if (res.status >= 400) {
      if (typeof body.detail !== 'string' || body.detail.trim() === '')
        return `${res.status} without a detail naming the problem`;
      if (
        res.status === 422 &&
        !(Array.isArray(body.violations) && body.violations.length) &&
        !/^\S+: /.test(body.detail)
      )
        return '422 without violations';
    }
    return null;
  }

  const property = (arb: fc.Arbitrary<FuzzRequest>) =>
    fc.asyncProperty(arb, async (req) => {
      const problem = await check(req);
      if (problem)
        throw new Error(
          `${req.method} ${req.path} ${JSON.stringify(req.headers)} ${String(req.body).slice(0, 300)}\n→ ${problem}`,
        );
    });

  it('answers every generated request from the OpenAPI document without a 5xx, in JSON, naming each 4xx', async () => {
    const ops = operations(doc, auth);
    expect(ops.length).toBeGreaterThan(20); // the document really was read
    await fc.assert(property(fc.oneof(...ops)), { numRuns: RUNS * 2, seed: SEED, endOnFailure: true });
  }, 600_000);

  it('answers hostile raw addresses without a 5xx', async () => {
    await fc.assert(property(hostilePath), { numRuns: RUNS, seed: SEED, endOnFailure: true });
  }, 600_000);
});
