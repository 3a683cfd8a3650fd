/**
 * A page is compressed on its first request at a fast brotli level (static-files.ts, decision 130), so
 * nobody waits for the slow one. Then it is compressed again at brotli's best level, one page at a time
 * on libuv's thread pool, and the smaller bytes replace the fast ones for every later answer: 8–10 % fewer
 * bytes a page for buyers on slow, costly data, and a model page (15.0 → 13.8 KB) that fits in the first
 * TCP round trip (decision 320). A page whose fast bytes just miss that round trip is given a middle level
 * on its first request already (firstBrotli, decision 352).
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
/** The first request's level for most pages: fast enough not to be waited for (decision 130). */
const FAST_BROTLI_QUALITY = 5;
/** 7–8 % smaller than the fast level on our pages, at 20–30 ms a page (decision 352). */
const MIDDLE_BROTLI_QUALITY = 10;
const MIDDLE_SAVES_AT_LEAST = 0.92;

/**
 * The first round trip of a new connection: ten TCP segments of 1,460 bytes, as Lighthouse's simulation
 * and the network start with (decision 290). A document that fits arrives a whole round trip sooner.
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;
/** A page's response headers on the wire are about 780 bytes (scripts/bench/page-bytes.ts). */
const PAGE_HEADER_BYTES = 800;
export const FIRST_ROUND_TRIP_BODY = FIRST_ROUND_TRIP_BYTES - PAGE_HEADER_BYTES;
/** One page at a time at the middle level, beside the refiner's one: at most a core's worth. */
const MAX_MIDDLE_AT_ONCE = 1;
let middleAtOnce = 0;
/** Below this a page's saving is a few hundred bytes: not worth a thread's time. */
export const MIN_REFINE_BYTES = 16 * 1024;
const MAX_QUEUED = 256;

/** Text at a brotli quality, on libuv's thread pool: the first request's level and the best one alike. */
function brotliText(data: Buffer, quality: number): Promise<Buffer> {
  return brotliAsync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/**
 * A page's first brotli form. The fast level, unless its bytes miss the first round trip by less than the
 * middle level saves: then the middle level, so that its first visitor (after every publish, the only one
 * for most car pages) is not a round trip later than the next (decision 352). A page far over the line
 * would not fit either way and keeps the fast form; so does one asked for while another page is at the
 * middle level.
 */
export async function firstBrotli(plain: Buffer): Promise<Buffer> {
  const fast = await brotliText(plain, FAST_BROTLI_QUALITY);
  const nearTheLine =
    fast.length > FIRST_ROUND_TRIP_BODY && fast.length * MIDDLE_SAVES_AT_LEAST <= FIRST_ROUND_TRIP_BODY;
  if (!nearTheLine || middleAtOnce >= MAX_MIDDLE_AT_ONCE) return fast;
  middleAtOnce++;
  try {
    const middle = await brotliText(plain, MIDDLE_BROTLI_QUALITY);
    return middle.length < fast.length ? middle : fast;
  } finally {
    middleAtOnce--;
  }
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
