/**
 * The baseline: a bare node:http server answering, from memory, the exact bytes the real server gave
 * for each benchmarked request. Either fetched once at start (SOURCE_URL + PATHS: served at the same
 * paths), or read from a directory of samples (SAME_BYTES_DIR, same-bytes.ts: served at /t0, /t1, …
 * with the product's type and encoding). Ratios against it cancel out machine noise.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const bodies = new Map<string, { body: Buffer; headers: Record<string, string | number> }>();
const dir = process.env.SAME_BYTES_DIR;
if (dir) {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    id: string;
    type: string;
    encoding?: string;
  }[];
  for (const s of index) {
    const body = readFileSync(join(dir, s.id));
    const headers: Record<string, string | number> = {
      'content-type': s.type,
      'content-length': body.length,
    };
    if (s.encoding) headers['content-encoding'] = s.encoding;
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
      headers: {
        'content-type': res.headers.get('content-type') ?? 'text/plain',
        'content-length': body.length,
      },
    });
  }
}
const server = createServer((req, res) => {
  const hit = bodies.get(req.url ?? '');
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, hit.headers).end(hit.body);
});
server.listen(Number(process.env.BARE_PORT ?? 0), '127.0.0.1', () => {
  const a = server.address();
  process.send?.({ port: typeof a === 'object' && a ? a.port : 0 });
});
