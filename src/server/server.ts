/**
 * The whole process in one Hono app: /api, /uploads, the admin app at /admin and the static site, with compression for
 * text responses (static pages are served pre-compressed) and request logs.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { type ApiOptions, createApi } from './app.ts';
import type { Deps } from './deps.ts';
import { answerFormPost } from './forms/form-posts.ts';
import { adminAppRoutes } from './http/admin-app.ts';
import { createMicroCache } from './http/micro-cache.ts';
import { securityHeaders } from './http/security-headers.ts';
import { leadCrypto } from './leads/crypto.ts';
import { type Logger, requestIds } from './log.ts';
import { storeOf } from './media/stores.ts';
import { previewRoutes } from './publish/preview.ts';
import { healthRoutes } from './routes/health.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { siteRoutes } from './site.ts';
import { createStockIndex, stockVersion } from './stock/stock-index.ts';

/** The load balancer's health checks: every second or so, not worth a log line each. */
const PROBES = new Set(['/healthz', '/readyz']);

export function createServerApp(deps: Deps, logger: Logger, apiOptions: ApiOptions = {}) {
  const app = new Hono();
  app.use('*', requestIds());
  app.use('*', securityHeaders({ trustProxy: deps.config.trustProxy }));
  // The access log: one line per request (not for fingerprinted assets and uploads), written
  // asynchronously by pino (log.ts), with the request id.
  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    const path = c.req.path;
    if (!path.startsWith('/_astro/') && !path.startsWith('/uploads/') && !PROBES.has(path)) {
      logger.info('request', {
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(performance.now() - start),
      });
    }
  });
  // Outside compression, so each compressed form is kept once (see http/micro-cache.ts).
  deps.logger ??= logger;
  const readCache = createMicroCache({ ttlMs: deps.config.apiCacheTtlMs });
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
  app.use('/api/*', compress());
  app.route('/', healthRoutes(deps));
  app.route('/', createApi(deps, { logger, ...apiOptions }));
  app.route('/', previewRoutes(deps));
  app.route('/', adminAppRoutes());
  app.route(
    '/',
    uploadRoutes(() => storeOf(deps)),
  );
  const crypto = leadCrypto(deps.config.leads.encryptionKey);
  app.route(
    '/',
    siteRoutes({
      buildsDir: deps.config.buildsDir,
      storedAsset: deps.liveBuild
        ? (path) => deps.liveBuild?.asset(path) ?? Promise.resolve(null)
        : undefined,
      formPosts: (c, readPage) => answerFormPost(c, deps, crypto, readPage),
    }),
  );
  return app;
}
