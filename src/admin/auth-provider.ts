/**
 * Staff sign-in against better-auth (/api/auth/*): e-mail and password, an HttpOnly session cookie set
 * by the server, sign-out. The role decides the menu (src/domain/staff-access.ts, the server's own table).
 */
import type { AuthProvider } from 'react-admin';
import { isStaffRole, ROLE_SCOPES, type Scope, type StaffRole } from '../domain/staff-access.ts';
import { api, json } from './http.ts';

export interface StaffSession {
  user: { id: string; email: string; name: string; role?: string | null };
}

export interface Permissions {
  role: StaffRole;
  scopes: readonly Scope[];
}

let cached: Promise<StaffSession | null> | null = null;
/** The current session, asked once per page load and again after sign-in or sign-out. */
export function session(refresh = false): Promise<StaffSession | null> {
  if (refresh || !cached) cached = api<StaffSession | null>('/api/auth/get-session').catch(() => null);
  return cached;
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    await api('/api/auth/sign-in/email', json('POST', { email, password }));
    await session(true);
  },
  async logout() {
    await api('/api/auth/sign-out', json('POST', {})).catch(() => undefined);
    cached = Promise.resolve(null);
  },
  async checkAuth() {
    if (!(await session())?.user) throw new Error('Please sign in.');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      cached = Promise.resolve(null);
      throw new Error('Your session has ended; please sign in again.');
    }
  },
  async getIdentity() {
    const s = await session();
    if (!s?.user) throw new Error('Not signed in');
    return { id: s.user.id, fullName: s.user.name || s.user.email };
  },
  async getPermissions(): Promise<Permissions | null> {
    const role = (await session())?.user?.role;
    return isStaffRole(role) ? { role, scopes: ROLE_SCOPES[role] } : null;
  },
};

export const can = (p: Permissions | null | undefined, scope: Scope) => !!p?.scopes.includes(scope);
