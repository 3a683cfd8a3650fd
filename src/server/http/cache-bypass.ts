/**
 * The site build must read content the moment it changed, past the API's micro-cache; nobody else may
 * skip that cache (a `Cache-Control: no-cache` flood would send every request to the database). So
 * this process makes a random secret at start, hands it to the builds it spawns (API_CACHE_BYPASS in
 * their environment) and bypasses the cache only for requests that carry it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CACHE_BYPASS_ENV } from '../../config/cache-bypass.ts';

export { CACHE_BYPASS_HEADER } from '../../config/cache-bypass.ts';

const secret = randomBytes(24).toString('base64url');

/** The environment a build child process gets, so its API requests skip this process's cache. */
export const cacheBypassEnv = (): Record<string, string> => ({ [CACHE_BYPASS_ENV]: secret });

export function isBuildRequest(header: string | undefined): boolean {
  if (!header || header.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(header), Buffer.from(secret));
}
