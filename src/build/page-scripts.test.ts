import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPS_APART_MIN } from './island-props.ts';
import { clientBuildReader, finishPage, staticImports, withDeferredScripts } from './page-scripts.ts';
import { vocabularyOf } from './unused-css.ts';

describe('deferred page scripts', () => {
  // The client build's static imports, as deferred-scripts.ts records them (dynamic imports are not listed).
  const graph = new Map([
    ['Layout.a1.js', ['header.b2.js', 'style.c3.js']],
    ['header.b2.js', ['atom.d4.js']],
    ['atom.d4.js', ['header.b2.js']], // a cycle ends
    ['style.c3.js', []],
    ['Near.f6.js', ['atom.d4.js']],
  ]);
  const importsOf = (chunk: string) => staticImports(graph, chunk);
  const client = { importsOf, vocabulary: () => vocabularyOf(new Set()) };
  const LOADER = { code: 'loader()', islandRuntime: { code: 'islandRuntime()', file: 'astro-island.e5.js' } };

  it('follows static imports through the chain', () => {
    expect([...staticImports(graph, 'Layout.a1.js')].sort()).toEqual([
      'atom.d4.js',
      'header.b2.js',
      'style.c3.js',
    ]);
  });

  it("replaces the page's module scripts with one loader naming them and their imports, once", () => {
    const page =
      '<html><head><title>t</title></head><body><script type="module" src="/_astro/Near.f6.js"></script>' +
      '<p>x</p><script type="module">inline()</script>' +
      '<script type="module" src="/_astro/Layout.a1.js"></script></body></html>';
    const out = withDeferredScripts(page, LOADER, importsOf);
    expect(out).toBe(
      '<html><head><title>t</title></head><body><p>x</p><script type="module">inline()</script>' +
        '<script data-modules="/_astro/Near.f6.js /_astro/Layout.a1.js /_astro/atom.d4.js /_astro/header.b2.js ' +
        '/_astro/style.c3.js">loader()</script></body></html>',
    );
    expect(withDeferredScripts(out, LOADER, importsOf)).toBe(out);
    const noScripts = '<html><head></head><body><p>x</p></body></html>';
    expect(withDeferredScripts(noScripts, LOADER, () => new Set(['atom.d4.js']))).toBe(noScripts);
  });

  it('gives a page whose islands wait for the paint (client:painted) the loader, even without scripts', () => {
    const page =
      '<html><head></head><body><astro-island uid="1" component-url="/_astro/C.js" client="painted" ssr>' +
      '</astro-island></body></html>';
    const out = withDeferredScripts(page, LOADER, importsOf);
    expect(out).toContain('<script data-modules="">loader()</script></body>');
    expect(withDeferredScripts(out, LOADER, importsOf)).toBe(out);
    const idle = page.replace('client="painted"', 'client="idle"');
    expect(withDeferredScripts(idle, LOADER, importsOf)).toBe(idle);
  });

  it("takes Astro's inline island runtime out, and has the loader import its file first", () => {
    const page =
      '<html><head></head><body><style>astro-island{display:contents}</style><script>painted()</script>' +
      '<script>islandRuntime()</script><astro-island uid="1" component-url="/_astro/C.js" client="painted" ssr>' +
      '</astro-island><script type="module" src="/_astro/Near.f6.js"></script></body></html>';
    const out = withDeferredScripts(page, LOADER, importsOf);
    expect(out).toBe(
      '<html><head></head><body><style>astro-island{display:contents}</style><script>painted()</script>' +
        '<astro-island uid="1" component-url="/_astro/C.js" client="painted" ssr></astro-island>' +
        '<script data-modules="/_astro/astro-island.e5.js /_astro/Near.f6.js /_astro/atom.d4.js /_astro/header.b2.js">' +
        'loader()</script></body></html>',
    );
    expect(withDeferredScripts(out, LOADER, importsOf)).toBe(out);
    // A loader whose code holds `$&` is written as it is, not read as a replacement pattern.
    const dollars = { ...LOADER, code: 'a$&b' };
    expect(withDeferredScripts(page, dollars, importsOf)).toContain('>a$&b</script></body>');
  });

  it('rewrites rendered pages as they pass through the middleware, and nothing else', async () => {
    const page = '<html><body><script type="module" src="/_astro/Near.f6.js"></script></body></html>';
    const headers = { 'content-type': 'text/html', 'x-kept': '1' };
    const kept: string[] = [];
    const at = { pathname: '/x/', keepProps: (path: string) => kept.push(path) };
    const out = await finishPage(new Response(page, { status: 404, headers }), LOADER, client, at);
    expect(out.status).toBe(404);
    expect(out.headers.get('x-kept')).toBe('1');
    expect(await out.text()).toContain('<script data-modules="/_astro/Near.f6.js');
    const json = new Response(page, { headers: { 'content-type': 'application/json' } });
    expect(await (await finishPage(json, LOADER, client, at)).text()).toBe(page);
    expect(kept).toEqual([]);
  });

  it("hands a page's long island props to keepProps, and the page names their file", async () => {
    const props = `{&quot;cars&quot;:[0,&quot;${'x'.repeat(PROPS_APART_MIN)}&quot;]}`;
    const page = `<html><body><astro-island uid="U" client="painted" props="${props}" ssr></astro-island></body></html>`;
    const kept: [string, string][] = [];
    const at = { pathname: '/pre-owned', keepProps: (path: string, text: string) => kept.push([path, text]) };
    const out = await (
      await finishPage(new Response(page, { headers: { 'content-type': 'text/html' } }), LOADER, client, at)
    ).text();
    expect(out).toContain('<astro-island uid="U" client="painted" props-from="/pre-owned/islands.json" ssr>');
    expect(kept).toEqual([['/pre-owned', `{"U":{"cars":[0,"${'x'.repeat(PROPS_APART_MIN)}"]}}`]]);
  });

  it("reads the client build's graph and words from its file, and fails on a chunk it does not name", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'graph-')), 'graph.json');
    writeFileSync(file, JSON.stringify({ imports: Object.fromEntries(graph), words: ['open', 'btn--'] }));
    const read = clientBuildReader(file);
    expect([...read.importsOf('Near.f6.js')].sort()).toEqual(['atom.d4.js', 'header.b2.js']);
    expect(() => read.importsOf('Other.a0.js')).toThrow(/has no chunk Other\.a0\.js/);
    expect(read.vocabulary().words.has('open')).toBe(true);
    expect(read.vocabulary().prefixes).toEqual(['btn--']);
    writeFileSync(file, '{"imports": {"Near.f6.js": [1]}, "words": []}');
    expect(() => clientBuildReader(file).importsOf('Near.f6.js')).toThrow();
  });
});
