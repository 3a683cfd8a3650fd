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
 * A listing nobody asked for in the last API_CACHE_TTL_MS: each request bounds the price by a value
 * no earlier request used, so every one misses the micro-cache and reaches the database.
 */
export const uncachedListing = (group: string) => (i: number) =>
  `/api/${group}/vehicles?order[price]=asc&price[lte]=${900_000 + i}`;
