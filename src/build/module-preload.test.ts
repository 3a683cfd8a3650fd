import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staticImports, withModulePreloads } from './module-preload.ts';

describe('module preloads', () => {
  const root = mkdtempSync(join(tmpdir(), 'module-preload-'));
  const assets = join(root, '_astro');
  mkdirSync(assets);
  // Vite's minified forms: named and side-effect imports are static; import("…") is on demand.
  writeFileSync(join(assets, 'Layout.a1.js'), 'import{r as e}from"./header.b2.js";import"./style.c3.js";e()');
  writeFileSync(join(assets, 'header.b2.js'), 'import{t}from"./atom.d4.js";export const r=()=>t');
  writeFileSync(join(assets, 'atom.d4.js'), 'export const t=1');
  writeFileSync(join(assets, 'style.c3.js'), 'import("./lazy.e5.js")');
  writeFileSync(join(assets, 'Near.f6.js'), 'import{t}from"./atom.d4.js";t');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('follows static imports through the chain, not dynamic ones', () => {
    expect([...staticImports(assets, 'Layout.a1.js')].sort()).toEqual([
      'atom.d4.js',
      'header.b2.js',
      'style.c3.js',
    ]);
  });

  it("puts one link per import of the page's scripts in its head, once", () => {
    const page =
      '<html><head><title>t</title></head><body><script type="module" src="/_astro/Near.f6.js"></script>' +
      '<script type="module" src="/_astro/Layout.a1.js"></script></body></html>';
    const out = withModulePreloads(page, (chunk) => staticImports(assets, chunk));
    expect(out).toBe(
      '<html><head><title>t</title><link rel="modulepreload" href="/_astro/atom.d4.js">' +
        '<link rel="modulepreload" href="/_astro/header.b2.js"><link rel="modulepreload" href="/_astro/style.c3.js">' +
        '</head><body><script type="module" src="/_astro/Near.f6.js"></script>' +
        '<script type="module" src="/_astro/Layout.a1.js"></script></body></html>',
    );
    expect(withModulePreloads(out, (chunk) => staticImports(assets, chunk))).toBe(out);
    const noScripts = '<html><head></head><body><p>x</p></body></html>';
    expect(withModulePreloads(noScripts, () => new Set(['atom.d4.js']))).toBe(noScripts);
  });
});
