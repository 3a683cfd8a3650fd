/**
 * `npm run bench`: the product exactly as `npm start` runs it (same logging, same middleware; only its
 * port, DATA_DIR=data/bench and a lead rate limit above the load differ) beside a bare node:http server
 * answering the same bytes from memory, measured in the same run: req/s, p99 and the ratio to bare.
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set (a database the bench may fill).
 * A benchmark, not a test: it prints a table and writes it into docs/performance.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { startBare } from './bench/bare.ts';
import { benchLeadPosts, LEAD_BENCH_ENV } from './bench/leads.ts';
import { CONNECTIONS, DURATION, load, uncachedListing } from './bench/load.ts';
import { startProduct } from './bench/product.ts';

const GROUP = 'motus-subaru';
const LISTING = `/api/${GROUP}/vehicles?fuelType[]=Petrol&transmissionType[]=Automatic&order[price]=asc&page=2`;
const TARGETS: { name: string; path: string; vary?: (i: number) => string }[] = [
  { name: 'static page (home)', path: '/' },
  { name: 'static page (/blog/)', path: '/blog/' },
  { name: 'listing API (filters + sort)', path: LISTING },
  { name: 'listing API, uncached (a new query each request)', path: LISTING, vary: uncachedListing(GROUP) },
  { name: 'vehicle API', path: '/api/vehicles/100001' },
];

const engines: { name: string; url: string }[] = [{ name: 'SQLite', url: 'sqlite:data/bench/site.db' }];
if (process.env.BENCH_DATABASE_URL) engines.push({ name: 'PostgreSQL', url: process.env.BENCH_DATABASE_URL });

const rows: string[] = [];
for (const engine of engines) {
  const product = await startProduct({ DATABASE_URL: engine.url, DATA_DIR: 'data/bench', ...LEAD_BENCH_ENV });
  const bare = await startBare(product.base, [...new Set(TARGETS.map((t) => t.path))]);
  try {
    for (const t of TARGETS) {
      const real = await load(product.base, { path: t.vary ?? (() => t.path) });
      const baseline = await load(bare.base + t.path);
      const row = `| ${engine.name} | ${t.name} | ${real.rps.toFixed(0)} | ${real.p99} ms | ${baseline.rps.toFixed(0)} | ${((real.rps / baseline.rps) * 100).toFixed(0)}% | ${real.errors} |`;
      rows.push(row);
      console.log(row);
    }
    // Lead POSTs have no bare baseline; what matters is that every 201 is stored exactly once.
    const leads = await benchLeadPosts(product.base, engine.url, CONNECTIONS, DURATION);
    const leadRow = `| ${engine.name} | lead POST (lost ${leads.lost}, duplicated ${leads.duplicated}) | ${leads.rps.toFixed(0)} | ${leads.p99} ms | - | - | ${leads.errors} |`;
    rows.push(leadRow);
    console.log(leadRow);
  } finally {
    bare.child.kill('SIGTERM');
    await product.stop();
  }
}

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`: the server as \`npm start\` runs it (LOG_LEVEL=info, access log on), ${CONNECTIONS} connections, ${DURATION} s per run, load generator on the same 2 cores.`,
  '',
  '| database | target | req/s | p99 | bare req/s | ratio | errors |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}`);

const doc = 'docs/performance.md';
const text = readFileSync(doc, 'utf8');
const [open, close] = ['<!-- bench:start -->', '<!-- bench:end -->'];
if (text.includes(open))
  writeFileSync(doc, text.replace(new RegExp(`${open}[\\s\\S]*${close}`), `${open}\n${table}\n${close}`));
process.exit(0);
