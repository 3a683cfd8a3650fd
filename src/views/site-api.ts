/**
 * The API client for pages at build time. API_URL points at any server honouring SPEC §7;
 * scripts/build.ts sets it (starting the embedded API when it is unset).
 */
import { createApiClient } from '../client/api.ts';
import { buildApiUrl, buildCacheBypass } from '../config/build-sections.ts';
import { CACHE_BYPASS_HEADER } from '../config/cache-bypass.ts';

const API_URL = buildApiUrl();
// A build must see content the moment it changed, never a cached answer: no-cache for any cache on
// the way, and the secret the spawning server gave us to skip its own micro-cache (server/http/cache-bypass.ts).
const bypass = buildCacheBypass();
export const api = createApiClient(API_URL, {
  retry: 3,
  timeout: 60_000,
  headers: { 'Cache-Control': 'no-cache', ...(bypass ? { [CACHE_BYPASS_HEADER]: bypass } : {}) },
});
