/**
 * The loader as the page runs it, a classic inline script (script-loader.ts): it finds its own element,
 * which names the page's scripts. Compiled by src/build/deferred-scripts.ts, never imported.
 */
import { loadAfterPaint, namedModules } from './script-loader.ts';

if (document.currentScript)
  loadAfterPaint(namedModules(document.currentScript), window, (url) => import(/* @vite-ignore */ url));
