// What deferred-scripts.ts gives the middleware.
declare module 'virtual:deferred-scripts' {
  /** The page-script loader's compiled code (src/client/script-loader.ts), whose hash is in the CSP. */
  export const SCRIPT_LOADER: string;
  /** Where the client build writes its chunks' static imports and words (page-scripts.ts clientBuildReader). */
  export const CLIENT_BUILD_FILE: string;
}
