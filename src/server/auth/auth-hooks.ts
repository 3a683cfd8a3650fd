/**
 * What we add around better-auth's endpoints: the per-account lockout before a password sign-in, the
 * rules of two-factor sign-in (no "trust this device", no turning it off when the role needs it, other
 * sessions always end on a password change), and an audit entry, with address and browser, for each
 * account event (docs/decisions/060-staff-auth.md, 200-staff-two-factor.md).
 */
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { countOf } from '../../domain/format.ts';
import type { Deps } from '../deps.ts';
import { writeAudit } from './audit.ts';
import { clearFailures, lockedFor, recordFailure } from './lockout.ts';
import { twoFactorRequired } from './two-factor.ts';

/** Header our own code sets from the trusted client address (TRUST_PROXY); any client value is dropped. */
export const CLIENT_IP_HEADER = 'x-sdg-client-ip';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
interface Who {
  id: string;
  email: string;
}

const VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
const bodyOf = (ctx: HookContext) => (ctx.body ?? {}) as Record<string, unknown>;
/** A request that answers the code step of a sign-in carries the pending sign-in's cookie. */
const pendingSignIn = (ctx: HookContext) =>
  /(^|;\s*)(__Secure-)?sdg_admin\.two_factor=/.test(ctx.headers?.get('cookie') ?? '');
const succeeded = (ctx: HookContext) => !isAPIError(ctx.context.returned);

function auditor(deps: Deps, ctx: HookContext) {
  const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
  const ua = ctx.request?.headers.get('user-agent') ?? ctx.headers?.get('user-agent') ?? null;
  return (who: Who, action: string, after?: unknown) =>
    writeAudit(
      deps.db,
      { actor_type: 'staff', actor_id: who.id, actor_name: who.email },
      { action, resource: 'staff', resourceId: who.id, after },
      ip,
      ua,
    );
}

export function beforeAuth(deps: Deps) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-in/email') {
      const ms = await lockedFor(deps.db, String(bodyOf(ctx).email ?? ''));
      if (ms > 0) {
        const minutes = Math.ceil(ms / 60_000);
        throw new APIError(
          'TOO_MANY_REQUESTS',
          {
            code: 'ACCOUNT_LOCKED',
            message: `Too many wrong passwords for this account: try again in ${countOf(minutes, 'minute')}, or reset your password.`,
          },
          { 'Retry-After': String(Math.ceil(ms / 1000)) },
        );
      }
    } else if (VERIFY_PATHS.has(ctx.path) && bodyOf(ctx).trustDevice) {
      // A remembered device would skip the code for a month on any machine that copies the cookie.
      throw new APIError('BAD_REQUEST', {
        code: 'TRUST_DEVICE_NOT_OFFERED',
        message: 'Remembering a device is not offered: the code is asked at every sign-in.',
      });
    } else if (ctx.path === '/two-factor/disable') {
      const s = await getSessionFromCtx(ctx);
      const role = (s?.user as { role?: string } | undefined)?.role;
      if (s && twoFactorRequired(role, deps.config.staff.twoFactor))
        throw new APIError('FORBIDDEN', {
          code: 'TWO_FACTOR_REQUIRED',
          message: `Two-factor sign-in is required for your role (${role}); it cannot be turned off.`,
        });
    } else if (ctx.path === '/change-password') {
      return { context: { body: { ...bodyOf(ctx), revokeOtherSessions: true } } };
    }
  });
}

export function afterAuth(deps: Deps) {
  return createAuthMiddleware(async (ctx) => {
    const log = auditor(deps, ctx);
    const fresh = ctx.context.newSession;
    switch (ctx.path) {
      case '/sign-in/email': {
        const email = String(bodyOf(ctx).email ?? '').toLowerCase();
        if (fresh) {
          await clearFailures(deps.db, email);
          // With two-factor sign-in the password only opens the code step (audited when the code is right).
          const user = fresh.user as typeof fresh.user & { twoFactorEnabled?: boolean | null };
          if (!user.twoFactorEnabled) await log(user, 'auth.sign_in', { method: 'password' });
        } else if (isAPIError(ctx.context.returned) && ctx.context.returned.statusCode === 401) {
          await recordFailure(deps.db, email, deps.config.staff.lockout);
        }
        return;
      }
      case '/two-factor/verify-totp':
        if (!fresh || !succeeded(ctx)) return;
        if (pendingSignIn(ctx)) await log(fresh.user, 'auth.sign_in', { method: 'authenticator code' });
        else await log(fresh.user, 'auth.two_factor_enabled');
        return;
      case '/two-factor/verify-backup-code':
        if (!fresh || !succeeded(ctx)) return;
        await log(fresh.user, 'auth.recovery_code_used');
        if (pendingSignIn(ctx)) await log(fresh.user, 'auth.sign_in', { method: 'recovery code' });
        return;
      case '/two-factor/disable':
        if (fresh && succeeded(ctx)) await log(fresh.user, 'auth.two_factor_disabled');
        return;
      case '/two-factor/generate-backup-codes': {
        const s = ctx.context.session;
        if (s && succeeded(ctx)) await log(s.user, 'auth.recovery_codes_renewed');
        return;
      }
      case '/change-password': {
        const s = ctx.context.session;
        if (s && succeeded(ctx)) await log(s.user, 'auth.password_changed', { other_sessions_ended: true });
        return;
      }
      case '/sign-out': {
        const s = ctx.context.session;
        if (s) await log(s.user, 'auth.sign_out');
        return;
      }
    }
  });
}
