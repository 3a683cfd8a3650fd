/**
 * A page is compressed on its first request at a fast brotli level (static-files.ts, decision 130), so
 * nobody waits for the slow one. Then it is compressed again at brotli's best level, one page at a time
 * on libuv's thread pool, and the smaller bytes replace the fast ones for every later answer: 8–10 % fewer
 * bytes a page for buyers on slow, costly data, and a model page (15.0 → 13.8 KB) that fits in the first
 * TCP round trip (decision 320).
 *
 * One at a time, so at most one core of the host does this, however many pages are asked for at once after
 * a publish; a bounded queue, so a crawl of thousands of pages does not pile up work (a page that did
 * not get its turn keeps its fast bytes).
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);

/** Brotli's best level: 40–125 ms of one thread a page here, against 1–8 ms at the first request's level. */
const BEST_BROTLI_QUALITY = 11;
/** Below this a page's saving is a few hundred bytes: not worth a thread's time. */
export const MIN_REFINE_BYTES = 16 * 1024;
const MAX_QUEUED = 256;

/** Text at a brotli quality, on libuv's thread pool: the first request's level and the best one alike. */
export function brotliText(data: Buffer, quality: number): Promise<Buffer> {
  return brotliAsync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/**
 * The plain file's bytes at brotli's best level. Read again from disk (the OS's page cache) rather than
 * kept from the first request: up to MAX_QUEUED pages wait, and holding their text would cost memory.
 */
export async function bestBrotli(path: string): Promise<Buffer> {
  return brotliText(await readFile(path), BEST_BROTLI_QUALITY);
}

/** Runs the jobs given to it one after another; drops a job when MAX_QUEUED are already waiting. */
export function createRefiner() {
  const queue: (() => Promise<void>)[] = [];
  let running: Promise<void> | null = null;
  const drain = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      // A page whose build was removed under it keeps its fast bytes; the next page is not held up.
      await job().catch(() => {});
    }
    running = null;
  };
  return {
    add(job: () => Promise<void>) {
      if (queue.length >= MAX_QUEUED) return;
      queue.push(job);
      running ??= drain();
    },
    /** Resolves once every job given so far has run (tests). */
    idle: (): Promise<void> => running ?? Promise.resolve(),
  };
}
