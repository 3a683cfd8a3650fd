/** Calls `fire` once no further `poke()` arrived for `ms`; `settled()` waits for a fire in progress. */
export interface Debounce {
  poke: () => void;
  /** Whether a call is waiting or firing. */
  busy: () => boolean;
  /** Resolves when no call is waiting or firing. */
  settled: () => Promise<void>;
  /** Drops a waiting call. */
  cancel: () => void;
}

export function createDebounce(fire: () => Promise<unknown>, ms: number): Debounce {
  let timer: NodeJS.Timeout | null = null;
  let waiting: Promise<void> | null = null;
  let done = () => {};

  const finish = () => {
    waiting = null;
    done();
  };
  return {
    poke() {
      if (timer) clearTimeout(timer);
      waiting ??= new Promise<void>((ok) => {
        done = ok;
      });
      timer = setTimeout(() => {
        timer = null;
        fire().finally(finish);
      }, ms);
      timer.unref();
    },
    busy: () => !!waiting,
    settled: async () => {
      await waiting;
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      finish();
    },
  };
}
