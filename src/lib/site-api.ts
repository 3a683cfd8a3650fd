/**
 * The API client for pages at build time. API_URL points at any server honouring SPEC §7;
 * scripts/build.ts sets it (starting the embedded API when it is unset).
 */
import { createApiClient } from './api.ts';

export const API_URL = process.env.API_URL ?? 'http://127.0.0.1:4321';
// no-cache: a build must see content the moment it changed, never a cached answer (micro-cache).
export const api = createApiClient(API_URL, {
  retry: 3,
  timeout: 60_000,
  headers: { 'Cache-Control': 'no-cache' },
});
