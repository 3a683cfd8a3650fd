/**
 * /api/docs.json entries for better-auth's endpoints the admin uses (docs/decisions/151-auth-docs.md),
 * from the contract's schemas (src/contract/staff-auth.ts). The handler stays better-auth's.
 */
import { resolver } from 'hono-openapi';
import type * as v from 'valibot';
import {
  PasswordResetRequest,
  PasswordResetRequested,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SignInRequest,
  SignInResponse,
  SignOutResponse,
  StaffSession,
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
        200: json(SignInResponse, 'Signed in (Set-Cookie: sdg_admin.session_token).'),
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
] as const;
