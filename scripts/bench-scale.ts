/**
 * `npm run bench:scale`: the product as `npm start` runs it, at the demo's size (5 dealers, 421 cars)
 * and a national network's (30 dealers, 5,000 cars; `BENCH_SCALES=30x5000` picks one). For each:
 * full build time and page count (the first build's own log line), peak memory of the build (the
 * server and its build processes) and of the server under load, the static home page's rate against
 * a bare node:http server in the same run, uncached listing p99 at 50 connections, and change-to-live
 * for one special edited through the API (PATCH until the built page shows it, debounce included).
 * A benchmark, not a test: prints a table and writes it into docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { startBare } from './bench/bare.ts';
import { CONNECTIONS, load, uncachedListing } from './bench/load.ts';
import { cpuMs, peakOf, rssMb, treeRssMb } from './bench/memory.ts';
import { startProduct } from './bench/product.ts';

const TOKEN = 'bench-scale-editor-token-0123456789';
const SCALES = (process.env.BENCH_SCALES ?? '5x421,30x5000').split(',').map((s) => {
  const [dealers, vehicles] = s.split('x').map(Number);
  return { dealers: dealers as number, vehicles: vehicles as number };
});
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);

function countPages(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile() && e.name.endsWith('.html')) n++;
  return n;
}

const rows: string[] = [];
for (const { dealers, vehicles } of SCALES) {
  const dir = `data/bench-scale/${dealers}x${vehicles}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The drawn demo images are a pool shared by every car: make them once (data/bench-scale/uploads).
  mkdirSync('data/bench-scale/uploads', { recursive: true });
  symlinkSync(resolve('data/bench-scale/uploads'), join(dir, 'uploads'));
  const seeded = spawnSync(
    process.execPath,
    ['scripts/seed.ts', '--dealers', String(dealers), '--vehicles', String(vehicles)],
    { env: { ...process.env, DATA_DIR: dir }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');

  // Start-up and the first full build (as on a first deployment), with the build's peak memory.
  let pid = 0;
  const buildPeak = peakOf(() => (pid ? treeRssMb(pid) : 0));
  const product = await startProduct({ DATA_DIR: dir, EDITOR_TOKEN: TOKEN }, (spawned) => {
    pid = spawned;
  });
  const buildMb = buildPeak.stop();
  const log = readFileSync(join(dir, 'server.log'), 'utf8');
  const built = JSON.parse(log.split('\n').find((l) => l.includes('"build succeeded"')) ?? '{}') as {
    seconds?: number;
  };
  const pages = countPages(join(dir, 'builds', 'current'));

  const serverPeak = peakOf(() => rssMb(pid));
  const bare = await startBare(product.base, ['/']);
  const home = await load(`${product.base}/`, { duration: SECONDS });
  const homeBare = await load(`${bare.base}/`, { duration: SECONDS });
  bare.child.kill('SIGTERM');
  const listingPath = uncachedListing('motus-subaru');
  const cpuBefore = cpuMs(pid);
  const listing = await load(product.base, { path: listingPath, duration: SECONDS });
  const cpuPerListing = (cpuMs(pid) - cpuBefore) / (listing.rps * SECONDS);
  const serverMb = serverPeak.stop();
  // The same bytes from the bare server in the same run: what 50 connections cost on this machine anyway.
  const sample = listingPath();
  const listingBare = await startBare(product.base, [sample]);
  const bareListing = await load(`${listingBare.base}${sample}`, { duration: SECONDS });
  listingBare.child.kill('SIGTERM');

  // Change-to-live: one special's title edited through the API, until the public page shows it.
  const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
  const list = (await (await fetch(`${product.base}/api/editor/specials`, { headers: auth })).json()) as {
    'hydra:member': { id: number; slug: string }[];
  };
  const special = list['hydra:member'][0] as { id: number; slug: string };
  const title = `Bench special ${Date.now()}`;
  const editedAt = performance.now();
  const patched = await fetch(`${product.base}/api/editor/specials/${special.id}`, {
    method: 'PATCH',
    headers: auth,
    body: JSON.stringify({ title }),
  });
  if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}`);
  let live = Number.NaN;
  const deadline = Date.now() + 20 * 60_000;
  while (Date.now() < deadline) {
    const page = await fetch(`${product.base}/special-offers/`).then((r) => r.text());
    if (page.includes(title)) {
      live = (performance.now() - editedAt) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await product.stop();
  // The build that made the edit live: partial (only the routes reading specials) or full.
  const rebuilt = JSON.parse(
    readFileSync(join(dir, 'server.log'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"build succeeded"'))
      .at(-1) ?? '{}',
  ) as { seconds?: number; partial?: number; routes?: number; linked?: number };
  const rebuild = rebuilt.partial
    ? `${rebuilt.seconds?.toFixed(0)} s, partial: ${rebuilt.routes} routes, ${rebuilt.linked} files linked`
    : `${rebuilt.seconds?.toFixed(0) ?? '?'} s, full`;

  const row = `| ${dealers} / ${vehicles} | ${built.seconds?.toFixed(0) ?? '?'} s | ${pages} | ${buildMb} MB | ${serverMb} MB | ${((home.rps / homeBare.rps) * 100).toFixed(0)}% (${home.rps.toFixed(0)} / ${homeBare.rps.toFixed(0)}) | ${listing.p99} ms (${listing.rps.toFixed(0)} req/s, ${cpuPerListing.toFixed(2)} ms CPU each; bare ${bareListing.p99} ms, ${bareListing.rps.toFixed(0)} req/s) | ${live.toFixed(0)} s (${rebuild}) |`;
  rows.push(row);
  console.log(row);
}

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:scale\` (${CONNECTIONS} connections, ${SECONDS} s per load run, load generator on the same 2 cores, load average ${loadavg()[0]?.toFixed(0)} at the end).`,
  '',
  '| dealers / cars | full build | pages | build peak RSS | server peak RSS | static home vs bare | uncached listing p99 (rate, server CPU a request; bare server, same bytes) | change-to-live |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}`);
const doc = 'docs/performance.md';
const text = existsSync(doc) ? readFileSync(doc, 'utf8') : '';
const [open, close] = ['<!-- bench-scale:start -->', '<!-- bench-scale:end -->'];
if (text.includes(open))
  writeFileSync(doc, text.replace(new RegExp(`${open}[\\s\\S]*${close}`), `${open}\n${table}\n${close}`));
process.exit(0);
