/**
 * The build queue: one job runs at a time, under the lease; a job is pending until its turn comes, and
 * while it is pending, later triggers join it (the coordinator coalesces them) instead of queueing more.
 */

export interface Job {
  id: string;
  publish: boolean;
  /** The job's row insert: the runner waits for it before starting. */
  inserted: Promise<unknown>;
}

export interface Queue {
  /** The job waiting for its turn, which new triggers can join. */
  pending: () => Job | null;
  /** Queues a job (only when none is pending); it waits for start(). */
  push: (job: Job) => void;
  /** Starts the runner if it is not running. */
  start: () => void;
  /** Whether a job is pending or running. */
  busy: () => boolean;
  /** Resolves once nothing is pending or running (or the queue is stopped). */
  drained: () => Promise<void>;
  /** Stops after the running job; resolves when it has finished. */
  stop: () => Promise<void>;
}

export function createQueue(opts: {
  run: (job: Job) => Promise<void>;
  /** Waits for the turn to build (the lease); false ends the runner. */
  acquire: () => Promise<boolean>;
  release: () => Promise<void>;
  onError: (job: Job, err: unknown) => void;
}): Queue {
  let pending: Job | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function loop() {
    while (pending && !stopped) {
      const job = pending;
      await job.inserted;
      if (!(await opts.acquire())) return;
      // From here on, new triggers queue a follow-up job instead of joining this one.
      pending = null;
      try {
        await opts.run(job);
      } catch (err) {
        opts.onError(job, err);
      } finally {
        await opts.release().catch(() => {});
      }
    }
  }
  function kick() {
    if (running || stopped) return;
    running = loop().finally(() => {
      running = null;
      if (pending && !stopped) kick();
    });
  }

  return {
    pending: () => pending,
    busy: () => !stopped && (!!running || !!pending),
    push(job) {
      if (pending) throw new Error(`job ${pending.id} is already pending`);
      pending = job;
    },
    start: kick,
    async drained() {
      while (!stopped) {
        if (running) await running;
        else if (pending) await pending.inserted.then(() => new Promise((ok) => setImmediate(ok)));
        else return;
      }
    },
    async stop() {
      stopped = true;
      await running?.catch(() => {});
    },
  };
}
