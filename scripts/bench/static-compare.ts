/**
 * Static pages only, in alternating rounds (issue 27): one or more running product servers (say the
 * code before and after a change) against the bare node:http server and nginx answering the same bytes.
 * `npm run bench` measures each server once, one after another; on a shared machine the load moves
 * between those runs, so a ratio from it is noisy. Here every round measures every server on a target
 * back to back, in an order that rotates from round to round, and the summary gives the median of the
 * per-round ratios.
 *
 *   node scripts/bench/static-compare.ts NAME=URL@PID [NAME=URL@PID …]
 *
 * ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (50); BARE_PORT and NGINX_PORT to pin the
 * references' ports (else the OS picks). The bytes are sampled from the first server.
 *
 * RATE (requests a second) holds every server to the same rate instead of as fast as it answers. On a
 * host shared with other work a server given less CPU answers fewer requests a second, and each then
 * costs more (fewer requests share each wake-up and write): at one fixed rate below every server's
 * limit, the CPU time a request compares the work alone.
 */
import { startBare } from './bare.ts';
import { cpuMs } from './memory.ts';
import { startNginx } from './nginx.ts';
import {
  alternatingRounds,
  median,
  medianRatio,
  productsFromArgs,
  type RoundRun,
  type RoundServer,
  referenceServers,
} from './rounds.ts';
import { sampleAnswers } from './same-bytes.ts';

const BR = { 'accept-encoding': 'gzip, deflate, br' };
const GZIP = { 'accept-encoding': 'gzip, deflate' };
const TARGETS = [
  { name: '/ brotli', path: '/', headers: BR },
  { name: '/ gzip', path: '/', headers: GZIP },
  { name: '/ plain', path: '/' },
  { name: '/blog/ plain', path: '/blog/' },
];
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATE = process.env.RATE ? Number(process.env.RATE) : undefined;

const products = productsFromArgs(process.argv.slice(2), 'static-compare.ts NAME=URL@PID [NAME=URL@PID …]');

const dir = '/tmp/static-compare/files';
const samples = await sampleAnswers(products[0].base, TARGETS, dir);
const bare = await startBare('', [], dir, process.env.BARE_PORT);
const nginx = await startNginx(
  dir,
  samples,
  process.env.NGINX_PORT ? Number(process.env.NGINX_PORT) : undefined,
);
if (!nginx) throw new Error('nginx could not be installed');

const servers: RoundServer[] = [
  ...products.map((p) => ({
    name: p.name,
    cpu: () => cpuMs(p.pid),
    url: (i: number) => p.base + TARGETS[i]?.path,
    headers: (i: number) => TARGETS[i]?.headers,
  })),
  ...referenceServers(bare, nginx),
];

let results: RoundRun[][][];
try {
  results = await alternatingRounds(servers, TARGETS, {
    rounds: ROUNDS,
    seconds: SECONDS,
    warmUp: 1,
    rate: RATE,
  });
} finally {
  bare.child.kill('SIGTERM');
  nginx.stop();
}
for (const [i, t] of TARGETS.entries())
  for (const [k, s] of servers.entries()) {
    const errors = (results[i]?.[k] ?? []).reduce((sum, r) => sum + r.errors, 0);
    if (errors) throw new Error(`${s.name} ${t.name}: ${errors} errors`);
  }

const bareAt = servers.length - 2;
const nginxAt = servers.length - 1;
console.log(
  `\n${ROUNDS} rounds of ${SECONDS} s, ${process.env.BENCH_CONNECTIONS ?? 50} connections${RATE ? `, ${RATE} req/s` : ''}; medians of the per-round figures and ratios (load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)})\n`,
);
console.log(
  '| target (body) | server | req/s | CPU µs a request | req/s ÷ bare | req/s ÷ nginx | CPU ÷ bare | CPU ÷ nginx |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const [i, t] of TARGETS.entries()) {
  const per = results[i] as RoundRun[][];
  for (const [k, s] of servers.entries()) {
    const own = per[k] as RoundRun[];
    const ratio = (j: number, f: 'rps' | 'cpuUs') => medianRatio(own, per[j] as RoundRun[], f).toFixed(2);
    console.log(
      `| ${t.name} (${samples[i]?.bytes} B) | ${s.name} | ${median(own.map((r) => r.rps)).toFixed(0)} | ${median(own.map((r) => r.cpuUs)).toFixed(1)} | ${ratio(bareAt, 'rps')} | ${ratio(nginxAt, 'rps')} | ${ratio(bareAt, 'cpuUs')} | ${ratio(nginxAt, 'cpuUs')} |`,
    );
  }
}
process.exit(0);
