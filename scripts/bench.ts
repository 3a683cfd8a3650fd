/**
 * `npm run bench`: the product exactly as `npm start` runs it (same logging, same middleware; only its
 * port, DATA_DIR=data/bench and a lead rate limit above the load differ) beside two references answering
 * the same bytes in the same run: a bare node:http server (from memory) and nginx (from disk, access log
 * on; installed from Debian when missing). For each: req/s, p99 and the server's CPU time per request
 * (from /proc: steadier than req/s on a shared machine, where the load generator takes its share), in
 * alternating rounds (BENCH_ROUNDS, 3) with the medians printed.
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set (a database the bench may fill).
 * A benchmark, not a test: it prints a table and writes it into docs/performance.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { vehicleQueryString } from '../src/domain/vehicle-query-string.ts';
import { startBare } from './bench/bare.ts';
import { benchLeadPosts, LEAD_BENCH_ENV, steadyLeadPosts } from './bench/leads.ts';
import { CONNECTIONS, DURATION, type Load, load, uncachedListing } from './bench/load.ts';
import { cpuMs, rssMb } from './bench/memory.ts';
import { startNginx } from './bench/nginx.ts';
import { startProduct } from './bench/product.ts';
import {
  alternatingRounds,
  median,
  medianRatio,
  type RoundRun,
  type RoundServer,
  referenceServers,
} from './bench/rounds.ts';
import { sampleAnswers } from './bench/same-bytes.ts';

const GROUP = 'motus-subaru';
/** A dealership's site name in the demo data. */
const DEALER_SITE = 'west-rand';
const LISTING = `/api/${GROUP}/vehicles?fuelType[]=Petrol&transmissionType[]=Automatic&order[price]=asc&page=2`;
/** The listing as the search island asks for it: its query written by URLSearchParams (`order%5Bprice%5D`). */
const ASKED_LISTING = `/api/${DEALER_SITE}/vehicles?${vehicleQueryString({ order: [{ field: 'price', direction: 'asc' }], page: 2 })}`;
const BR = { 'accept-encoding': 'gzip, deflate, br' };
const GZIP = { 'accept-encoding': 'gzip, deflate' };
/** Requests with a reference: each answered by ours, bare and nginx with the same bytes. */
const TARGETS: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: 'static / brotli', path: '/', headers: BR },
  { name: 'static / gzip', path: '/', headers: GZIP },
  { name: 'static / uncompressed', path: '/' },
  { name: 'static /blog/ uncompressed', path: '/blog/' },
  { name: 'cached listing API', path: LISTING },
  { name: 'cached listing API gzip', path: LISTING, headers: GZIP },
  {
    name: `cached listing API as a browser on /dealer/${DEALER_SITE} asks`,
    path: ASKED_LISTING,
    headers: BR,
  },
  { name: 'cached vehicle API', path: '/api/vehicles/100001' },
  { name: 'cached dealers API', path: '/api/dealers' },
  { name: 'cached ranges API', path: '/api/ranges' },
  { name: 'cached specials API', path: `/api/special-deals/${GROUP}` },
];

const engines: { name: string; url: string }[] = [{ name: 'SQLite', url: 'sqlite:data/bench/site.db' }];
if (process.env.BENCH_DATABASE_URL) engines.push({ name: 'PostgreSQL', url: process.env.BENCH_DATABASE_URL });

const WARM_UP_SECONDS = 2;
/**
 * The targets with a reference are measured in alternating rounds (rounds.ts): three rounds of half a run
 * each, every server back to back on a target, medians of the rounds. One run of each server one after
 * another gave ratios that moved by a third between runs of the same code (docs/performance.md).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Math.max(2, Math.round(DURATION / 2));
/**
 * The steady lead run's rate: an eighth to a third of what this host takes flat out (300–850 a second), and
 * thousands of times a dealer group's busiest minute.
 */
const LEAD_RATE = 100;
/** How long the server is left idle after the runs before its RSS is read a second time. */
const SETTLE_SECONDS = 15;

/** A load run with the CPU time the server spent on it, in µs per answered request. */
async function measured(
  pidCpu: () => number,
  url: string,
  opts: Parameters<typeof load>[1] = {},
): Promise<Load & { cpuUs: number }> {
  // Warmed up first (unmeasured), so no server is charged for its JIT compiling the path.
  await load(url, { ...opts, duration: WARM_UP_SECONDS });
  const before = pidCpu();
  const r = await load(url, opts);
  return { ...r, cpuUs: r.total ? ((pidCpu() - before) * 1000) / r.total : 0 };
}

const rows: string[] = [];
const notes: string[] = [];
for (const engine of engines) {
  const product = await startProduct({ DATABASE_URL: engine.url, DATA_DIR: 'data/bench', ...LEAD_BENCH_ENV });
  const pid = product.child.pid as number;
  // After start-up the server still has work of its own (the live build's file list, the stock index):
  // wait until it is idle, or the first targets are charged for it.
  for (let i = 0; i < 120; i++) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuMs(pid) - before <= 30) break;
  }
  const idleRss = Math.round(rssMb(pid));
  const samplesDir = 'data/bench/same-bytes/files';
  const samples = await sampleAnswers(product.base, TARGETS, samplesDir);
  const bare = await startBare(product.base, [], samplesDir);
  const nginx = await startNginx(samplesDir, samples);
  if (!nginx) notes.push('nginx could not be installed: its columns are empty.');
  try {
    const servers: RoundServer[] = [
      {
        name: 'ours',
        cpu: () => cpuMs(pid),
        url: (i) => product.base + TARGETS[i]?.path,
        headers: (i) => TARGETS[i]?.headers,
      },
      ...referenceServers(bare, nginx),
    ];
    const runs = await alternatingRounds(servers, TARGETS, {
      rounds: ROUNDS,
      seconds: ROUND_SECONDS,
      warmUp: 1,
    });
    for (const [i, t] of TARGETS.entries()) {
      const [ours, b, n] = runs[i] as [RoundRun[], RoundRun[], RoundRun[]?];
      const mid = (r: RoundRun[] | undefined, f: 'rps' | 'p99' | 'cpuUs') =>
        r ? median(r.map((x) => x[f])).toFixed(0) : '-';
      const ratio = (other: RoundRun[] | undefined, f: 'rps' | 'cpuUs') =>
        other ? medianRatio(ours, other, f).toFixed(2) : '-';
      const errors = [ours, b, n].flatMap((r) => r ?? []).reduce((sum, r) => sum + r.errors, 0);
      const row = `| ${engine.name} | ${t.name} (${samples[i]?.bytes} B) | ${mid(ours, 'rps')} / ${mid(b, 'rps')} / ${mid(n, 'rps')} | ${ratio(b, 'rps')} | ${ratio(n, 'rps')} | ${mid(ours, 'p99')} / ${mid(b, 'p99')} / ${mid(n, 'p99')} ms | ${mid(ours, 'cpuUs')} / ${mid(b, 'cpuUs')} / ${mid(n, 'cpuUs')} | ${ratio(n, 'cpuUs')} | ${errors} |`;
      rows.push(row);
      console.log(row);
    }
    const uncached = await measured(() => cpuMs(pid), product.base, { path: uncachedListing(GROUP) });
    /** A row with no reference: ours alone. */
    const alone = (label: string, r: { rps: number; p99: number; errors: number; cpuUs: number }) => {
      const row = `| ${engine.name} | ${label} | ${r.rps.toFixed(0)} / - / - | - | - | ${r.p99} ms | ${r.cpuUs.toFixed(0)} | - | ${r.errors} |`;
      rows.push(row);
      console.log(row);
    };
    alone('listing API, uncached (a new query each request)', uncached);
    // What a buyer's browser asks on a dealer's site: one dealership, and gzip (decisions 353 and 354).
    const asked = await measured(() => cpuMs(pid), product.base, {
      path: uncachedListing(DEALER_SITE),
      headers: BR,
    });
    alone(`listing API, uncached, as a browser on /dealer/${DEALER_SITE} asks (gzip)`, asked);
    /** Runs a lead run, with the server's CPU µs a lead over it. */
    const leadRun = async <T extends { rps: number }>(run: () => Promise<T>) => {
      const before = cpuMs(pid);
      const r = await run();
      return { ...r, cpuUs: r.rps ? ((cpuMs(pid) - before) * 1000) / (r.rps * DURATION) : 0 };
    };
    // Lead POSTs have no reference; what matters is that every 201 is stored exactly once.
    const leads = await leadRun(() => benchLeadPosts(product.base, engine.url, CONNECTIONS, DURATION));
    alone(`lead POST (lost ${leads.lost}, duplicated ${leads.duplicated})`, leads);
    // Flat out, 50 connections wait 50 ÷ throughput on average (Little's law): that p99 is a throughput.
    // A lead's own latency is measured at a steady rate below the server's limit.
    const steady = await leadRun(() => steadyLeadPosts(product.base, engine.url, LEAD_RATE, DURATION));
    alone(
      `lead POST at ${LEAD_RATE} a second (lost ${steady.lost}, duplicated ${steady.duplicated})`,
      steady,
    );
    const rss = Math.round(rssMb(pid));
    // And once the load has stopped for a while: what the server keeps, after V8's memory reducer (it
    // collects an idle heap some seconds after the last allocations) had its chance.
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    const settled = Math.round(rssMb(pid));
    notes.push(
      `${engine.name}: server RSS idle before the runs ${idleRss} MB, right after the last run ${rss} MB, ${SETTLE_SECONDS} s later ${settled} MB.`,
    );
    console.log(notes.at(-1));
  } finally {
    bare.child.kill('SIGTERM');
    nginx?.stop();
    await product.stop();
  }
}

const table = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench\`: the server as \`npm start\` runs it (LOG_LEVEL=info, access log on), a bare node:http server and nginx (one worker, access log on) sending the same answer (body and headers, decision 315), ${CONNECTIONS} connections; each of them on each target in ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s (medians of the rounds' figures and of their ratios), the uncached listing and the lead POSTs in one run of ${DURATION} s; load generator on the same 2 cores (load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)} at the end).`,
  '',
  '| database | target (body) | req/s ours / bare / nginx | ours ÷ bare | ours ÷ nginx | p99 ours / bare / nginx | CPU µs a request ours / bare / nginx | CPU ours ÷ nginx | errors |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  ...notes,
].join('\n');
console.log(`\n${table}`);

const doc = 'docs/performance.md';
const text = readFileSync(doc, 'utf8');
const [open, close] = ['<!-- bench:start -->', '<!-- bench:end -->'];
if (text.includes(open))
  writeFileSync(doc, text.replace(new RegExp(`${open}[\\s\\S]*${close}`), `${open}\n${table}\n${close}`));
process.exit(0);
