/**
 * The middleware's step of the deferred scripts (deferred-scripts.ts): each rendered page's module scripts
 * are replaced by the loader (src/client/script-loader.ts), which imports them and every chunk they import
 * statically once the page has painted its largest element. Astro's island runtime, which Astro writes
 * inline on every page with an island, is imported by the loader too, from its file (decision 336).
 * `finishPage` then cuts the page's stylesheet and CSP to what the page uses.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { LOADER_ATTRIBUTE } from './after-paint.ts';
import { withIslandPropsApart } from './island-props.ts';
import { withPageCspHashes } from './page-csp.ts';
import { type Vocabulary, vocabularyOf, withoutUnusedCss } from './unused-css.ts';

/** The loader's compiled code, and Astro's island runtime as deferred-scripts.ts writes it to a file. */
export interface PageLoader {
  code: string;
  /** The runtime's code, which Astro inlines, and its file's name inside `_astro/`. */
  islandRuntime: { code: string; file: string };
}

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
 * The page with its module scripts, and Astro's inline island runtime, replaced by the loader, which imports
 * them (the runtime first) and the scripts' static imports, and signals its `client:painted` islands.
 * Unchanged when it has none of them, or has the loader already, so running it twice changes nothing.
 */
export function withDeferredScripts(
  html: string,
  loader: PageLoader,
  importsOf: (chunk: string) => Set<string>,
): string {
  const scripts = [...html.matchAll(PAGE_SCRIPT)].map((m) => m[1] as string);
  const inlineRuntime = `<script>${loader.islandRuntime.code}</script>`;
  const hasRuntime = html.includes(inlineRuntime);
  if (
    !scripts.length &&
    !hasRuntime &&
    (!PAINTED_ISLAND.test(html) || html.includes(`<script ${LOADER_ATTRIBUTE}=`))
  )
    return html;
  const modules = new Set([...(hasRuntime ? [loader.islandRuntime.file] : []), ...scripts]);
  for (const s of scripts) for (const d of importsOf(s)) modules.add(d);
  const list = [...modules].map((m) => `/_astro/${m}`).join(' ');
  return html
    .replaceAll(inlineRuntime, '')
    .replace(PAGE_SCRIPT, '')
    .replace('</body>', () => `<script ${LOADER_ATTRIBUTE}="${list}">${loader.code}</script></body>`);
}

/**
 * What deferred-scripts.ts writes of the client build: `{ imports: { "chunk.js": ["dep.js", …], … },
 * words: […] }`, each chunk's static imports and the words of the chunks' code.
 */
const ClientBuildFile = v.object({
  imports: v.record(v.string(), v.array(v.string())),
  words: v.array(v.string()),
});
export type ClientBuildFacts = v.InferOutput<typeof ClientBuildFile>;

/** The client build, as the middleware asks about it for each page. */
export interface ClientBuild {
  /** The chunks a chunk imports statically, directly or not. */
  importsOf: (chunk: string) => Set<string>;
  /** The words of every chunk's code: the classes scripts can add (unused-css.ts). */
  vocabulary: () => Vocabulary;
}

/**
 * The client build from what it wrote to `file` (read once, when the first page is rendered, after the
 * client build). A page script the graph does not name means the file was not written for this build:
 * that is an error, not a page left without its imports.
 */
export function clientBuildReader(file: string): ClientBuild {
  let facts: { graph: ImportGraph; vocabulary: Vocabulary } | undefined;
  const read = () => {
    if (facts) return facts;
    const { imports, words } = v.parse(ClientBuildFile, JSON.parse(readFileSync(file, 'utf8')));
    facts = { graph: new Map(Object.entries(imports)), vocabulary: vocabularyOf(new Set(words)) };
    return facts;
  };
  return {
    importsOf: (chunk) => {
      const { graph } = read();
      if (!graph.has(chunk))
        throw new Error(`deferred scripts: the client build's import graph (${file}) has no chunk ${chunk}`);
      return staticImports(graph, chunk);
    },
    vocabulary: () => read().vocabulary,
  };
}

/**
 * The middleware's step for each rendered page (other responses pass unchanged): its scripts deferred,
 * its stylesheet cut to the rules that may match (unused-css.ts), its long island props moved to a file
 * of their own (island-props.ts: `keepProps` writes it), then its CSP cut to the hashes of what it holds
 * inline (page-csp.ts), the loader included.
 */
export async function finishPage(
  response: Response,
  loader: PageLoader,
  client: ClientBuild,
  page: { pathname: string; keepProps: (pathname: string, props: string) => void },
): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = withDeferredScripts(await response.text(), loader, client.importsOf);
  const apart = withIslandPropsApart(withoutUnusedCss(html, client.vocabulary()), page.pathname);
  if (apart.props !== null) page.keepProps(page.pathname, apart.props);
  return new Response(withPageCspHashes(apart.html), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
