/**
 * Previews: every retained build is served at /_preview/{buildId}/ to staff who may publish
 * (their admin session cookie), or to a machine's API key (docs/decisions/061-machine-access.md),
 * byte for byte what would go live except that root-relative links and asset URLs in HTML, CSS and JS
 * get the /_preview/{buildId} prefix, so navigation and assets stay inside that build. /api and /uploads
 * stay shared (they are live data either way). The token is accepted once as ?token= and traded for an
 * HttpOnly, SameSite=Strict cookie scoped to the build's path (an HMAC of the build id under the
 * server's auth secret, not the key), so a link can be opened in a browser that has no session.
 * With several instances, a build another instance made is mirrored from the shared store on first
 * ask (publish/live.ts), so every instance answers the same preview; every answer names its build in
 * X-Site-Build.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isIslandPropsFile } from '../../config/island-props.ts';
import { principalForSecret, resolvePrincipal } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { isHttps } from '../http/proxy.ts';
import { constantTimeEqual, previewProof } from '../http/secrets.ts';

const COOKIE = 'sdg_preview';
const ID_RE = /^\d{8}-[0-9a-z-]+$/;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
};

// A root-relative URL that belongs to the build (not /api, /uploads, protocol-relative or already prefixed).
const OWN = String.raw`\/(?!\/|api\/|uploads\/|_preview\/)`;
const ATTR = new RegExp(
  String.raw`(\s(?:href|src|srcset|action|poster|component-url|renderer-url|before-hydration-url|props-from)=)(["']?)${OWN}`,
  'gi',
);
const ASTRO = /([\s"'`,(=;])\/_astro\//g;
const PROPS = /(\sprops=")([^"]*)"/g;
const CSS_URL = new RegExp(String.raw`url\((["']?)${OWN}`, 'g');
const JSON_LINK = new RegExp(`(")${OWN}`, 'g');

/** A page's island props file (decision 349): plain JSON, whose links stay in the preview too. */
function islandPropsForPreview(json: string, id: string): string {
  return json.replace(JSON_LINK, `$1/_preview/${id}/`);
}

/** Adds the preview prefix to the URLs of one text response. */
function rewriteForPreview(text: string, id: string, ext: string): string {
  const prefix = `/_preview/${id}`;
  let out = text.replace(ASTRO, `$1${prefix}/_astro/`);
  if (ext === '.html') {
    out = out.replace(ATTR, `$1$2${prefix}/`);
    // Island props are HTML-escaped JSON: links inside them ("/showroom/...") stay in the preview too.
    out = out.replace(PROPS, (_m, start: string, json: string) => {
      return `${start}${json.replace(new RegExp(`(&quot;)${OWN}`, 'g'), `$1${prefix}/`)}"`;
    });
  }
  if (ext === '.css' || ext === '.html') out = out.replace(CSS_URL, `url($1${prefix}/`);
  return out;
}

function fileFor(root: string, rest: string): string | null {
  const clean = normalize(`/${rest}`);
  if (clean.includes('\0')) return null;
  const candidates = clean.endsWith('/')
    ? [join(root, clean, 'index.html')]
    : [join(root, clean), join(root, `${clean}.html`), join(root, clean, 'index.html')];
  for (const file of candidates) {
    if (!file.startsWith(`${root}/`)) continue;
    try {
      if (statSync(file).isFile()) return file;
    } catch {}
  }
  return null;
}

export function previewRoutes(deps: Deps, dir = deps.config.buildsDir) {
  const app = new Hono();
  const buildsDir = resolve(dir);
  const secret = deps.config.staff.secret;

  const refuse = (c: Context, status: 404, message: string) => {
    c.header('X-Robots-Tag', 'noindex, nofollow');
    c.header('Cache-Control', 'no-store');
    return c.text(message, status);
  };
  // One answer for "no such build" and "not yours": a 401 for a build that exists and a 404 for one
  // that does not would let anyone list build ids.
  const hidden = (c: Context) =>
    refuse(c, 404, 'No preview is here. Sign in at /admin, or open a preview once with ?token=<API key>.');
  /** Staff or a machine that may publish builds; anyone else is told nothing (hidden). */
  const mayPreview = (p: Awaited<ReturnType<typeof resolvePrincipal>>) =>
    p !== null && !('invalid' in p) && p.scopes.includes('builds:publish');

  app.on(['GET', 'HEAD'], '/_preview/:id', (c) => {
    const id = c.req.param('id');
    if (!ID_RE.test(id)) return hidden(c); // never echo an arbitrary (CR/LF) id into Location
    return c.redirect(`/_preview/${id}/${new URL(c.req.url).search}`, 301);
  });
  app.on(['GET', 'HEAD'], '/_preview/:id/*', async (c) => {
    const id = c.req.param('id');
    if (!ID_RE.test(id)) return hidden(c);
    const root = join(buildsDir, id);

    const url = new URL(c.req.url);
    const scope = `/_preview/${id}/`;
    const proof = previewProof(secret, id);
    const queryToken = url.searchParams.get('token');
    if (queryToken !== null) {
      if (!mayPreview(await principalForSecret(deps, queryToken))) return hidden(c);
      setCookie(c, COOKIE, proof, {
        path: scope,
        httpOnly: true,
        sameSite: 'Strict',
        secure: isHttps(c, deps.config.trustProxy),
        maxAge: 8 * 3600,
      });
      url.searchParams.delete('token'); // keep the token out of history, logs and Referer
      c.header('Cache-Control', 'no-store');
      return c.redirect(url.pathname + url.search, 303);
    }
    const cookie = getCookie(c, COOKIE);
    const ok =
      (cookie !== undefined && constantTimeEqual(cookie, proof)) ||
      mayPreview(await resolvePrincipal(c, deps));
    if (!ok) return hidden(c);
    // The row is the truth on every instance: a build discarded or pruned through another instance is
    // gone here too, even where this instance still holds a mirrored copy.
    const row = await deps.db
      .selectFrom('builds')
      .select(['status', 'pruned_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row && (row.pruned_at !== null || !['succeeded', 'published'].includes(row.status))) return hidden(c);
    // Built by another instance: copied from the shared store and checked first, so a preview is the same
    // whichever instance answers (docs/decisions/223-several-instances.md).
    if (!existsSync(join(root, 'index.html')) && !(await deps.liveBuild?.mirror(id))) return hidden(c);

    let rest: string;
    try {
      rest = decodeURIComponent(url.pathname.slice(scope.length - 1));
    } catch {
      return refuse(c, 404, 'Not found');
    }
    let file = fileFor(root, rest);
    let status: 200 | 404 = 200;
    if (!file) {
      file = existsSync(join(root, '404.html')) ? join(root, '404.html') : null;
      status = 404;
      if (!file) return refuse(c, 404, 'Not found');
    }
    const ext = extname(file).toLowerCase();
    c.header('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    c.header('Cache-Control', 'private, no-store');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Site-Build', id);
    const data = await readFile(file);
    if (['.html', '.css', '.js', '.mjs'].includes(ext))
      return c.body(rewriteForPreview(data.toString('utf8'), id, ext), status);
    if (isIslandPropsFile(file)) return c.body(islandPropsForPreview(data.toString('utf8'), id), status);
    return c.body(data, status);
  });
  return app;
}
