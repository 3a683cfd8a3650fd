/**
 * The API client for pages at build time. API_URL points at any server honouring SPEC §7;
 * scripts/build.ts sets it (starting the embedded API when it is unset).
 */
import { createApiClient } from './api.ts';

export const API_URL = process.env.API_URL ?? 'http://127.0.0.1:4321';
export const api = createApiClient(API_URL, { retry: 3, timeout: 60_000 });
