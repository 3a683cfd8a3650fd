/**
 * Every page's module scripts load after its largest paint (decision 197). Astro writes a
 * `<script type="module" src>` per component script; the site's middleware (src/middleware.ts) replaces
 * them, as each page is rendered, with one small inline loader
 * that imports them, and every chunk they import statically, all at once (so a phone fetches the whole
 * chain in one round trip, not one level per trip: decision 196) once the page has loaded and painted its
 * largest element. Before, the header's script chain (seven files on every page) shared a phone's few
 * connections with the hero image and the stylesheets, and put 0.1–0.5 s on Lighthouse's mobile LCP.
 *
 * What the page scripts do is enhancement: the header's chosen dealership, the nearest-dealer button, the
 * carousel, the contact page's map. The drawer and the quick search are inline (Astro inlines small
 * scripts) and still run at once. Islands that could hydrate before the largest paint use
 * `client:painted` (painted-directive.ts), which waits for the loader's signal.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { AFTER_PAINT_EVENT, AFTER_PAINT_FLAG, LOADER_ATTRIBUTE } from './after-paint.ts';

const PAGE_SCRIPT = /<script type="module" src="\/_astro\/([^"]+\.js)"><\/script>/g;

/**
 * The loader, a classic script (it reads its own `data-modules`). It waits for the load event and for the
 * largest-contentful-paint entry of the page's priority picture (the biggest on screen, where a page has
 * several), or the first entry where a page has none; three seconds stand in for that entry where it never
 * comes (a browser without it, a page opened in a background tab, a picture smaller than the text). Then
 * one more frame. Then it signals islands marked `client:painted` (after-paint.ts) and imports the
 * scripts. Its SHA-256 is in the pages' CSP (astro.config.mjs).
 */
export const SCRIPT_LOADER =
  `{const m=document.currentScript.getAttribute('${LOADER_ATTRIBUTE}').split(' ').filter(Boolean);` +
  "const heroes=[...document.querySelectorAll('img[fetchpriority=high]')];" +
  'const seen=(i)=>{const r=i.getBoundingClientRect();' +
  'return Math.max(0,Math.min(r.bottom,innerHeight)-Math.max(r.top,0))*Math.max(0,Math.min(r.right,innerWidth)-Math.max(r.left,0))};' +
  "const loaded=new Promise((done)=>document.readyState==='complete'?done():addEventListener('load',done,{once:true}));" +
  'const painted=new Promise((done)=>{setTimeout(done,3000);' +
  "if(!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint'))return done();" +
  'new PerformanceObserver((list,o)=>{const hero=heroes.sort((a,b)=>seen(b)-seen(a))[0];' +
  'if(!hero||list.getEntries().some((e)=>e.element===hero)){o.disconnect();done()}})' +
  ".observe({type:'largest-contentful-paint',buffered:true})});" +
  'Promise.all([loaded,painted]).then(()=>requestAnimationFrame(()=>setTimeout(()=>{' +
  `self.${AFTER_PAINT_FLAG}=true;dispatchEvent(new Event('${AFTER_PAINT_EVENT}'));for(const s of m)import(s)})))}`;

/** The loader's CSP source, `sha256-…`. */
export const SCRIPT_LOADER_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(SCRIPT_LOADER).digest('base64')}`;

/**
 * The client build's chunks (names inside `_astro/`) and the chunks each imports statically, as Vite
 * bundled them. Written by the integration's Vite plugin during the client build and read by the
 * middleware while pages are rendered, in the same `astro build` process; a global because Vite bundles
 * the middleware's copy of this module apart from the integration's.
 */
const GRAPH = Symbol.for('site.deferred-scripts.client-imports');
type ImportGraph = Map<string, string[]>;
const graph = (): ImportGraph => {
  const g = globalThis as { [GRAPH]?: ImportGraph };
  g[GRAPH] ??= new Map();
  return g[GRAPH];
};

/** Every chunk `chunk` imports statically, directly or not (not `import()`, which loads on demand). */
export function staticImports(imports: ImportGraph, chunk: string, found = new Set<string>()): Set<string> {
  for (const dep of imports.get(chunk) ?? []) {
    if (found.has(dep)) continue;
    found.add(dep);
    staticImports(imports, dep, found);
  }
  return found;
}

/** An island that hydrates on the loader's signal (painted-directive.ts). */
const PAINTED_ISLAND = /<astro-island [^>]*\bclient="painted"/;

/**
 * The page with its module scripts replaced by the loader, which imports them and their static imports,
 * and signals its `client:painted` islands. Unchanged when it has neither, or has the loader already, so
 * running it twice changes nothing.
 */
export function withDeferredScripts(html: string, importsOf: (chunk: string) => Set<string>): string {
  const scripts = [...html.matchAll(PAGE_SCRIPT)].map((m) => m[1] as string);
  if (!scripts.length && (!PAINTED_ISLAND.test(html) || html.includes(`<script ${LOADER_ATTRIBUTE}=`)))
    return html;
  const modules = new Set(scripts);
  for (const s of scripts) for (const d of importsOf(s)) modules.add(d);
  const list = [...modules].map((m) => `/_astro/${m}`).join(' ');
  const loader = `<script ${LOADER_ATTRIBUTE}="${list}">${SCRIPT_LOADER}</script>`;
  return html.replace(PAGE_SCRIPT, '').replace('</body>', `${loader}</body>`);
}

/** The rendered page with its scripts deferred (the middleware's step; other responses pass unchanged). */
export async function deferPageScripts(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const imports = graph();
  const html = await response.text();
  const next = withDeferredScripts(html, (chunk) => staticImports(imports, chunk));
  return new Response(next, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export function deferredScripts(): AstroIntegration {
  return {
    name: 'deferred-scripts',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        addClientDirective({
          name: 'painted',
          entrypoint: fileURLToPath(new URL('./painted-directive.ts', import.meta.url)),
        });
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'deferred-scripts:client-imports',
                generateBundle(_options, bundle) {
                  const inAssets = (name: string) => (name.startsWith('_astro/') ? name.slice(7) : null);
                  for (const out of Object.values(bundle)) {
                    const name = inAssets(out.fileName);
                    if (name && out.type === 'chunk')
                      graph().set(
                        name,
                        out.imports.map(inAssets).filter((d): d is string => d !== null),
                      );
                  }
                },
              },
            ],
          },
        });
      },
    },
  };
}
