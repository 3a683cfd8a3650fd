/**
 * Staff sign-in against better-auth (/api/auth/*): e-mail and password, then, for an account with
 * two-factor sign-in, a code from the authenticator app or a recovery code; an HttpOnly session cookie
 * set by the server; sign-out. The role decides the menu (src/domain/staff-access.ts, the server's own
 * table), and a role that must use two-factor sign-in gets no menu until it is set up (Layout.tsx).
 */
import type { AuthProvider } from 'react-admin';
import type * as v from 'valibot';
import type { Account as AccountShape } from '../contract/staff-account.ts';
import { isStaffRole, ROLE_SCOPES, type Scope, type StaffRole } from '../domain/staff-access.ts';
import { api, json } from './http.ts';

interface StaffSession {
  user: { id: string; email: string; name: string; role?: string | null; twoFactorEnabled?: boolean | null };
}

export interface Permissions {
  role: StaffRole;
  scopes: readonly Scope[];
  /** A dealer user's dealerships (slugs): the only ones a dealership select offers. null: the whole group. */
  dealers: readonly string[] | null;
}

/** /api/admin/account: who is signed in and where they stand on two-factor sign-in. */
export type Account = v.InferOutput<typeof AccountShape>;

/** The password was right; the account asks for a code next (LoginPage shows that step). */
export class CodeNeeded extends Error {
  constructor() {
    super('Enter the code from your authenticator app.');
  }
}

export type LoginParams = { email: string; password: string } | { code: string } | { recoveryCode: string };

let cached: Promise<StaffSession | null> | null = null;
/** The current session, asked once per page load and again after sign-in or sign-out. */
function session(refresh = false): Promise<StaffSession | null> {
  if (refresh || !cached) cached = api<StaffSession | null>('/api/auth/get-session').catch(() => null);
  return cached;
}

let cachedAccount: Promise<Account | null> | null = null;
/** The signed-in member's account, asked with the session and again after a change to it. */
export function account(refresh = false): Promise<Account | null> {
  if (refresh || !cachedAccount)
    cachedAccount = session(refresh).then((s) =>
      s?.user ? api<Account>('/api/admin/account').catch(() => null) : null,
    );
  return cachedAccount;
}

/** A member whose role needs two-factor sign-in and who has not set it up yet. */
export const mustEnrol = (a: Account | null | undefined) =>
  !!a && a.two_factor.required && !a.two_factor.enabled;

async function refresh() {
  await session(true);
  await account(true);
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    if ('code' in params)
      await api('/api/auth/two-factor/verify-totp', json('POST', { code: params.code.replace(/\s/g, '') }));
    else if ('recoveryCode' in params)
      await api(
        '/api/auth/two-factor/verify-backup-code',
        json('POST', { code: params.recoveryCode.trim() }),
      );
    else {
      const r = await api<{ twoFactorRedirect?: boolean }>(
        '/api/auth/sign-in/email',
        json('POST', { email: params.email, password: params.password }),
      );
      if (r?.twoFactorRedirect) throw new CodeNeeded();
    }
    await refresh();
  },
  async logout() {
    await api('/api/auth/sign-out', json('POST', {})).catch(() => undefined);
    cached = Promise.resolve(null);
    cachedAccount = Promise.resolve(null);
  },
  async checkAuth() {
    if (!(await session())?.user) throw new Error('Please sign in.');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      cached = Promise.resolve(null);
      cachedAccount = Promise.resolve(null);
      throw new Error('Your session has ended; please sign in again.');
    }
  },
  async getIdentity() {
    const s = await session();
    if (!s?.user) throw new Error('Not signed in');
    return { id: s.user.id, fullName: s.user.name || s.user.email };
  },
  async getPermissions(): Promise<Permissions | null> {
    const [s, a] = await Promise.all([session(), account()]);
    const role = s?.user?.role;
    // Until a required second factor is set up, the role opens nothing (the server refuses it all too).
    if (mustEnrol(a)) return null;
    return isStaffRole(role) ? { role, scopes: ROLE_SCOPES[role], dealers: a?.dealers ?? null } : null;
  },
};

export const can = (p: Permissions | null | undefined, scope: Scope) => !!p?.scopes.includes(scope);
