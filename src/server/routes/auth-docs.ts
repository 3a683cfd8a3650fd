/**
 * /api/docs.json entries for better-auth's endpoints the admin uses (docs/decisions/151-auth-docs.md),
 * from the contract's schemas (src/contract/staff-auth.ts). The handler stays better-auth's.
 */
import { resolver } from 'hono-openapi';
import * as v from 'valibot';
import {
  PasswordConfirm,
  PasswordResetRequest,
  PasswordResetRequested,
  RecoveryCode,
  RecoveryCodesRenewed,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SignInNeedsCode,
  SignInRequest,
  SignInResponse,
  SignOutResponse,
  StaffSession,
  TwoFactorCode,
  TwoFactorDisabled,
  TwoFactorEnabling,
  TwoFactorVerified,
} from '../../contract/staff-auth.ts';
import { jsonBody, operation, problems } from '../openapi/describe.ts';

const json = <S extends v.GenericSchema>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});

const tags = ['Staff sign-in'];
const origin = [403, 'The request did not come from the admin’s origin (CSRF check).'] as [number, string];
const limited = [
  429,
  'Too many attempts from this address, or the account is locked after wrong passwords; see Retry-After.',
] as [number, string];

export const AUTH_OPERATIONS = [
  {
    method: 'POST',
    path: '/auth/sign-in/email',
    doc: operation({
      summary: 'Sign in with e-mail and password; sets the staff session cookie (HttpOnly, SameSite=Strict).',
      tags,
      requestBody: jsonBody(SignInRequest),
      responses: {
        200: json(
          v.union([SignInResponse, SignInNeedsCode]),
          'Signed in (Set-Cookie: sdg_admin.session_token); or, with two-factor sign-in, {twoFactorRedirect: true}: no session yet, send the code to /api/auth/two-factor/verify-totp (or a recovery code to …/verify-backup-code) within 10 minutes.',
        ),
        ...problems([401, 'Wrong e-mail or password, or a disabled account.'], origin, limited),
      },
    }),
  },
  {
    method: 'POST',
    path: '/auth/sign-out',
    doc: operation({
      summary: 'End the staff session and clear its cookie.',
      tags,
      security: [{ staffSession: [] }],
      responses: { 200: json(SignOutResponse, 'Signed out.'), ...problems(origin) },
    }),
  },
  {
    method: 'GET',
    path: '/auth/get-session',
    doc: operation({
      summary: 'The signed-in staff member (with role) and session, or null.',
      tags,
      security: [{ staffSession: [] }],
      responses: { 200: json(StaffSession, 'The session, or null.') },
    }),
  },
  {
    method: 'POST',
    path: '/auth/request-password-reset',
    doc: operation({
      summary:
        'E-mail a password reset link (valid for an hour) through SMTP_URL. The answer is the same whether or not the address has an account.',
      tags,
      requestBody: jsonBody(PasswordResetRequest),
      responses: { 200: json(PasswordResetRequested, 'Accepted.'), ...problems(origin, limited) },
    }),
  },
  {
    method: 'POST',
    path: '/auth/reset-password',
    doc: operation({
      summary: 'Set a new password with the token from a reset or invitation e-mail; ends the old sessions.',
      tags,
      requestBody: jsonBody(ResetPasswordRequest),
      responses: {
        200: json(ResetPasswordResponse, 'Password set.'),
        ...problems(
          [400, 'The token is invalid, expired or used, or the password is too short.'],
          origin,
          limited,
        ),
      },
    }),
  },
  ...twoFactorOperations(),
] as const;

/** better-auth's two-factor plugin (docs/decisions/200-staff-two-factor.md). */
function twoFactorOperations() {
  const tags2 = ['Staff two-factor sign-in'];
  const session = [{ staffSession: [] }];
  const wrong = [401, 'The code is wrong (INVALID_CODE / INVALID_BACKUP_CODE), or the sign-in expired.'] as [
    number,
    string,
  ];
  const post = (
    path: string,
    summary: string,
    body: v.GenericSchema,
    ok: ReturnType<typeof json>,
    more: [number, string][],
    secured = true,
  ) => ({
    method: 'POST' as const,
    path,
    doc: operation({
      summary,
      tags: tags2,
      ...(secured ? { security: session } : {}),
      requestBody: jsonBody(body),
      responses: { 200: ok, ...problems(...more, origin, limited) },
    }),
  });
  return [
    post(
      '/auth/two-factor/enable',
      'Start enrolment (password confirmed): a new authenticator secret and recovery codes. Sign-in needs the code only once a first code is confirmed.',
      PasswordConfirm,
      json(TwoFactorEnabling, 'The otpauth URI and the recovery codes.'),
      [[400, 'Wrong password (INVALID_PASSWORD), or already enabled.']],
    ),
    post(
      '/auth/two-factor/verify-totp',
      'A code from the authenticator: confirms enrolment (signed in), or finishes a sign-in (two_factor cookie from the password step) and sets the session cookie.',
      TwoFactorCode,
      json(TwoFactorVerified, 'Right code.'),
      [wrong, [400, 'Too many wrong codes for this sign-in: sign in again.']],
      false,
    ),
    post(
      '/auth/two-factor/verify-backup-code',
      'Finish a sign-in with a recovery code instead of a code; the code is used up.',
      RecoveryCode,
      json(TwoFactorVerified, 'Right recovery code.'),
      [wrong],
      false,
    ),
    post(
      '/auth/two-factor/disable',
      'Turn two-factor sign-in off (password confirmed); refused when your role requires it (STAFF_2FA).',
      PasswordConfirm,
      json(TwoFactorDisabled, 'Turned off.'),
      [
        [400, 'Wrong password.'],
        [403, 'Your role requires two-factor sign-in, or another origin.'],
      ],
    ),
    post(
      '/auth/two-factor/generate-backup-codes',
      'New recovery codes (password confirmed); the old ones stop working.',
      PasswordConfirm,
      json(RecoveryCodesRenewed, 'The new codes, shown this once.'),
      [[400, 'Wrong password, or two-factor sign-in is not on.']],
    ),
  ];
}
