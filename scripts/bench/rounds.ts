/**
 * Servers measured on the same targets in alternating rounds: every round measures every server on a
 * target back to back, in an order that rotates from round to round. On a machine shared with other
 * work the load moves between runs, so a ratio from one run of each server one after another is noisy;
 * the median of the per-round ratios is not (`npm run bench` and static-compare.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { load } from './load.ts';
import { cpuMs, treeCpuMs } from './memory.ts';

/**
 * A server under measurement: its CPU counter (ms) and, for target i, its URL and request headers, and
 * optionally a path for each request (load.ts: a new URL each request, as uncachedListing makes).
 */
export interface RoundServer {
  name: string;
  cpu: () => number;
  url: (i: number) => string;
  headers: (i: number) => Record<string, string> | undefined;
  path?: (i: number) => () => string;
}

/** Running product servers named on the command line as NAME=URL@PID (the compare scripts). */
export function productsFromArgs(
  args: string[],
  usage: string,
): [{ name: string; base: string; pid: number }, ...{ name: string; base: string; pid: number }[]] {
  const products = args.map((arg) => {
    const m = /^([\w-]+)=(http:\/\/[^@]+)@(\d+)$/.exec(arg);
    if (!m) throw new Error(`expected NAME=URL@PID, got ${arg}`);
    return { name: m[1] as string, base: m[2] as string, pid: Number(m[3]) };
  });
  const [first, ...rest] = products;
  if (!first) throw new Error(`usage: ${usage}`);
  return [first, ...rest];
}

/**
 * The references answering the same bytes as ours: the bare node:http server, and nginx when it could be
 * installed (its CPU counted with its worker's). Both serve target i's sample at /t{i} (same-bytes.ts).
 */
export function referenceServers(
  bare: { base: string; child: ChildProcess },
  nginx: { base: string; child: ChildProcess } | null,
): RoundServer[] {
  const at = (base: string) => (i: number) => `${base}/t${i}`;
  const servers: RoundServer[] = [
    {
      name: 'bare',
      cpu: () => cpuMs(bare.child.pid as number),
      url: at(bare.base),
      headers: () => undefined,
    },
  ];
  if (nginx)
    servers.push({
      name: 'nginx',
      cpu: () => treeCpuMs(nginx.child.pid as number),
      url: at(nginx.base),
      headers: () => undefined,
    });
  return servers;
}

export interface RoundRun {
  rps: number;
  p99: number;
  errors: number;
  /** CPU time of the server a request, in µs. */
  cpuUs: number;
}

/** runs[target][server]: one run a round. Each run follows a warm-up of `warmUp` seconds, unmeasured. */
export async function alternatingRounds(
  servers: RoundServer[],
  targets: readonly { name: string }[],
  opts: { rounds: number; seconds: number; warmUp: number; rate?: number },
): Promise<RoundRun[][][]> {
  const runs = targets.map(() => servers.map(() => [] as RoundRun[]));
  for (let round = 0; round < opts.rounds; round++) {
    for (const [i, t] of targets.entries()) {
      const line: string[] = [];
      for (const k of servers.map((_, n) => (n + round) % servers.length)) {
        const s = servers[k] as RoundServer;
        const headers = s.headers(i);
        const path = s.path?.(i);
        const common = { rate: opts.rate, ...(headers ? { headers } : {}), ...(path ? { path } : {}) };
        // Warmed up first, so no server is charged for its JIT compiling the path.
        await load(s.url(i), { ...common, duration: opts.warmUp });
        const before = s.cpu();
        const r = await load(s.url(i), { ...common, duration: opts.seconds });
        const cpuUs = r.total ? ((s.cpu() - before) * 1000) / r.total : 0;
        runs[i]?.[k]?.push({ rps: r.rps, p99: r.p99, errors: r.errors, cpuUs });
        line.push(`${s.name} ${r.rps.toFixed(0)} req/s ${cpuUs.toFixed(1)} µs`);
      }
      console.log(`round ${round + 1} ${t.name}: ${line.join(', ')}`);
    }
  }
  return runs;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** The median over rounds of one figure of server a divided by the same figure of server b. */
export const medianRatio = (a: RoundRun[], b: RoundRun[], figure: 'rps' | 'cpuUs'): number =>
  median(a.map((r, n) => r[figure] / (b[n]?.[figure] ?? Number.NaN)));
