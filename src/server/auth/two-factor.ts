/**
 * Who must sign in with a second factor (STAFF_2FA, docs/decisions/200-staff-two-factor.md): `admins`
 * means the roles that can reach the most (admins, and finance who read the finance applications),
 * `all` every role, `off` nobody (anyone may still turn it on for themselves).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type TwoFactorPolicy = 'admins' | 'all' | 'off';
const TWO_FACTOR_ROLES = ['admin', 'finance'] as const;

export function twoFactorRequired(role: string | null | undefined, policy: TwoFactorPolicy): boolean {
  if (policy === 'all') return true;
  if (policy === 'off') return false;
  return (TWO_FACTOR_ROLES as readonly string[]).includes(role ?? '');
}

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Your role needs two-factor sign-in: set it up (Account → Two-factor sign-in) before doing anything else.';

/** True when the member has a confirmed authenticator (better-auth sets the flag on the first good code). */
export async function twoFactorEnabled(db: Kysely<Database>, staffId: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff')
    .select('two_factor_enabled')
    .where('id', '=', staffId)
    .executeTakeFirst();
  return Boolean(row?.two_factor_enabled);
}
