import { afterEach, describe, expect, it, vi } from 'vitest';
import { reduceWhenQuiet } from './reduce-when-quiet.ts';

const MB = 1024 * 1024;

describe('reduceWhenQuiet', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A process whose CPU and RSS the test sets, looked at every 5 s on a fake clock. */
  function watched(start: { rss: number }) {
    vi.useFakeTimers();
    const state = { cpu: 0, rss: start.rss };
    const reduced: { beforeBytes: number; afterBytes: number }[] = [];
    const collect = vi.fn(() => {
      state.rss -= 60 * MB;
    });
    const stop = reduceWhenQuiet({
      now: () => Date.now(),
      cpuMicros: () => state.cpu,
      rss: () => state.rss,
      collect,
      onReduced: (r) => reduced.push(r),
    });
    /** One look later, with `cpuMs` of CPU used meanwhile. */
    const look = (cpuMs: number) => {
      state.cpu += cpuMs * 1000;
      vi.advanceTimersByTime(5000);
    };
    return { state, collect, reduced, stop, look };
  }

  it('collects once the process is quiet and holds 32 MB more than at its start', () => {
    const p = watched({ rss: 150 * MB });
    p.state.rss = 260 * MB;
    p.look(2000); // busy: 40 % of a core
    expect(p.collect).not.toHaveBeenCalled();
    p.look(100); // quiet: 2 %
    expect(p.collect).toHaveBeenCalledTimes(1);
    expect(p.reduced).toEqual([expect.objectContaining({ beforeBytes: 260 * MB, afterBytes: 200 * MB })]);
    p.stop();
  });

  it('does not collect a quiet process that has not grown, nor again what it could not free', () => {
    const p = watched({ rss: 150 * MB });
    p.state.rss = 170 * MB;
    p.look(0);
    expect(p.collect).not.toHaveBeenCalled();
    p.state.rss = 250 * MB;
    p.look(0);
    expect(p.collect).toHaveBeenCalledTimes(1);
    // 190 MB is the new floor: quiet looks at it, or a little above it, collect nothing.
    p.state.rss = 210 * MB;
    p.look(0);
    p.look(0);
    expect(p.collect).toHaveBeenCalledTimes(1);
    // Grown again after more work: collected again.
    p.look(4000);
    p.state.rss = 230 * MB;
    p.look(0);
    expect(p.collect).toHaveBeenCalledTimes(2);
    p.stop();
  });

  it('stops looking when stopped', () => {
    const p = watched({ rss: 150 * MB });
    p.stop();
    p.state.rss = 400 * MB;
    p.look(0);
    expect(p.collect).not.toHaveBeenCalled();
  });

  it("runs V8's memory-reducing collection, which hands the pages of a burst back, without exposing gc", () => {
    vi.useFakeTimers();
    const reduced: { beforeBytes: number; afterBytes: number }[] = [];
    const stop = reduceWhenQuiet({
      now: () => Date.now(),
      cpuMicros: () => 0,
      onReduced: (r) => reduced.push(r),
    });
    // About 200 MB of short-lived objects, as a burst of requests leaves behind. A regular full
    // collection frees them but keeps their pages (RSS 259 → 231 MB in a bare node); this one returns
    // them (259 → 63 MB).
    let burst: unknown[] = [];
    for (let i = 0; i < 40; i++) burst.push(Array.from({ length: 100_000 }, (_, j) => ({ i, j })));
    burst = [];
    vi.advanceTimersByTime(5000);
    stop();
    expect(burst).toEqual([]);
    expect(reduced).toHaveLength(1);
    const [r] = reduced as [{ beforeBytes: number; afterBytes: number }];
    expect(r.beforeBytes - r.afterBytes).toBeGreaterThan(100 * MB);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
