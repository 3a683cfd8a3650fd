/**
 * Staff sign-in on better-auth (docs/decisions/060-staff-auth.md) over our own Kysely instance, on
 * SQLite and PostgreSQL alike: e-mail and password (scrypt), database sessions in an HttpOnly,
 * SameSite=Strict cookie (Secure outside development), Origin and Fetch-Metadata checks against CSRF,
 * a per-address sign-in rate limit kept in the database (shared by instances), a per-account lockout
 * after repeated wrong passwords, password reset by e-mail, the admin plugin's roles and bans, and
 * two-factor sign-in by authenticator app with recovery codes (docs/decisions/200-staff-two-factor.md).
 */
import { betterAuth } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { admin, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';
import { ROLE_SCOPES, SCOPES, STAFF_ROLES } from '../../domain/staff-access.ts';
import type { Deps } from '../deps.ts';
import { createLogger, type Logger } from '../log.ts';
import { writeAudit } from './audit.ts';
import { afterAuth, beforeAuth, CLIENT_IP_HEADER } from './auth-hooks.ts';
import { clearFailures } from './lockout.ts';
import { resetMail, sendStaffMail } from './mail.ts';

export { CLIENT_IP_HEADER } from './auth-hooks.ts';

const COOKIE_PREFIX = 'sdg_admin';
export const RESET_TOKEN_SECONDS = 3600;

// better-auth's access control, built from our scopes so there is one table of who may do what.
const statements = {
  ...defaultStatements,
  ...Object.fromEntries(
    [...new Set(SCOPES.map((s) => s.split(':')[0] as string))].map((res) => [
      res,
      SCOPES.filter((s) => s.startsWith(`${res}:`)).map((s) => s.split(':')[1] as string),
    ]),
  ),
} as const;
const ac = createAccessControl(statements);
const permissionsOf = (scopes: readonly string[]) => {
  const out: Record<string, string[]> = {};
  for (const s of scopes) {
    const [res, act] = s.split(':') as [string, string];
    out[res] = [...(out[res] ?? []), act];
  }
  return out;
};
const roles = Object.fromEntries(
  STAFF_ROLES.map((role) => [
    role,
    role === 'admin'
      ? ac.newRole({ ...adminAc.statements, ...permissionsOf(ROLE_SCOPES.admin) })
      : ac.newRole(permissionsOf(ROLE_SCOPES[role])),
  ]),
);

const ts = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

function createStaffAuth(deps: Deps, logger: Logger = createLogger(deps.config.logLevel, 'auth')) {
  const { config, db } = deps;
  const siteOrigin = new URL(config.siteUrl).origin;
  const rateWindow = Math.max(1, Math.round(config.staff.signInRate.windowMs / 1000));
  return betterAuth({
    appName: `${config.brandName} dealer group admin`,
    baseURL: config.siteUrl,
    basePath: '/api/auth',
    secret: config.staff.secret,
    telemetry: { enabled: false },
    // Its notes ("Invalid password") are routine; its errors (a refused origin) are worth a warning.
    logger: {
      level: 'warn',
      log: (level, message) =>
        level === 'error' ? logger.warn('auth', { message }) : logger.debug('auth', { message }),
    },
    // A refused request (wrong password, locked account) is an answer, not a server error.
    onAPIError: {
      onError: (e) => {
        if (!isAPIError(e) || e.status === 'INTERNAL_SERVER_ERROR')
          logger.error('auth endpoint failed', { error: String(e) });
      },
    },
    database: { db, type: deps.dialect },
    // A request is trusted from the public origin and from the origin it was sent to (the admin is
    // served by this same process); another site's page never is.
    trustedOrigins: (request) => {
      const out = [siteOrigin];
      if (request) out.push(new URL(request.url).origin);
      return out;
    },
    user: {
      modelName: 'staff',
      fields: { emailVerified: 'email_verified', ...ts },
      additionalFields: {},
    },
    session: {
      modelName: 'staff_session',
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...ts,
      },
      expiresIn: 60 * 60 * 12, // a working day; refreshed while in use
      updateAge: 60 * 60,
    },
    account: {
      modelName: 'staff_account',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...ts,
      },
    },
    verification: {
      modelName: 'staff_verification',
      fields: { expiresAt: 'expires_at', ...ts },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true, // staff are invited or added by an admin, never self-registered
      minPasswordLength: 12,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // Sent in the background: waiting for SMTP only when the address exists would tell, by the
      // answer's timing, which addresses have accounts (the answer's text is the same either way).
      sendResetPassword: async ({ user, token }) => {
        sendStaffMail(deps, logger, resetMail(deps, user.email, user.name, token)).catch((err) =>
          logger.error('password reset e-mail failed', { to: user.email, error: String(err) }),
        );
      },
      onPasswordReset: async ({ user }) => {
        await clearFailures(db, user.email);
        await writeAudit(
          db,
          { actor_type: 'staff', actor_id: user.id, actor_name: user.email },
          { action: 'auth.password_reset', resource: 'staff', resourceId: user.id },
        );
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limit',
      fields: { lastRequest: 'last_request' },
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': { window: rateWindow, max: config.staff.signInRate.limit },
        '/request-password-reset': { window: rateWindow, max: config.staff.signInRate.limit },
        '/reset-password': { window: rateWindow, max: config.staff.signInRate.limit },
        '/change-password': { window: rateWindow, max: config.staff.signInRate.limit },
        // The code step of a sign-in, enrolment and turning it off: as many as sign-ins (the plugin's own
        // 3 in 10 s would refuse a person who mistypes a code twice).
        '/two-factor/*': { window: rateWindow, max: config.staff.signInRate.limit },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.staff.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'strict', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips its Origin checks under test runners unless told otherwise; we test them.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    hooks: { before: beforeAuth(deps), after: afterAuth(deps) },
    plugins: [
      admin({
        ac,
        roles,
        defaultRole: 'editor',
        adminRoles: ['admin'],
        bannedUserMessage: 'This account is disabled. Ask an admin of the group to enable it again.',
        schema: {
          user: { fields: { banReason: 'ban_reason', banExpires: 'ban_expires' } },
          session: { fields: { impersonatedBy: 'impersonated_by' } },
        },
      }),
      twoFactor({
        issuer: `${config.brandName} dealer group admin`,
        // Wrong codes: 5 per sign-in attempt (better-auth's), and 10 in a row lock the account for 15 minutes.
        accountLockout: { maxFailedAttempts: 10, durationSeconds: 900 },
        schema: {
          user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
          twoFactor: {
            modelName: 'staff_two_factor',
            fields: {
              backupCodes: 'backup_codes',
              userId: 'user_id',
              failedVerificationCount: 'failed_verification_count',
              lockedUntil: 'locked_until',
            },
          },
        },
      }),
    ],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

/** The process's better-auth instance, made on first use. */
export function staffAuth(deps: Deps, logger?: Logger): StaffAuth {
  deps.auth ??= createStaffAuth(deps, logger);
  return deps.auth as StaffAuth;
}
