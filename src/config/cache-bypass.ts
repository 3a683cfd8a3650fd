/** How a site build skips the API server's micro-cache (src/server/http/cache-bypass.ts holds the secret). */
export const CACHE_BYPASS_HEADER = 'X-Build-Cache-Bypass';
/** The variable the server sets in a build's environment. */
export const CACHE_BYPASS_ENV = 'API_CACHE_BYPASS';
