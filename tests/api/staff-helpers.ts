/** Staff sign-in helpers for API tests: create staff directly, sign in through the real endpoint. */
import type { StaffRole } from '../../src/domain/staff-access.ts';
import { addStaff } from '../../src/server/auth/staff.ts';
import type { TestApi } from './harness.ts';

export const ORIGIN = 'http://localhost:4321';
export const PASSWORD = 'correct horse battery staple';

/** A session cookie header for a new staff member of this role. */
export async function signedIn(
  api: TestApi,
  role: StaffRole,
  opts: { email?: string; dealers?: string[] } = {},
) {
  const email = opts.email ?? `${role}-${Math.random().toString(36).slice(2, 8)}@motus.example`;
  await addStaff(api.deps, { email, name: `Test ${role}`, role, password: PASSWORD, dealers: opts.dealers });
  return signIn(api, email, PASSWORD);
}

let n = 0;
/** Each sign-in from its own documentation address unless told, so the per-address limit stays out of the way. */
export async function signIn(
  api: TestApi,
  email: string,
  password: string,
  ip = `203.0.113.${(n++ % 250) + 1}`,
) {
  const res = await api.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Forwarded-For': ip },
    body: JSON.stringify({ email, password }),
  });
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { res, cookie: cookies, headers: { Cookie: cookies, Origin: ORIGIN } };
}

/** The authenticator app: the current code for an otpauth:// URI (a code of another time window with `offset`). */
export async function totpCode(uri: string, offset = 0) {
  const { URI, TOTP } = await import('otpauth');
  const otp = URI.parse(uri);
  if (!(otp instanceof TOTP)) throw new Error('not a TOTP URI');
  return otp.generate({ timestamp: Date.now() + offset * otp.period * 1000 });
}

/** Cookie pairs of a response (name=value), to send back as a Cookie header. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !/=$/.test(c as string))
    .join('; ');
