/**
 * After a build, every page names the static imports of its module scripts in `<link rel="modulepreload">`
 * tags in its head, so a phone fetches the whole chain at once instead of one level per round trip
 * (decision 196: the header script's chain SiteLayout → dealer/header-contact → atom put 0.3 s on the
 * text pages' mobile LCP). Only what the page's scripts import anyway: dynamic imports and islands are left
 * to load when they run.
 */
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const PAGE_SCRIPT = /<script type="module" src="\/_astro\/([^"]+\.js)"/g;
/** `import{a}from"./x.js"` and `import"./x.js"`; not `import("./x.js")`, which loads on demand. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;

/** Every chunk a chunk in `assets` (the `_astro` folder) imports statically, directly or not. */
export function staticImports(assets: string, chunk: string, found = new Set<string>()): Set<string> {
  const file = join(assets, chunk);
  if (!existsSync(file)) return found;
  for (const [, dep] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    if (!dep || found.has(dep)) continue;
    found.add(dep);
    staticImports(assets, dep, found);
  }
  return found;
}

/** The page with a modulepreload for each import of its module scripts (unchanged when it has them). */
export function withModulePreloads(html: string, preloadsOf: (chunk: string) => Set<string>): string {
  if (html.includes('rel="modulepreload"')) return html;
  const scripts = [...html.matchAll(PAGE_SCRIPT)].map((m) => m[1] as string);
  const deps = new Set<string>();
  for (const s of scripts) for (const d of preloadsOf(s)) if (!scripts.includes(d)) deps.add(d);
  if (!deps.size) return html;
  const links = [...deps].sort().map((d) => `<link rel="modulepreload" href="/_astro/${d}">`);
  return html.replace('</head>', `${links.join('')}</head>`);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

export function modulePreload(): AstroIntegration {
  return {
    name: 'module-preload',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const root = fileURLToPath(dir);
        const assets = join(root, '_astro');
        const cache = new Map<string, Set<string>>();
        const preloadsOf = (chunk: string) => {
          const known = cache.get(chunk);
          if (known) return known;
          const deps = staticImports(assets, chunk);
          cache.set(chunk, deps);
          return deps;
        };
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const next = withModulePreloads(html, preloadsOf);
          if (next === html) continue;
          // A new file, never an edit through a hard link into an earlier build (builds are immutable).
          unlinkSync(file);
          writeFileSync(file, next);
        }
      },
    },
  };
}
