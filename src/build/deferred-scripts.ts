/**
 * Every page's module scripts load after its largest paint (decision 197). Astro writes a
 * `<script type="module" src>` per component script; the site's middleware (src/middleware.ts) replaces
 * them, as each page is rendered, with one small inline loader (src/client/script-loader.ts) that imports
 * them, and every chunk they import statically, all at once (so a phone fetches the whole chain in one
 * round trip, not one level per trip: decision 196) once the page has loaded and painted its largest
 * element. Before, the header's script chain shared a phone's few connections with the hero image and the
 * stylesheets, and delayed the mobile LCP.
 *
 * What the page scripts do is enhancement: the header's chosen dealership, the nearest-dealer button, the
 * carousel, the contact page's map. The drawer and the quick search are inline (Astro inlines small
 * scripts) and still run at once. Islands that could hydrate before the largest paint use
 * `client:painted` (painted-directive.ts), which waits for the loader's signal.
 *
 * This integration compiles the loader with Vite, adds its hash to the pages' CSP, and gives the
 * middleware what it needs through the virtual module `virtual:deferred-scripts` (its types in
 * virtual-modules.d.ts): the loader's code, and the file where the client build writes its chunks' static
 * imports and the words of their code (for unused-css.ts). That is a file because the pages are rendered by
 * the prerender build's code, bundled before the client build runs.
 *
 * It also writes Astro's island runtime, which Astro inlines in every page with an island (4.4 KB, 1.3 KB
 * of brotli), to a file of the client build, named by its content; the middleware takes the inline copy out
 * and the loader imports the file, so a phone fetches it once, after the paint, and not in every page's
 * first bytes (decision 336).
 *
 * The middleware moves the long props of islands that hydrate after the paint out of their pages, into
 * a props file per page (island-props.ts, decision 349). It writes those files under ISLAND_PROPS_DIR as
 * the pages are rendered; when the build is done they are copied into it, beside their pages.
 */
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import islandRuntimeCode from 'astro/runtime/server/astro-island.prebuilt.js';
import { build, type Plugin, type Rolldown } from 'vite';
import { cspHash } from './page-csp.ts';
import type { ClientBuildFacts, PageLoader } from './page-scripts.ts';
import { wordsOf } from './unused-css.ts';

const VIRTUAL_MODULE = 'virtual:deferred-scripts';
const RESOLVED_VIRTUAL_MODULE = `\0${VIRTUAL_MODULE}`;
const LOADER_ENTRY = fileURLToPath(new URL('../client/script-loader-entry.ts', import.meta.url));

/** Astro's island runtime as a file of the client build, named by its content as Vite names chunks. */
const ISLAND_RUNTIME = {
  code: islandRuntimeCode,
  file: `astro-island.${createHash('sha256').update(islandRuntimeCode).digest('base64url').slice(0, 8)}.js`,
};

/** The loader, compiled and minified by Vite as one classic script (it runs inline, not as a module). */
async function compileScriptLoader(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: LOADER_ENTRY, formats: ['iife'], name: 'scriptLoader' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0])
    throw new Error('deferred scripts: the loader did not compile to one script');
  // A trailing newline would be part of the hashed text; the page writes the code as it is.
  return chunks[0].code.trim();
}

/**
 * What the middleware needs of a client bundle: its chunks (names inside `_astro/`) with the chunks each
 * imports statically, and the words of their code (the classes scripts can add: unused-css.ts).
 */
function clientBuildFacts(bundle: Rolldown.OutputBundle): ClientBuildFacts {
  const inAssets = (name: string) => (name.startsWith('_astro/') ? name.slice('_astro/'.length) : null);
  const imports: Record<string, string[]> = {};
  const code: string[] = [];
  for (const out of Object.values(bundle)) {
    const name = inAssets(out.fileName);
    if (!name || out.type !== 'chunk') continue;
    imports[name] = out.imports.map(inAssets).filter((d) => d !== null);
    code.push(out.code);
  }
  return { imports, words: [...wordsOf(code)] };
}

export function deferredScripts(): AstroIntegration {
  const clientBuildFile = join(tmpdir(), `deferred-scripts-${randomUUID()}.json`);
  const islandPropsDir = join(tmpdir(), `island-props-${randomUUID()}`);
  let loader = '';
  const plugin: Plugin = {
    name: 'deferred-scripts',
    resolveId: (id) => (id === VIRTUAL_MODULE ? RESOLVED_VIRTUAL_MODULE : undefined),
    load: (id) =>
      id === RESOLVED_VIRTUAL_MODULE
        ? `export const PAGE_LOADER = ${JSON.stringify({ code: loader, islandRuntime: ISLAND_RUNTIME } satisfies PageLoader)};\n` +
          `export const CLIENT_BUILD_FILE = ${JSON.stringify(clientBuildFile)};\n` +
          `export const ISLAND_PROPS_DIR = ${JSON.stringify(islandPropsDir)};\n`
        : undefined,
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      writeFileSync(clientBuildFile, JSON.stringify(clientBuildFacts(bundle)));
      this.emitFile({
        type: 'asset',
        fileName: `_astro/${ISLAND_RUNTIME.file}`,
        source: ISLAND_RUNTIME.code,
      });
    },
  };
  return {
    name: 'deferred-scripts',
    hooks: {
      'astro:config:setup': async ({ addClientDirective, config, updateConfig }) => {
        loader = await compileScriptLoader();
        addClientDirective({
          name: 'painted',
          entrypoint: fileURLToPath(new URL('./painted-directive.ts', import.meta.url)),
        });
        updateConfig({ vite: { plugins: [plugin] } });
        // Astro hashes the scripts it writes itself; the loader is written later, by the middleware.
        const csp = config.security.csp;
        if (csp) {
          const algorithm = csp === true ? 'SHA-256' : csp.algorithm;
          updateConfig({
            security: { csp: { algorithm, scriptDirective: { hashes: [cspHash(loader, algorithm)] } } },
          });
        }
      },
      'astro:build:done': ({ dir }) => {
        rmSync(clientBuildFile, { force: true });
        if (existsSync(islandPropsDir)) cpSync(islandPropsDir, fileURLToPath(dir), { recursive: true });
        rmSync(islandPropsDir, { recursive: true, force: true });
      },
    },
  };
}
