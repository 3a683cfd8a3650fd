/**
 * The uncached used-stock listing on running product servers (say the code before and after a change),
 * in alternating rounds (rounds.ts), four ways: the whole group or one dealership, plain or gzip as a
 * browser asks. Every request is a listing nobody asked for before (load.ts uncachedListing), so each is
 * answered anew; the summary gives each server's median CPU a request and p99, and its CPU ÷ the first's.
 *
 *   node scripts/bench/listing-compare.ts NAME=URL@PID [NAME=URL@PID …]
 *
 * ROUNDS (3), BENCH_SECONDS (4), BENCH_CONNECTIONS (50); DEALER_SITE (west-rand, in the demo data).
 * Decisions 353 and 354 were measured with it (docs/performance.md).
 */
import { uncachedListing } from './load.ts';
import { cpuMs } from './memory.ts';
import { alternatingRounds, median, medianRatio, productsFromArgs, type RoundRun } from './rounds.ts';

const DEALER = process.env.DEALER_SITE ?? 'west-rand';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const TARGETS = [
  { name: 'the group, plain', scope: 'motus-subaru' },
  { name: 'one dealership, plain', scope: DEALER },
  { name: 'the group, gzip', scope: 'motus-subaru', headers: BROWSER },
  { name: 'one dealership, gzip', scope: DEALER, headers: BROWSER },
];
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

const products = productsFromArgs(process.argv.slice(2), 'listing-compare.ts NAME=URL@PID [NAME=URL@PID …]');
// One generator per target, shared by the servers: no URL is asked twice of any of them.
const paths = TARGETS.map((t) => uncachedListing(t.scope));
const runs = await alternatingRounds(
  products.map((p) => ({
    name: p.name,
    cpu: () => cpuMs(p.pid),
    url: () => p.base,
    headers: (i) => TARGETS[i]?.headers,
    path: (i) => paths[i] as () => string,
  })),
  TARGETS,
  { rounds: ROUNDS, seconds: SECONDS, warmUp: 1 },
);

console.log(`\n${ROUNDS} rounds of ${SECONDS} s; medians of the per-round figures and ratios\n`);
console.log(
  `| the uncached listing | server | CPU µs a request | p99 | CPU ÷ ${products[0]?.name} | errors |`,
);
console.log('|---|---|---|---|---|---|');
for (const [i, t] of TARGETS.entries()) {
  const per = runs[i] as RoundRun[][];
  for (const [k, p] of products.entries()) {
    const own = per[k] as RoundRun[];
    const errors = own.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `| ${t.name} | ${p.name} | ${median(own.map((r) => r.cpuUs)).toFixed(0)} | ${median(own.map((r) => r.p99)).toFixed(0)} ms | ${medianRatio(own, per[0] as RoundRun[], 'cpuUs').toFixed(2)} | ${errors} |`,
    );
  }
}
