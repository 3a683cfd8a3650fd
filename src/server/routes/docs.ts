/**
 * /api/docs.json: the OpenAPI 3.1 document, generated from the routes themselves (each describes its
 * parameters and answers with the contract's valibot schemas); /api/docs: Scalar's reference viewer,
 * its bundle served from here so the page works without reaching a CDN.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Scalar } from '@scalar/hono-api-reference';
import { type Hono, Hono as HonoApp } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { Deps } from '../deps.ts';
import { docsPolicy } from '../http/security-headers.ts';
import { operation, problems, SECURITY_SCHEMES } from '../openapi/describe.ts';

const TITLE = 'Dealer group API';

/** 'sha256-…' of the text of each inline <script> (one without src) in an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) =>
      `sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}`,
  );
}

/** The viewer's single-file bundle, megabytes (docs/performance.md), read and compressed on first use. */
const bundle = (() => {
  let cached: { raw: Buffer; gzip: Buffer; version: string } | undefined;
  return () => {
    if (!cached) {
      const dir = dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference')));
      const raw = readFileSync(join(dir, 'browser', 'standalone.js'));
      const pkg = JSON.parse(readFileSync(join(dir, '..', 'package.json'), 'utf8')) as { version: string };
      cached = { raw, gzip: gzipSync(raw), version: pkg.version };
    }
    return cached;
  };
})();

/** `whole` is the app the document describes (the /api routes mounted at their public paths). */
export function docsRoutes({ config }: Deps, whole: () => Hono) {
  const app = new HonoApp();
  let document: Promise<unknown> | undefined;

  const self = (summary: string, type: string) =>
    operation({
      summary,
      tags: ['Docs'],
      responses: { 200: { description: 'OK', content: { [type]: {} } } },
    });

  app.get('/docs.json', self('This document (OpenAPI 3.1).', 'application/json'), async (c) => {
    document ??= generateSpecs(whole(), {
      documentation: {
        openapi: '3.1.0',
        info: {
          title: TITLE,
          version: '1.0.0',
          description:
            'Hydra JSON-LD API behind the dealer-group website (SPEC §7). Collections are hydra:Collection; errors are application/problem+json naming the parameter or field. Staff calls (editor, stock, builds, admin, lead reads) take a staff session cookie or an API key (sdgk_…); the rebuild webhook is signed with REBUILD_SECRET.',
        },
        servers: [{ url: config.siteUrl }],
        components: {
          securitySchemes: SECURITY_SCHEMES,
        },
      },
      // Any route can meet these: a NUL byte or bad escape anywhere (http/input-guard.ts), a fault, an outage.
      defaultOptions: Object.fromEntries(
        (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((m) => [
          m,
          {
            responses: problems(
              [400, 'Malformed input (a parameter, the path or the body); the detail names it.'],
              [500, 'A fault on our side; request_id names it in the logs.'],
              [503, 'The database is not answering; see Retry-After.'],
            ),
          },
        ]),
      ),
      excludeStaticFile: false, // /api/docs.json and the viewer's bundle are operations too
      // Every route with a parameter validator can answer this 400 (routes/params.ts).
      defaultValidationErrorResponse: {
        description: 'A parameter is malformed; the detail names it.',
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    });
    return c.json(await document);
  });

  // The viewer's page never changes while the process runs: render it once, and hash its inline
  // boot script for the page's CSP (no 'unsafe-inline' for scripts).
  let viewer: Promise<{ html: string; csp: string }> | undefined;
  app.get('/docs', self('The API reference, readable in a browser.', 'text/html'), async (c) => {
    viewer ??= (async () => {
      const res = await Scalar({
        url: '/api/docs.json',
        cdn: `/api/docs/scalar.js?v=${bundle().version}`,
        pageTitle: TITLE,
        withDefaultFonts: false, // system fonts: no request leaves this server
        hideClientButton: true,
      })(c, async () => {});
      const html = await (res as Response).text();
      return { html, csp: docsPolicy(inlineScriptHashes(html)) };
    })();
    const { html, csp } = await viewer;
    c.header('Content-Security-Policy', csp);
    return c.html(html);
  });

  app.get(
    '/docs/scalar.js',
    self("The reference viewer's script (served here: no CDN).", 'text/javascript'),
    (c) => {
      const b = bundle();
      const gzip = /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('Vary', 'Accept-Encoding');
      if (gzip) c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(gzip ? b.gzip : b.raw));
    },
  );
  return app;
}
