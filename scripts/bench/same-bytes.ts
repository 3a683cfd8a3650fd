/**
 * The reference servers' material: the exact answer the product gave for each benchmarked request (its
 * body as sent, and every header it sent), written to a directory as t0, t1, … with an index, so the
 * bare node:http server (bare-server.ts) and nginx (nginx.ts) answer `/t0`, `/t1`, … with the same
 * bytes on the wire: the same body and the same headers (security headers, ETag, Vary, Cache-Control…),
 * and a fresh X-Request-Id each, as ours. A reference sending two headers where ours sends fifteen
 * would be measuring less work.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

export interface Sample {
  id: string;
  type: string;
  encoding?: string;
  bytes: number;
  /** The product's other headers, as [name, value] (not Content-Type and Content-Encoding, given above). */
  headers: [string, string][];
}

/**
 * Headers every server writes for itself (connection handling, length, date), or per request (the
 * request id: each reference makes its own), so they are not copied.
 */
const OWN = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'x-request-id',
]);
const GIVEN = new Set(['content-type', 'content-encoding']);

/** One GET over node:http: the body as sent (compressed when it was). */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((ok, fail) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        ok({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', fail)
      .end();
  });
}

export async function sampleAnswers(
  base: string,
  targets: { path: string; headers?: Record<string, string> }[],
  dir: string,
): Promise<Sample[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const samples: Sample[] = [];
  for (const [i, t] of targets.entries()) {
    const res = await rawGet(base + t.path, t.headers);
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}: nothing to compare with`);
    const id = `t${i}`;
    writeFileSync(join(dir, id), res.body);
    samples.push({
      id,
      type: res.headers['content-type'] ?? 'application/octet-stream',
      encoding: res.headers['content-encoding'],
      bytes: res.body.length,
      headers: Object.entries(res.headers)
        .filter(([name]) => !OWN.has(name) && !GIVEN.has(name))
        .flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v) => [name, String(v)] as [string, string]),
        ),
    });
  }
  writeFileSync(join(dir, 'index.json'), JSON.stringify(samples));
  return samples;
}
