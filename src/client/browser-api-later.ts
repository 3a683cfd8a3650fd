/**
 * The islands' API client for forms that call the API only when the visitor acts (sends a lead, starts
 * a booking): loaded then, so a page that is read and left does not carry ky (decision 227).
 */
import type { browserApi } from './browser-api.ts';

let loading: Promise<typeof browserApi> | undefined;

export function browserApiLater(): Promise<typeof browserApi> {
  loading ??= import('./browser-api.ts').then((m) => m.browserApi);
  return loading;
}
