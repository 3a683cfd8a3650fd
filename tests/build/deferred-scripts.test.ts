/**
 * The deferred scripts (src/build/deferred-scripts.ts) rewrite the `<script>` tags Astro writes, by their
 * text. This builds a tiny site with the real integration and fails when a build leaves a page script in
 * Astro's form, leaves Astro's island runtime inline, or when the loader misses a script, its imports or its
 * CSP hash: an Astro or Vite upgrade
 * that changes the tags shows here, not as pages whose scripts load before their largest paint.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('./fixture/', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'deferred-scripts-fixture-'));
const page = (path: string) => readFileSync(join(outDir, path), 'utf8');

/** The loader element of a page: the scripts it names and its code. */
function loaderOf(html: string) {
  const loaders = [...html.matchAll(/<script data-modules="([^"]*)">([^<]*)<\/script>/g)];
  expect(loaders).toHaveLength(1);
  const [, modules = '', code = ''] = loaders[0] ?? [];
  return { modules: modules.split(' ').filter(Boolean), code };
}

/** The sources of one directive (`script-src`, `style-src`) of the page's CSP. */
const sourcesOf = (html: string, directive: string) =>
  html.match(new RegExp(`${directive} ([^;"]*)`))?.[1]?.split(' ') ?? [];
const scriptSources = (html: string) => sourcesOf(html, 'script-src');
const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('the deferred scripts in a real Astro build', () => {
  beforeAll(async () => {
    await build({ root, outDir, logLevel: 'error' });
  }, 240_000);
  afterAll(() => {
    // The build's output, and the types and caches Astro writes beside a site.
    for (const dir of [outDir, join(root, '.astro'), join(root, 'node_modules')])
      rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no page script in the form Astro writes, and names each, with its imports, in the loader', () => {
    const chunks = readdirSync(join(outDir, '_astro')).filter((f) => f.endsWith('.js'));
    for (const path of ['index.html', 'tagged/index.html']) {
      const html = page(path);
      // Any script that loads a file, however its attributes are written, is one the loader missed.
      expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
      const { modules } = loaderOf(html);
      expect(modules.length).toBeGreaterThan(0);
      for (const url of modules) expect(chunks).toContain(url.replace('/_astro/', ''));
    }
    // Both pages' scripts import shared.ts: its chunk is loaded with them, not one round trip later.
    const home = loaderOf(page('index.html')).modules;
    const tagged = loaderOf(page('tagged/index.html')).modules;
    const shared = tagged.filter((m) => home.includes(m));
    expect(home.filter((m) => m.includes('Tagged.astro_astro_type_script'))).toHaveLength(1);
    expect(home.filter((m) => m.includes('Other.astro_astro_type_script'))).toHaveLength(1);
    expect(shared.length).toBeGreaterThan(1);
  });

  it("gives a page whose island waits for the paint (client:painted) the loader, which imports Astro's island runtime from its file", () => {
    const html = page('island/index.html');
    expect(html).toMatch(/<astro-island [^>]*client="painted"/);
    // Astro writes its runtime inline; the page has it only as a file, which the loader imports.
    expect(html).not.toContain(islandRuntime);
    const [runtime, ...rest] = loaderOf(html).modules;
    expect(rest).toEqual([]);
    expect(runtime).toMatch(/^\/_astro\/astro-island\.[\w-]{8}\.js$/);
    expect(readFileSync(join(outDir, runtime ?? ''), 'utf8')).toBe(islandRuntime);
  });

  it("allows the loader's compiled code, and only that, by its hash in the page's CSP", () => {
    for (const path of ['index.html', 'tagged/index.html', 'island/index.html']) {
      const html = page(path);
      const { code } = loaderOf(html);
      expect(code).toContain('data-modules');
      expect(code).not.toMatch(/\bimport\s*[{*\w]/); // a classic script: no static imports left
      expect(scriptSources(html)).toContain(hashOf(code));
    }
  });

  it("narrows each page's CSP to the hashes of its own inline scripts and styles", () => {
    const inline = (html: string, tag: 'script' | 'style') =>
      [...html.matchAll(new RegExp(`<${tag}(?![^>]*\\ssrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
        hashOf(m[1] ?? ''),
      );
    const otherStyle = inline(page('index.html'), 'style');
    expect(otherStyle).toHaveLength(1); // Other.astro's scoped style, on the home page only
    for (const path of ['index.html', 'tagged/index.html', 'island/index.html']) {
      const html = page(path);
      const hashes = (d: string) => sourcesOf(html, d).filter((s) => s.startsWith("'sha256-"));
      expect(new Set(hashes('script-src')), path).toEqual(new Set(inline(html, 'script')));
      expect(new Set(hashes('style-src')), path).toEqual(new Set(inline(html, 'style')));
    }
    // Astro gave every page the hash of every style in the site; the tagged page has no Other.
    expect(sourcesOf(page('tagged/index.html'), 'style-src')).not.toContain(otherStyle[0]);
  });

  it("keeps the rules a page's markup or scripts can match, and only those (unused-css.ts)", () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(page('index.html'))?.[1] ?? '';
    expect(style).toMatch(/#other\[data-astro-cid-\w+\]\{color:teal\}/);
    // Added by Other's script at run time: named in the client build's code.
    expect(style).toMatch(/\.lit\[data-astro-cid-\w+\]\{color:gold\}/);
    // Named nowhere: not written to the page.
    expect(style).not.toContain('.gone');
  });

  it("keeps an island's long props apart from its page, in the page's props file, as Astro wrote them", () => {
    const html = page('listing/index.html');
    const islands = [...html.matchAll(/<astro-island [^>]*>/g)].map((m) => m[0]);
    expect(islands).toHaveLength(2);
    const [long = '', short = ''] = islands;
    expect(long).toContain('props-from="/listing/islands.json"');
    expect(long).not.toContain(' props=');
    expect(short).toContain(' props="');
    // What the island hydrates with: Astro's serialised props, every character back as it was.
    const uid = /uid="([^"]+)"/.exec(long)?.[1] ?? '';
    const file = JSON.parse(page('listing/islands.json'));
    expect(Object.keys(file)).toEqual([uid]);
    expect(file[uid].cars[1][0]).toEqual([0, 'Car 0 <"Ford & Son\'s">']);
    expect(file[uid].cars[1]).toHaveLength(400);
    // The server drew the whole list into the page, as before.
    expect(html).toMatch(/<li>Car 399 &lt;/);
  });
});
