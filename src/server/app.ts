/**
 * The API (SPEC §7, DESIGN §4) as a Hono app mounted under /api. Every error leaves as
 * problem+json naming what went wrong; unknown paths are 404, known paths with the wrong method 405.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { LEAD_PHOTO_LIMITS } from '../domain/lead-photos.ts';
import { PHOTO_LIMITS } from '../domain/photos.ts';
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable.ts';
import type { Deps } from './deps.ts';
import { varyByEncoding } from './http/api-compress.ts';
import { NO_STORE, PUBLIC_CACHE } from './http/api-headers.ts';
import { bodyReadTimeout } from './http/body-timeout.ts';
import { inputGuard } from './http/input-guard.ts';
import { ApiError, errorResponse, problem, statusTitle } from './hydra.ts';
import { type Logger, requestIds } from './log.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { bannerRoutes } from './routes/banners.ts';
import { blogRoutes } from './routes/blog.ts';
import { buildRoutes } from './routes/builds.ts';
import { dealerRoutes } from './routes/dealers.ts';
import { docsRoutes } from './routes/docs.ts';
import { editorRoutes } from './routes/editor.ts';
import { fraudPageRoutes } from './routes/fraud-page.ts';
import { LEAD_PHOTO_UPLOAD_PATH, leadPhotoRoutes } from './routes/lead-photos.ts';
import { leadRoutes } from './routes/leads.ts';
import { PHOTO_UPLOAD_PATH } from './routes/photos.ts';
import { rangeRoutes } from './routes/range.ts';
import { specialRoutes } from './routes/specials.ts';
import { stockFacetRoutes } from './routes/stock-facets.ts';
import { MAX_IMPORT_BYTES, STOCK_IMPORT_PATH } from './routes/stock-import.ts';
import { vehicleRoutes } from './routes/vehicles.ts';

const MAX_BODY_BYTES = 64 * 1024;

export interface ApiOptions {
  /** Extra route groups (leads, editing, hooks) mounted before the catch-all stock route. */
  extraRoutes?: ((deps: Deps) => Hono)[];
  logger?: Logger;
}

export function createApi(deps: Deps, options: ApiOptions = {}) {
  const root = new Hono();
  const api = new Hono();
  api.use('*', requestIds());

  api.use('*', async (c, next) => {
    await next();
    // On the answer's own headers, not c.header(): after the handler that would rebuild the answer as a
    // stream, and @hono/node-server could no longer write its string body in one go.
    const headers = c.res.headers;
    if (!headers.has('Cache-Control'))
      headers.set('Cache-Control', c.req.method === 'GET' && c.res.status === 200 ? PUBLIC_CACHE : NO_STORE);
    headers.set('X-Content-Type-Options', 'nosniff');
    // Any answer may be compressed (http/api-compress.ts), so every answer varies by Accept-Encoding.
    varyByEncoding(headers);
  });
  const jsonLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      problem(c, 413, statusTitle(413), `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
  });
  const uploadLimit = bodyLimit({
    maxSize: PHOTO_LIMITS.maxRequestBytes,
    onError: (c) =>
      problem(
        c,
        413,
        statusTitle(413),
        `The upload is larger than ${PHOTO_LIMITS.maxRequestBytes / 1024 / 1024} MB; send fewer photos at a time.`,
      ),
  });
  const importLimit = bodyLimit({
    maxSize: MAX_IMPORT_BYTES,
    onError: (c) =>
      problem(
        c,
        413,
        statusTitle(413),
        `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it.`,
      ),
  });
  const leadPhotoLimit = bodyLimit({
    maxSize: LEAD_PHOTO_LIMITS.maxBytes,
    onError: (c) =>
      problem(
        c,
        413,
        statusTitle(413),
        `The image is larger than ${LEAD_PHOTO_LIMITS.maxBytes / 1024 / 1024} MB.`,
      ),
  });
  const uploadTimeout = bodyReadTimeout(deps.config.uploadTimeoutMs);
  const isUpload = (path: string) =>
    PHOTO_UPLOAD_PATH.test(path) || STOCK_IMPORT_PATH.test(path) || LEAD_PHOTO_UPLOAD_PATH.test(path);
  // Outside the size limits, which read the body themselves.
  api.use('*', (c, next) =>
    c.req.method !== 'GET' && c.req.method !== 'HEAD' && isUpload(c.req.path)
      ? uploadTimeout(c, next)
      : next(),
  );
  // A GET or HEAD has no body to limit; asking for one would make @hono/node-server build a full Request.
  api.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? next()
      : (PHOTO_UPLOAD_PATH.test(c.req.path)
          ? uploadLimit
          : STOCK_IMPORT_PATH.test(c.req.path)
            ? importLimit
            : LEAD_PHOTO_UPLOAD_PATH.test(c.req.path)
              ? leadPhotoLimit
              : jsonLimit)(c, next),
  );
  api.use('*', inputGuard());

  const groups = [
    (d: Deps) => docsRoutes(d, () => root),
    authRoutes,
    (d: Deps) => adminRoutes(d, options.logger),
    dealerRoutes,
    bannerRoutes,
    rangeRoutes,
    specialRoutes,
    stockFacetRoutes,
    blogRoutes,
    fraudPageRoutes,
    leadRoutes,
    leadPhotoRoutes,
    editorRoutes,
    buildRoutes,
    ...(options.extraRoutes ?? []),
    vehicleRoutes, // last: its /:dealerSlug/vehicles pattern must not shadow static paths
  ];
  for (const group of groups) api.route('/', group(deps));

  // Which methods each known path answers, so a wrong method gets 405 with Allow instead of 404.
  const known = api.routes
    .filter((r) => r.method !== 'ALL')
    .map((r) => ({
      method: r.method,
      re: new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`),
    }));

  // A catch-all route rather than notFound(): a mounted sub-app's notFound handler is not used.
  api.all('*', (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api/, '') || '/';
    const allowed = [...new Set(known.filter((k) => k.re.test(path)).map((k) => k.method))];
    if (allowed.includes('GET')) allowed.push('HEAD');
    if (allowed.length && !allowed.includes(c.req.method)) {
      c.header('Allow', allowed.join(', '));
      return problem(
        c,
        405,
        statusTitle(405),
        `${c.req.method} is not allowed on /api${path}; use ${allowed.join(' or ')}.`,
      );
    }
    return problem(c, 404, statusTitle(404), `No route matches ${c.req.method} /api${path}.`);
  });

  api.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    if (err instanceof HTTPException) return problem(c, err.status, statusTitle(err.status), err.message);
    if (isDatabaseUnavailable(err)) {
      // An outage is not a bug: tell the client when to come back; the pool reconnects on its own.
      options.logger?.warn('database unavailable', {
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        error: String(err),
      });
      c.header('Retry-After', String(DB_RETRY_AFTER_SECONDS));
      return problem(
        c,
        503,
        statusTitle(503),
        `The database is not answering right now. Please try again in ${DB_RETRY_AFTER_SECONDS} seconds.`,
      );
    }
    // The line carries request_id (log.ts) as well as the method and path, so it names the request.
    options.logger?.error('request failed', {
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      error: String(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
    return problem(c, 500, statusTitle(500), 'Something went wrong on our side. Please try again.');
  });

  root.route('/api', api);
  return root;
}
