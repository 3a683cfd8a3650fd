/**
 * Hands memory back after a burst of work: when the process has been quiet for a while and holds
 * clearly more than after its last reduction, V8 runs its memory-reducing full collection, which also
 * returns its pooled pages and shrinks the young generation (decision 357).
 *
 * Why: V8 keeps the pages a busy minute needed (pooled for reuse, not counted in heapTotal). Its own
 * memory reducer would return them once allocation slows, but on this server it never starts: every
 * timer it runs says "high alloc, foreground" (`--trace-memory-reducer`), so the pages stay. Measured
 * after a load (docs/performance.md, "memory after a burst"): 391 MB RSS, 118 MB of it pooled; 174 MB
 * after this collection, in 84 ms of one quiet moment.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's gc() of `--expose-gc`, with the options Node 24's V8 takes. */
type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's gc function, without exposing it to the app's own code: the flag is set for one new context,
 * which gives it, then unset (as jest-leak-detector obtains it). Undefined where a runtime refuses.
 */
function v8Collect(): Collect | undefined {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  try {
    const gc: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
    return typeof gc === 'function' ? (gc as Collect) : undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

export interface QuietReduceOptions {
  /** How often to look (ms). */
  everyMs?: number;
  /** Quiet: the process used less CPU than this share of one core since the last look. */
  quietShare?: number;
  /** Worth it: RSS this many bytes above what it was right after the last reduction (or the start). */
  grownBytes?: number;
  /** The clock (ms), what the process used and holds, and the collection: the process's own unless a test gives its own. */
  now?: () => number;
  cpuMicros?: () => number;
  rss?: () => number;
  collect?: () => void;
  onReduced?: (r: { beforeBytes: number; afterBytes: number; ms: number }) => void;
}

/** Starts looking; returns what stops it. The timer never keeps the process alive. */
export function reduceWhenQuiet(opts: QuietReduceOptions = {}): () => void {
  const everyMs = opts.everyMs ?? 5000;
  const quietShare = opts.quietShare ?? 0.05;
  const grownBytes = opts.grownBytes ?? 32 * 1024 * 1024;
  const cpuMicros =
    opts.cpuMicros ??
    (() => {
      const u = process.cpuUsage();
      return u.user + u.system;
    });
  const rss = opts.rss ?? (() => process.memoryUsage.rss());
  const clock = opts.now ?? (() => performance.now());
  const gc = opts.collect ? undefined : v8Collect();
  const collect =
    opts.collect ?? (gc ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : undefined);
  // Without a collection to run there is nothing to look for.
  if (!collect) return () => {};

  let baseline = rss();
  let lastCpu = cpuMicros();
  let lastAt = clock();
  const look = () => {
    const now = clock();
    const cpu = cpuMicros();
    const quiet = cpu - lastCpu < (now - lastAt) * 1000 * quietShare;
    lastCpu = cpu;
    lastAt = now;
    const held = rss();
    if (!quiet || held - baseline < grownBytes) return;
    collect();
    const after = rss();
    const ms = clock() - now;
    // What it could not free is the new floor: nothing is collected again until the process grows anew.
    baseline = after;
    // The collection's own CPU is not a burst of requests.
    lastCpu = cpuMicros();
    lastAt = clock();
    opts.onReduced?.({ beforeBytes: held, afterBytes: after, ms });
  };
  const timer = setInterval(look, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
