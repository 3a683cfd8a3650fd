/**
 * better-auth's staff endpoints under /api/auth (docs/decisions/060-staff-auth.md, 151-auth-docs.md):
 * what the admin and scripts send and get back, described here so /api/docs.json lists them beside our
 * own routes. better-auth validates the requests itself; these schemas document them.
 */
import * as v from 'valibot';
import { named } from './hydra.ts';

const time = v.pipe(v.string(), v.description('ISO 8601 date-time'));

const StaffUser = named(
  'StaffUser',
  v.object({
    id: v.string(),
    email: v.string(),
    name: v.string(),
    emailVerified: v.boolean(),
    image: v.nullish(v.string()),
    role: v.pipe(v.nullish(v.string()), v.description('admin, editor, dealer or finance')),
    banned: v.pipe(v.nullish(v.boolean()), v.description('Disabled by an admin.')),
    banReason: v.nullish(v.string()),
    banExpires: v.nullish(v.string()),
    createdAt: time,
    updatedAt: time,
  }),
);

const StaffSessionInfo = v.object({
  id: v.string(),
  userId: v.string(),
  expiresAt: time,
  token: v.string(),
  ipAddress: v.nullish(v.string()),
  userAgent: v.nullish(v.string()),
  impersonatedBy: v.nullish(v.string()),
  createdAt: time,
  updatedAt: time,
});

export const SignInRequest = v.object({
  email: v.pipe(v.string(), v.email()),
  password: v.string(),
  rememberMe: v.optional(v.boolean()),
  callbackURL: v.optional(v.string()),
});
export const SignInResponse = named(
  'SignInResponse',
  v.object({
    redirect: v.boolean(),
    token: v.string(),
    url: v.nullish(v.string()),
    user: StaffUser,
  }),
  'Signed in; the session cookie is set (Set-Cookie).',
);
export const SignOutResponse = v.object({ success: v.boolean() });
export const StaffSession = named(
  'StaffSession',
  v.nullable(v.object({ session: StaffSessionInfo, user: StaffUser })),
  'The signed-in staff member and session, or null without a (valid) session cookie.',
);
export const PasswordResetRequest = v.object({
  email: v.pipe(v.string(), v.email(), v.description('A staff e-mail address.')),
  redirectTo: v.optional(v.string()),
});
export const PasswordResetRequested = v.object({
  status: v.pipe(
    v.boolean(),
    v.description('Always true: the answer never says whether the address has an account.'),
  ),
  message: v.string(),
});
export const ResetPasswordRequest = v.object({
  token: v.pipe(v.string(), v.description('From the e-mailed link /admin/#/reset-password?token=…')),
  newPassword: v.pipe(v.string(), v.minLength(12), v.description('At least 12 characters.')),
});
export const ResetPasswordResponse = v.object({ status: v.boolean() });

/** The password step's answer when the account has two-factor sign-in: no session yet, a code is asked. */
export const SignInNeedsCode = v.object({
  twoFactorRedirect: v.literal(true),
  twoFactorMethods: v.pipe(v.array(v.string()), v.description('["totp"]: an authenticator app code.')),
});

export const PasswordConfirm = v.object({
  password: v.pipe(v.string(), v.description('Your password, to confirm it is you.')),
});
export const TwoFactorEnabling = v.object({
  method: v.literal('totp'),
  totpURI: v.pipe(
    v.string(),
    v.description('otpauth://totp/… for the authenticator app (shown as a QR code and its secret).'),
  ),
  backupCodes: v.pipe(
    v.array(v.string()),
    v.description('10 recovery codes, each usable once instead of a code; shown this once.'),
  ),
});
export const TwoFactorCode = v.object({
  code: v.pipe(v.string(), v.description('The 6-digit code from the authenticator app.')),
});
export const RecoveryCode = v.object({
  code: v.pipe(v.string(), v.description('One of the recovery codes (xxxxx-xxxxx); each works once.')),
});
export const TwoFactorVerified = v.object({ token: v.string(), user: StaffUser });
export const TwoFactorDisabled = v.object({ status: v.boolean() });
export const RecoveryCodesRenewed = v.object({ status: v.boolean(), backupCodes: v.array(v.string()) });
