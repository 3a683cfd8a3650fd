/**
 * The baseline: a bare node:http server answering, from memory, the exact bytes the real server gave
 * for each benchmarked request. Either fetched once at start (SOURCE_URL + PATHS: served at the same
 * paths), or read from a directory of samples (SAME_BYTES_DIR, same-bytes.ts: served at /t0, /t1, …
 * with the product's type and encoding). Ratios against it cancel out machine noise. BARE_PORT: its port
 * (else the OS picks one).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

/** Per path: the body and the headers as a flat [name, value, …] list (what ours writes, fast-path.ts). */
const bodies = new Map<string, { body: Buffer; headers: string[] }>();
const dir = process.env.SAME_BYTES_DIR;
if (dir) {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    id: string;
    type: string;
    encoding?: string;
    headers?: [string, string][];
  }[];
  for (const s of index) {
    const body = readFileSync(join(dir, s.id));
    const headers = ['content-type', s.type, 'content-length', String(body.length)];
    if (s.encoding) headers.push('content-encoding', s.encoding);
    for (const [name, value] of s.headers ?? []) headers.push(name, value);
    bodies.set(`/${s.id}`, { body, headers });
  }
} else {
  const source = process.env.SOURCE_URL as string;
  const paths = JSON.parse(process.env.PATHS as string) as string[];
  for (const p of paths) {
    const res = await fetch(source + p);
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: nothing to compare with`);
    const body = Buffer.from(await res.arrayBuffer());
    bodies.set(p, {
      body,
      headers: [
        'content-type',
        res.headers.get('content-type') ?? 'text/plain',
        'content-length',
        String(body.length),
      ],
    });
  }
}
const server = createServer((req, res) => {
  const hit = bodies.get(req.url ?? '');
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  // A fresh request id per answer, as ours and nginx ($request_id) send.
  const headers = hit.headers.slice();
  headers.push('x-request-id', randomUUID());
  res.writeHead(200, headers).end(hit.body);
});
server.listen(Number(process.env.BARE_PORT ?? 0), '127.0.0.1', () => {
  const a = server.address();
  process.send?.({ port: typeof a === 'object' && a ? a.port : 0 });
});
