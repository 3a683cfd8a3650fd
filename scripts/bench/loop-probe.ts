/**
 * What holds a loaded server's event loop: loaded into the server with `--import`, it prints on SIGUSR2
 * (then starts again) the loop's delay percentiles, every gap of more than STALL_MS between two of its
 * own 2 ms ticks with the main thread's CPU time in it and the collector pauses inside it, and the pauses
 * by kind. A gap the thread spent on the CPU is a long turn of the loop (or a pause); a gap it did not is
 * time it waited for a core:
 *   MALLOC_ARENA_MAX=2 node --max-semi-space-size=16 --import ./scripts/bench/loop-probe.ts scripts/start.mjs
 *   kill -USR2 <pid>   # before a run, to start clean; again after it, to print
 * Diagnostics only: nothing in the product loads it.
 */
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const STALL_MS = Number(process.env.STALL_MS ?? 25);
/** perf_hooks' GC kinds: 1 scavenge, 2 minor mark-sweep, 4 mark-compact, 8 incremental marking, 16 weak callbacks. */
const KIND: Record<number, string> = { 1: 'scavenge', 2: 'minor', 4: 'major', 8: 'incremental', 16: 'weak' };

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const stalls: { at: number; ms: number; cpuMs: number }[] = [];
const pauses: { at: number; ms: number; kind: string }[] = [];
/** The main thread's own CPU time in ms (user and system). */
const threadCpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
let last = performance.now();
let lastCpu = threadCpuMs();
setInterval(() => {
  const now = performance.now();
  const cpu = threadCpuMs();
  if (now - last > STALL_MS) stalls.push({ at: last, ms: now - last, cpuMs: cpu - lastCpu });
  last = now;
  lastCpu = cpu;
}, 2).unref();
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
    pauses.push({ at: e.startTime, ms: e.duration, kind: KIND[kind] ?? String(kind) });
  }
}).observe({ entryTypes: ['gc'] });

const ms = (ns: number) => (ns / 1e6).toFixed(1);
process.on('SIGUSR2', () => {
  const byKind: Record<string, { n: number; ms: number; max: number }> = {};
  for (const p of pauses) {
    const k = byKind[p.kind] ?? { n: 0, ms: 0, max: 0 };
    byKind[p.kind] = k;
    k.n++;
    k.ms += p.ms;
    k.max = Math.max(k.max, p.ms);
  }
  const stallLines = stalls.map((s) => {
    const inside = pauses
      .filter((p) => p.at + p.ms >= s.at && p.at <= s.at + s.ms && p.ms >= 1)
      .map((p) => `${p.kind} ${p.ms.toFixed(1)}`);
    return `${s.ms.toFixed(0)} ms, ${s.cpuMs.toFixed(0)} ms on the CPU [${inside.join(', ') || 'no pause'}]`;
  });
  console.error(
    JSON.stringify({
      loopDelayMs: {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        p999: ms(delay.percentile(99.9)),
        max: ms(delay.max),
      },
      gc: Object.fromEntries(
        Object.entries(byKind).map(([k, v]) => [
          k,
          { n: v.n, ms: Math.round(v.ms), maxMs: +v.max.toFixed(1) },
        ]),
      ),
      stalls: stallLines,
    }),
  );
  delay.reset();
  stalls.length = 0;
  pauses.length = 0;
});
