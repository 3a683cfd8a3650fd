/**
 * The baseline: a bare node:http server answering, from memory, the exact bytes the real server
 * gave for each benchmarked URL (fetched once at start). Ratios against it cancel out machine noise.
 */
import { createServer } from 'node:http';

const source = process.env.SOURCE_URL as string;
const paths = JSON.parse(process.env.PATHS as string) as string[];
const bodies = new Map<string, { body: Buffer; type: string }>();
for (const p of paths) {
  const res = await fetch(source + p);
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}: nothing to compare with`);
  bodies.set(p, {
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? 'text/plain',
  });
}
const server = createServer((req, res) => {
  const hit = bodies.get(req.url ?? '');
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': hit.type, 'content-length': hit.body.length }).end(hit.body);
});
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  process.send?.({ port: typeof a === 'object' && a ? a.port : 0 });
});
