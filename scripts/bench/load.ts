/** autocannon runs shared by the benchmarks: a fixed URL, or a new URL per request (cache misses). */
import autocannon from 'autocannon';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

export interface Load {
  rps: number;
  p99: number;
  errors: number;
  /** Requests answered in the run. */
  total: number;
}

export async function load(
  url: string,
  opts: {
    path?: (i: number) => string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Requests a second over all connections (autocannon's overallRate); unset: as fast as answered. */
    rate?: number;
  } = {},
): Promise<Load> {
  let i = 0;
  const { path } = opts;
  const r = await autocannon({
    url,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.duration ?? DURATION,
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    ...(path ? { requests: [{ setupRequest: (req) => ({ ...req, path: path(++i) }) }] } : {}),
  });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    total: r.requests.total,
  };
}

/**
 * Listings nobody asked for before: each URL the returned function makes bounds the price by a value
 * no earlier one used, so every request misses the micro-cache and is answered anew. It keeps its own
 * count: a warm-up and the run after it (each a load() from 1) must not ask the same URLs, or the run's
 * requests would be second asks, which the micro-cache keeps.
 */
export const uncachedListing = (scope: string) => {
  let n = 0;
  return () => `/api/${scope}/vehicles?order[price]=asc&price[lte]=${900_000 + ++n}`;
};
