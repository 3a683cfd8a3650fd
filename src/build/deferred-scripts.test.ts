import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCRIPT_LOADER, SCRIPT_LOADER_HASH, staticImports, withDeferredScripts } from './deferred-scripts.ts';

describe('deferred page scripts', () => {
  const root = mkdtempSync(join(tmpdir(), 'deferred-scripts-'));
  const assets = join(root, '_astro');
  mkdirSync(assets);
  // Vite's minified forms: named and side-effect imports are static; import("…") is on demand.
  writeFileSync(join(assets, 'Layout.a1.js'), 'import{r as e}from"./header.b2.js";import"./style.c3.js";e()');
  writeFileSync(join(assets, 'header.b2.js'), 'import{t}from"./atom.d4.js";export const r=()=>t');
  writeFileSync(join(assets, 'atom.d4.js'), 'export const t=1');
  writeFileSync(join(assets, 'style.c3.js'), 'import("./lazy.e5.js")');
  writeFileSync(join(assets, 'Near.f6.js'), 'import{t}from"./atom.d4.js";t');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const importsOf = (chunk: string) => staticImports(assets, chunk);

  it('follows static imports through the chain, not dynamic ones', () => {
    expect([...staticImports(assets, 'Layout.a1.js')].sort()).toEqual([
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
    const out = withDeferredScripts(page, importsOf);
    expect(out).toBe(
      '<html><head><title>t</title></head><body><p>x</p><script type="module">inline()</script>' +
        '<script data-modules="/_astro/Near.f6.js /_astro/Layout.a1.js /_astro/atom.d4.js /_astro/header.b2.js ' +
        `/_astro/style.c3.js">${SCRIPT_LOADER}</script></body></html>`,
    );
    expect(withDeferredScripts(out, importsOf)).toBe(out);
    const noScripts = '<html><head></head><body><p>x</p></body></html>';
    expect(withDeferredScripts(noScripts, () => new Set(['atom.d4.js']))).toBe(noScripts);
  });

  it("gives the loader's hash in the form a CSP takes", () => {
    expect(SCRIPT_LOADER_HASH).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
  });
});
