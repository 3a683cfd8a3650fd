/**
 * `npm run bench`: req/s and p99 of the used-stock listing (filters + sort), one vehicle and a built
 * static page, on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL, each as a
 * ratio against a bare node:http server answering the same bytes from memory in the same run.
 * A benchmark, not a test: it prints a table and writes it into docs/performance.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { benchLeadPosts, LEAD_BENCH_ENV } from './bench/leads.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const LISTING =
  '/api/motus-subaru/vehicles?fuelType[]=Petrol&transmissionType[]=Automatic&order[price]=asc&page=2';
// `no-cache` rows bypass the API's micro-cache, so they measure the query itself on every request.
const NO_CACHE = { 'cache-control': 'no-cache' };
const TARGETS: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: 'listing (filters + sort)', path: LISTING },
  { name: 'listing, every request queried (no-cache)', path: LISTING, headers: NO_CACHE },
  { name: 'one vehicle', path: '/api/vehicles/100001' },
  { name: 'one vehicle, queried (no-cache)', path: '/api/vehicles/100001', headers: NO_CACHE },
  { name: 'static page (home)', path: '/' },
];

function start(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((ok, fail) => {
    const child = fork(script, [], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (m) => ok({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => fail(new Error(`${script} exited with ${code}`)));
  });
}

async function load(url: string, headers?: Record<string, string>) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const engines: { name: string; url: string }[] = [{ name: 'SQLite', url: 'sqlite:data/bench/site.db' }];
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg) engines.push({ name: 'PostgreSQL', url: pg });

const rows: string[] = [];
for (const engine of engines) {
  const server = await start('scripts/bench/server.ts', {
    DATABASE_URL: engine.url,
    DATA_DIR: 'data/bench',
    LOG_LEVEL: 'error',
    ...LEAD_BENCH_ENV,
  });
  const base = `http://127.0.0.1:${server.port}`;
  const bare = await start('scripts/bench/bare-server.ts', {
    SOURCE_URL: base,
    PATHS: JSON.stringify([...new Set(TARGETS.map((t) => t.path))]),
  });
  const bareBase = `http://127.0.0.1:${bare.port}`;
  for (const t of TARGETS) {
    const real = await load(base + t.path, t.headers);
    const baseline = await load(bareBase + t.path);
    const ratio = real.rps / baseline.rps;
    const row = `| ${engine.name} | ${t.name} | ${real.rps.toFixed(0)} | ${real.p99} ms | ${baseline.rps.toFixed(0)} | ${(ratio * 100).toFixed(0)}% | ${real.errors} |`;
    rows.push(row);
    console.log(row);
  }
  // Lead POSTs have no bare baseline; what matters is that every 201 is stored exactly once.
  const leads = await benchLeadPosts(base, engine.url, CONNECTIONS, DURATION);
  const leadRow = `| ${engine.name} | lead POST (lost ${leads.lost}, duplicated ${leads.duplicated}) | ${leads.rps.toFixed(0)} | ${leads.p99} ms | - | - | ${leads.errors} |`;
  rows.push(leadRow);
  console.log(leadRow);
  server.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)}, ${CONNECTIONS} connections, ${DURATION} s per run, load generator on the same 2 cores.`,
  '',
  '| database | target | req/s | p99 | bare req/s | ratio | errors |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}`);

const doc = 'docs/performance.md';
const text = readFileSync(doc, 'utf8');
const start_ = '<!-- bench:start -->';
const end_ = '<!-- bench:end -->';
if (text.includes(start_)) {
  writeFileSync(doc, text.replace(new RegExp(`${start_}[\\s\\S]*${end_}`), `${start_}\n${table}\n${end_}`));
}
process.exit(0);
