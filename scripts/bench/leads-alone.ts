/**
 * The lead POST run of `npm run bench` alone, against a server you started yourself (for profiling it,
 * e.g. `node --cpu-prof scripts/start.mjs` with RATE_LIMIT_LEADS as LEAD_BENCH_ENV says):
 *   BASE=http://127.0.0.1:PORT DB_URL=sqlite:DATA_DIR/site.db PID=<server pid> node scripts/bench/leads-alone.ts
 * Prints the bench's figures (req/s, p99, lost, duplicated) and, with PID, the server's CPU µs a lead.
 * RATE=100: the steady run at that many leads a second instead of the flat-out one.
 */
import { loadavg } from 'node:os';
import { benchLeadPosts, steadyLeadPosts } from './leads.ts';
import { CONNECTIONS, DURATION } from './load.ts';
import { cpuMs } from './memory.ts';

const { BASE, DB_URL, PID, RATE } = process.env;
if (!BASE || !DB_URL) throw new Error('Set BASE (the server) and DB_URL (its database).');
const pid = Number(PID);
const before = pid ? cpuMs(pid) : 0;
const r = RATE
  ? await steadyLeadPosts(BASE, DB_URL, Number(RATE), DURATION)
  : await benchLeadPosts(BASE, DB_URL, CONNECTIONS, DURATION);
const cpuUs = pid && r.rps ? Math.round(((cpuMs(pid) - before) * 1000) / (r.rps * DURATION)) : undefined;
console.log(JSON.stringify({ ...r, cpuUs, load: Number(loadavg()[0]?.toFixed(1)) }));
