/** Resident memory of a process and its descendants, and its CPU time, from /proc (Linux). */
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

/**
 * CPU time (user + system) a process has used so far, in ms. Per request it is steadier than a rate
 * on a shared machine: other work slows the server down, but does not make its requests cost more.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms (USER_HZ 100)
}

/** CPU time (user + system) in ms of a process and everything it started (nginx's master and workers). */
export function treeCpuMs(pid: number): number {
  let own = 0;
  try {
    own = cpuMs(pid);
  } catch {
    return 0;
  }
  return own + children(pid).reduce((sum, c) => sum + treeCpuMs(c), 0);
}
