// What deferred-scripts.ts gives the middleware.
declare module 'virtual:deferred-scripts' {
  /**
   * The page-script loader's compiled code (src/client/script-loader.ts), whose hash is in the CSP, and
   * Astro's island runtime: the code Astro inlines, and its file in the client build (inside `_astro/`).
   */
  export const PAGE_LOADER: import('./page-scripts.ts').PageLoader;
  /** Where the client build writes its chunks' static imports and words (page-scripts.ts clientBuildReader). */
  export const CLIENT_BUILD_FILE: string;
  /** Where the middleware writes the pages' island props files, moved into the build when it is done. */
  export const ISLAND_PROPS_DIR: string;
}
