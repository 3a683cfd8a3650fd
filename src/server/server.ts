/**
 * The whole process in one Hono app: /api, /uploads, the admin app at /admin and the static site, with compression for
 * text responses (static pages are served pre-compressed) and request logs.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { type ApiOptions, createApi } from './app.ts';
import type { Deps } from './deps.ts';
import { answerFormPost } from './forms/form-posts.ts';
import { adminAppRoutes } from './http/admin-app.ts';
import { apiCompress } from './http/api-compress.ts';
import { type AccessLog, type FastAnswerer, fastFirst } from './http/fast-path.ts';
import { fastReads } from './http/fast-reads.ts';
import { createMicroCache } from './http/micro-cache.ts';
import { securityHeaders } from './http/security-headers.ts';
import { SERVER_OPTIONS } from './http/server-options.ts';
import { leadCrypto } from './leads/crypto.ts';
import { currentRequestId, type Logger, requestIds } from './log.ts';
import { storeOf } from './media/stores.ts';
import { previewRoutes } from './publish/preview.ts';
import { healthRoutes } from './routes/health.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { listingRead } from './routes/vehicles.ts';
import { siteRoutes } from './site.ts';
import { createStockIndex, stockVersion } from './stock/stock-index.ts';

/** The load balancer's health checks: every second or so, not worth a log line each. */
const PROBES = new Set(['/healthz', '/readyz']);

/** Answers from memory in front of each app (http/fast-path.ts), for `nodeListener`. */
const fastPaths = new WeakMap<
  Hono,
  { answerers: FastAnswerer[]; trustProxy: number; logger: Logger; answered: number }
>();

/** How many requests the fast path answered for this app (tests: it did answer them). */
export const fastAnswered = (app: Hono): number => fastPaths.get(app)?.answered ?? 0;

/** Paths the access log leaves out: fingerprinted assets, uploads, load-balancer probes. */
const logged = (path: string) =>
  !path.startsWith('/_astro/') && !path.startsWith('/uploads/') && !PROBES.has(path);

/**
 * The access log's writer, one line per answer with its request id: without pino when the logger can
 * (log.ts `request`, the same bytes); it cost 5 % of an uncached listing's CPU through pino.
 */
const accessLine = (logger: Logger): ((f: Parameters<AccessLog>[0] & { ms: number }) => void) =>
  logger.request ?? ((f) => logger.info('request', { ...f }));

/**
 * Node's request listener for the app, as `serve()` would make it, with the fast path in front: cached
 * API answers and published pages in memory are written straight away with the chain's headers.
 */
export function nodeListener(app: Hono, hostname?: string): RequestListener {
  const slow = getRequestListener(app.fetch, { hostname }) as RequestListener;
  const fast = fastPaths.get(app);
  if (!fast) return slow;
  const line = accessLine(fast.logger);
  return fastFirst(slow, {
    answerers: fast.answerers,
    trustProxy: fast.trustProxy,
    log: ({ request_id, method, path, status }) => {
      fast.answered++;
      if (logged(path)) line({ request_id, method, path, status, ms: 0 });
    },
  });
}

/**
 * The node:http server for the app: its listener with the fast path, its timeouts (server-options.ts),
 * and each connection's peer address read as it is accepted.
 *
 * Why the address: a closed socket forgets its peer (remoteAddress is undefined) unless it was read
 * before, which net.Socket keeps. A browser that cancels a post resets its connection, and a double click
 * on Send without scripts does: the second submit cancels the first, while the chain still reads its
 * body. The first post was then keyed to "unknown" (http/proxy.ts clientAddress) instead of its address,
 * so the duplicate check did not see the second as its twin, and one enquiry was stored twice.
 */
export function createAppServer(app: Hono, hostname?: string): Server {
  const server = createServer(SERVER_OPTIONS, nodeListener(app, hostname));
  server.on('connection', (socket) => void socket.remoteAddress);
  return server;
}

export function createServerApp(deps: Deps, logger: Logger, apiOptions: ApiOptions = {}) {
  const app = new Hono();
  app.use('*', requestIds());
  app.use('*', securityHeaders({ trustProxy: deps.config.trustProxy }));
  // The access log: one line per request (not for fingerprinted assets and uploads), written
  // asynchronously (log.ts), with the request id that requestIds() gave it.
  const line = accessLine(logger);
  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    const path = c.req.path;
    if (logged(path)) {
      line({
        request_id: currentRequestId() ?? '',
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(performance.now() - start),
      });
    }
  });
  // Outside compression, so each compressed form is kept once (see http/micro-cache.ts).
  deps.logger ??= logger;
  const readCache = createMicroCache({
    ttlMs: deps.config.apiCacheTtlMs,
    maxBytes: deps.config.apiCacheBytes,
  });
  // The stock index is at least as fresh as the micro-cache: changes here drop both at once, changes
  // made by another process show within a second. No micro-cache (TTL 0): no index either.
  const stockIndex =
    deps.config.apiCacheTtlMs > 0
      ? createStockIndex(deps.db, {
          version: stockVersion(deps.db, deps.dialect),
          checkEveryMs: Math.min(1000, deps.config.apiCacheTtlMs),
          onError: (err) => logger.error('stock index build failed', { error: String(err) }),
        })
      : undefined;
  deps.stockIndex = stockIndex;
  deps.readCache = {
    clear: () => {
      readCache.clear();
      stockIndex?.invalidate();
    },
  };
  app.use('/api/*', readCache.middleware);
  app.use('/api/*', apiCompress());
  app.route('/', healthRoutes(deps));
  app.route('/', createApi(deps, { logger, ...apiOptions }));
  app.route('/', previewRoutes(deps));
  app.route('/', adminAppRoutes());
  app.route(
    '/',
    uploadRoutes(() => storeOf(deps)),
  );
  const crypto = leadCrypto(deps.config.leads.encryptionKey);
  const site = siteRoutes({
    buildsDir: deps.config.buildsDir,
    pageCacheBytes: deps.config.pageCacheBytes,
    storedAsset: deps.liveBuild ? (path) => deps.liveBuild?.asset(path) ?? Promise.resolve(null) : undefined,
    formPosts: (c, readPage) => answerFormPost(c, deps, crypto, readPage),
  });
  app.route('/', site);
  // Listings nobody asked for yet, from the stock index (http/fast-reads.ts): only with the index.
  const reads = stockIndex ? [fastReads(readCache, [listingRead(deps, app.routes)])] : [];
  fastPaths.set(app, {
    answerers: [readCache.fast, ...reads, site.fast],
    trustProxy: deps.config.trustProxy,
    logger,
    answered: 0,
  });
  return Object.assign(app, { readCache, pageCache: site.pageCache });
}
