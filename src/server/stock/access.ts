/**
 * Whose stock a caller may see and change ("dealer: stock of their own dealership or
 * dealerships"). A dealer user is limited to the dealerships linked to their account; admins, editors
 * and API keys with stock:write work on the whole group. Outside the scope a car does not exist (404),
 * so ids of other dealerships' cars reveal nothing.
 */
import type { Context } from 'hono';
import { type Principal, principalOf } from '../auth/principal.ts';

/** The dealer slugs the caller is limited to, or null for the whole group. */
export function stockScope(p: Principal | undefined): string[] | null {
  return p?.type === 'staff' && p.role === 'dealer' ? p.dealers : null;
}

export const scopeOf = (c: Context) => stockScope(principalOf(c));

export const inScope = (scope: string[] | null, dealerSlug: string) =>
  scope === null || scope.includes(dealerSlug);
