/** Resident memory of a process and its descendants, from /proc (Linux), sampled for peaks. */
import { readFileSync } from 'node:fs';

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** RSS in MB of one process. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS in MB of a process and everything it started (a build's worker processes too). */
export function treeRssMb(pid: number): number {
  return rssMb(pid) + children(pid).reduce((sum, c) => sum + treeRssMb(c), 0);
}

/** Samples every 200 ms until stopped; gives the peak of `measure`. */
export function peakOf(measure: () => number) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, measure());
  }, 200);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(peak, measure()));
    },
  };
}
