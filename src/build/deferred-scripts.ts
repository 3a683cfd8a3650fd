/**
 * After a build, every page's module scripts load after its largest paint (decision 197). Astro writes a
 * `<script type="module" src>` per component script; this step replaces them with one small inline loader
 * that imports them, and every chunk they import statically, all at once (so a phone fetches the whole
 * chain in one round trip, not one level per trip: decision 196) once the page has loaded and painted its
 * largest element. Before, the header's script chain (seven files on every page) shared a phone's few
 * connections with the hero image and the stylesheets, and put 0.1–0.5 s on Lighthouse's mobile LCP.
 *
 * What the page scripts do is enhancement: the header's chosen dealership, the nearest-dealer button, the
 * carousel, the contact page's map. The drawer and the quick search are inline (Astro inlines small
 * scripts) and still run at once; islands keep their own `client:` directives.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const PAGE_SCRIPT = /<script type="module" src="\/_astro\/([^"]+\.js)"><\/script>/g;
/** `import{a}from"./x.js"` and `import"./x.js"`; not `import("./x.js")`, which loads on demand. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;

/**
 * The loader, a classic script (it reads its own `data-modules`). It waits for the load event and for the
 * largest-contentful-paint entry of the page's priority picture (the biggest on screen, where a page has
 * several), or the first entry where a page has none; three seconds stand in for that entry where it never
 * comes (a browser without it, a page opened in a background tab, a picture smaller than the text). Then
 * one more frame. Its SHA-256 is in the pages' CSP (astro.config.mjs).
 */
export const SCRIPT_LOADER =
  "{const m=document.currentScript.dataset.modules.split(' ');" +
  "const heroes=[...document.querySelectorAll('img[fetchpriority=high]')];" +
  'const seen=(i)=>{const r=i.getBoundingClientRect();' +
  'return Math.max(0,Math.min(r.bottom,innerHeight)-Math.max(r.top,0))*Math.max(0,Math.min(r.right,innerWidth)-Math.max(r.left,0))};' +
  "const loaded=new Promise((done)=>document.readyState==='complete'?done():addEventListener('load',done,{once:true}));" +
  'const painted=new Promise((done)=>{setTimeout(done,3000);' +
  "if(!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint'))return done();" +
  'new PerformanceObserver((list,o)=>{const hero=heroes.sort((a,b)=>seen(b)-seen(a))[0];' +
  'if(!hero||list.getEntries().some((e)=>e.element===hero)){o.disconnect();done()}})' +
  ".observe({type:'largest-contentful-paint',buffered:true})});" +
  'Promise.all([loaded,painted]).then(()=>requestAnimationFrame(()=>setTimeout(()=>{for(const s of m)import(s)})))}';

/** The loader's CSP source, `sha256-…`. */
export const SCRIPT_LOADER_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(SCRIPT_LOADER).digest('base64')}`;

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

/**
 * The page with its module scripts replaced by the loader, which imports them and their static imports
 * (unchanged when it has no module scripts, so running it twice changes nothing).
 */
export function withDeferredScripts(html: string, importsOf: (chunk: string) => Set<string>): string {
  const scripts = [...html.matchAll(PAGE_SCRIPT)].map((m) => m[1] as string);
  if (!scripts.length) return html;
  const modules = new Set(scripts);
  for (const s of scripts) for (const d of importsOf(s)) modules.add(d);
  const list = [...modules].map((m) => `/_astro/${m}`).join(' ');
  const loader = `<script data-modules="${list}">${SCRIPT_LOADER}</script>`;
  return html.replace(PAGE_SCRIPT, '').replace('</body>', `${loader}</body>`);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

export function deferredScripts(): AstroIntegration {
  return {
    name: 'deferred-scripts',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const root = fileURLToPath(dir);
        const assets = join(root, '_astro');
        const cache = new Map<string, Set<string>>();
        const importsOf = (chunk: string) => {
          const known = cache.get(chunk);
          if (known) return known;
          const deps = staticImports(assets, chunk);
          cache.set(chunk, deps);
          return deps;
        };
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const next = withDeferredScripts(html, importsOf);
          if (next === html) continue;
          // A new file, never an edit through a hard link into an earlier build (builds are immutable).
          unlinkSync(file);
          writeFileSync(file, next);
        }
      },
    },
  };
}
