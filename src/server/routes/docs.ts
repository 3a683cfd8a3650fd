/** /api/docs.json (OpenAPI 3.1) and /api/docs, a readable page made from the same document. */
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { openApiDocument } from '../openapi/document.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[ch]};`);

export function docsRoutes({ config }: Deps) {
  const app = new Hono();
  app.get('/docs.json', (c) => c.json(openApiDocument(config.siteUrl)));
  app.get('/docs', (c) => {
    const doc = openApiDocument(config.siteUrl);
    const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(
        ops as Record<string, { summary?: string; parameters?: { name: string; description?: string }[] }>,
      ).map(
        ([method, op]) =>
          `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2><p>${escapeHtml(op.summary ?? '')}</p>${
            op.parameters?.length
              ? `<ul>${op.parameters.map((x) => `<li><code>${escapeHtml(x.name)}</code> ${escapeHtml(x.description ?? '')}</li>`).join('')}</ul>`
              : ''
          }</section>`,
      ),
    );
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>API reference</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}h2{font-size:1rem;margin:1.5rem 0 .25rem}code{background:#f2f4f7;padding:.1rem .3rem;border-radius:3px}</style></head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)} Machine-readable: <a href="/api/docs.json">/api/docs.json</a>.</p>${rows.join('')}</body></html>`,
    );
  });
  return app;
}
