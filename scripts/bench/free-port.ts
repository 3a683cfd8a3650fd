/**
 * A port free on 127.0.0.1, for a server the bench starts: whichever the OS picks, or, when BENCH_PORTS
 * names a range (`5400-5499`: a host shared with other people's servers), the first free one in it
 * that this run has not handed out already.
 */
import { createServer } from 'node:net';

const handedOut = new Set<number>();

function bindable(port: number): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer().once('error', fail);
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address() as { port: number };
      srv.close(() => ok(bound));
    });
  });
}

export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return bindable(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (handedOut.has(port)) continue;
    const free = await bindable(port).catch(() => null);
    if (free) {
      handedOut.add(free);
      return free;
    }
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}
