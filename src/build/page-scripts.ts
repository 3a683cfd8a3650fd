/**
 * The middleware's step of the deferred scripts (deferred-scripts.ts): each rendered page's module scripts
 * are replaced by the loader (src/client/script-loader.ts), which imports them and every chunk they import
 * statically once the page has painted its largest element.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { LOADER_ATTRIBUTE } from './after-paint.ts';
import { withPageCspHashes } from './page-csp.ts';

/** The client build's chunks (names inside `_astro/`) and the chunks each imports statically. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * A page script as Astro writes it. The build-output test (tests/build/deferred-scripts.test.ts) fails
 * when Astro writes them otherwise.
 */
const PAGE_SCRIPT = /<script type="module" src="\/_astro\/([^"]+\.js)"><\/script>/g;

/** An island that hydrates on the loader's signal (painted-directive.ts). */
const PAINTED_ISLAND = /<astro-island [^>]*\bclient="painted"/;

/** Every chunk `chunk` imports statically, directly or not (not `import()`, which loads on demand). */
export function staticImports(imports: ImportGraph, chunk: string, found = new Set<string>()): Set<string> {
  for (const dep of imports.get(chunk) ?? []) {
    if (found.has(dep)) continue;
    found.add(dep);
    staticImports(imports, dep, found);
  }
  return found;
}

/**
 * The page with its module scripts replaced by the loader (`loader`, its compiled code), which imports them
 * and their static imports, and signals its `client:painted` islands. Unchanged when it has neither, or has
 * the loader already, so running it twice changes nothing.
 */
export function withDeferredScripts(
  html: string,
  loader: string,
  importsOf: (chunk: string) => Set<string>,
): string {
  const scripts = [...html.matchAll(PAGE_SCRIPT)].map((m) => m[1] as string);
  if (!scripts.length && (!PAINTED_ISLAND.test(html) || html.includes(`<script ${LOADER_ATTRIBUTE}=`)))
    return html;
  const modules = new Set(scripts);
  for (const s of scripts) for (const d of importsOf(s)) modules.add(d);
  const list = [...modules].map((m) => `/_astro/${m}`).join(' ');
  return html
    .replace(PAGE_SCRIPT, '')
    .replace('</body>', `<script ${LOADER_ATTRIBUTE}="${list}">${loader}</script></body>`);
}

/**
 * The static imports of a chunk, from the graph the client build wrote to `file` (read once, when the
 * first page is rendered, after the client build). A page script the graph does not name means the graph
 * was not written for this build: that is an error, not a page left without its imports.
 */
export function clientGraphReader(file: string): (chunk: string) => Set<string> {
  let graph: ImportGraph | undefined;
  return (chunk) => {
    graph ??= parseImportGraph(readFileSync(file, 'utf8'));
    if (!graph.has(chunk))
      throw new Error(`deferred scripts: the client build's import graph (${file}) has no chunk ${chunk}`);
    return staticImports(graph, chunk);
  };
}

/** The graph as deferred-scripts.ts writes it: `{ "chunk.js": ["dep.js", …], … }`. */
const GraphFile = v.record(v.string(), v.array(v.string()));

function parseImportGraph(json: string): ImportGraph {
  return new Map(Object.entries(v.parse(GraphFile, JSON.parse(json))));
}

/**
 * The middleware's step for each rendered page (other responses pass unchanged): its scripts deferred,
 * then its CSP cut to the hashes of what it holds inline (page-csp.ts), the loader included.
 */
export async function finishPage(
  response: Response,
  loader: string,
  importsOf: (chunk: string) => Set<string>,
): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  return new Response(withPageCspHashes(withDeferredScripts(html, loader, importsOf)), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
