/**
 * Two-factor sign-in (better-auth's twoFactor plugin, docs/decisions/200-staff-two-factor.md): enrolment
 * with the password, a confirmed code and recovery codes; the code asked after the password; wrong codes
 * refused; each recovery code once; STAFF_2FA deciding who must enrol, and nothing else open until they
 * have; turning it off; every step in the audit log with address and browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/server.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { cookiesOf, ORIGIN, PASSWORD, signedIn, signIn, totpCode } from './staff-helpers.ts';

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
type Json = Record<string, unknown>;

describe('STAFF_2FA', () => {
  const secrets = {
    AUTH_SECRET: 'x'.repeat(32),
    LEAD_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    PUBLIC_SITE_URL: 'https://www.example.co.za',
  };
  it('defaults to admins in production and off elsewhere, and refuses a bad value by name', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).staff.twoFactor).toBe('admins');
    expect(loadConfig({ NODE_ENV: 'development' }).staff.twoFactor).toBe('off');
    expect(loadConfig({ STAFF_2FA: 'all' }).staff.twoFactor).toBe('all');
    expect(() => loadConfig({ STAFF_2FA: 'sometimes' })).toThrow(
      /STAFF_2FA: must be 'admins', 'all' or 'off'/,
    );
  });
});

describe.each(ENGINES)('two-factor sign-in on %s', (engine) => {
  let api: TestApi;
  let n = 0;
  const ip = () => `198.51.100.${++n}`;
  const post = (path: string, body: unknown, cookie = '', addr = ip()) =>
    api.fetch(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: ORIGIN,
        'User-Agent': UA,
        'X-Forwarded-For': addr,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const get = (path: string, cookie: string) => api.json<Json>(path, { headers: { Cookie: cookie } });

  /** Signs in as a new member of `role` and enrols them; answers their URI, recovery codes and cookie. */
  async function enrolled(role: 'admin' | 'editor' | 'finance', email: string) {
    const s = await signedIn(api, role, { email });
    const start = await post('/api/auth/two-factor/enable', { password: PASSWORD }, s.cookie);
    expect(start.status).toBe(200);
    const { totpURI, backupCodes } = (await start.json()) as { totpURI: string; backupCodes: string[] };
    const ok = await post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) }, s.cookie);
    expect(ok.status).toBe(200);
    return { totpURI, backupCodes, cookie: cookiesOf(ok) };
  }
  /** The password step: answers the pending sign-in's cookie (no session yet). */
  async function passwordStep(email: string, password = PASSWORD) {
    const r = await post('/api/auth/sign-in/email', { email, password });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const cookie = cookiesOf(r);
    expect(cookie).toMatch(/two_factor=/);
    expect(cookie).not.toMatch(/session_token=/);
    return cookie;
  }

  beforeAll(async () => {
    api = await openTestApi(engine, { STAFF_2FA: 'admins', TRUST_PROXY: '1', RATE_LIMIT_SIGN_IN: '50/60s' });
  });
  afterAll(() => api.close());

  it('keeps an admin who has not enrolled to enrolment: everything else answers 403 until they do', async () => {
    const s = await signedIn(api, 'admin', { email: 'new.admin@motus.example' });
    const me = await get('/api/admin/account', s.cookie);
    expect(me.status).toBe(200);
    expect(me.body.two_factor).toEqual({ enabled: false, required: true, policy: 'admins' });
    const staff = await get('/api/admin/staff', s.cookie);
    expect(staff.status).toBe(403);
    expect(String(staff.body.detail)).toMatch(/needs two-factor sign-in/);
    // A wrong password does not start enrolment.
    const wrong = await post('/api/auth/two-factor/enable', { password: 'not my password at all' }, s.cookie);
    expect(wrong.status).toBe(400);
    const start = await post('/api/auth/two-factor/enable', { password: PASSWORD }, s.cookie);
    const { totpURI, backupCodes } = (await start.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(backupCodes).toHaveLength(10);
    // Not on until a code confirms the app has the secret.
    expect((await get('/api/admin/staff', s.cookie)).status).toBe(403);
    const bad = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, s.cookie);
    expect(bad.status).toBe(401);
    const ok = await post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) }, s.cookie);
    expect(ok.status).toBe(200);
    const cookie = cookiesOf(ok);
    expect((await get('/api/admin/staff', cookie)).status).toBe(200);
    expect((await get('/api/admin/account', cookie)).body.two_factor).toMatchObject({ enabled: true });
  });

  it('asks for the code after the password; a wrong code is refused and the right one signs in', async () => {
    const { totpURI } = await enrolled('admin', 'code.admin@motus.example');
    const pending = await passwordStep('code.admin@motus.example');
    // The pending sign-in is no session.
    expect((await get('/api/admin/account', pending)).status).toBe(401);
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '123456' }, pending);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid code' });
    const right = await post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) }, pending);
    expect(right.status).toBe(200);
    const me = await get('/api/admin/account', cookiesOf(right));
    expect(me.body).toMatchObject({ email: 'code.admin@motus.example', role: 'admin' });
    // A code from long ago (the secret is the same, the time is not) is refused.
    const again = await passwordStep('code.admin@motus.example');
    const old = await post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI, -20) }, again);
    expect(old.status).toBe(401);
  });

  it('refuses to remember a device, so the code is asked at every sign-in', async () => {
    const { totpURI } = await enrolled('editor', 'trust.editor@motus.example');
    const pending = await passwordStep('trust.editor@motus.example');
    const r = await post(
      '/api/auth/two-factor/verify-totp',
      { code: await totpCode(totpURI), trustDevice: true },
      pending,
    );
    expect(r.status).toBe(400);
    expect(cookiesOf(r)).not.toMatch(/trust_device|session_token/);
  });

  it('takes each recovery code once instead of a code', async () => {
    const { backupCodes } = await enrolled('admin', 'recovery.admin@motus.example');
    const code = backupCodes[0] as string;
    const first = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code },
      await passwordStep('recovery.admin@motus.example'),
    );
    expect(first.status).toBe(200);
    expect((await get('/api/admin/account', cookiesOf(first))).status).toBe(200);
    const second = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code },
      await passwordStep('recovery.admin@motus.example'),
    );
    expect(second.status).toBe(401);
    expect(await second.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
    const other = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[1] },
      await passwordStep('recovery.admin@motus.example'),
    );
    expect(other.status).toBe(200);
  });

  it('lets an editor turn it off with their password, but not an admin whose role requires it', async () => {
    const editor = await enrolled('editor', 'off.editor@motus.example');
    expect(
      (await post('/api/auth/two-factor/disable', { password: 'wrong password here' }, editor.cookie)).status,
    ).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, editor.cookie);
    expect(off.status).toBe(200);
    // Back to the password alone.
    const plain = await signIn(api, 'off.editor@motus.example', PASSWORD, ip());
    expect(plain.cookie).toMatch(/session_token=/);
    const admin = await enrolled('admin', 'stays.admin@motus.example');
    const refused = await post('/api/auth/two-factor/disable', { password: PASSWORD }, admin.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect((await get('/api/admin/account', admin.cookie)).body.two_factor).toMatchObject({ enabled: true });
  });

  it('does not hold an editor to it under STAFF_2FA=admins', async () => {
    const s = await signedIn(api, 'editor', { email: 'free.editor@motus.example' });
    expect((await get('/api/admin/account', s.cookie)).body.two_factor).toEqual({
      enabled: false,
      required: false,
      policy: 'admins',
    });
    expect((await get('/api/editor/specials', s.cookie)).status).toBe(200);
  });

  it('records enrolment, code and recovery-code sign-ins and turning it off, with address and browser', async () => {
    const auditor = await enrolled('admin', 'audit.admin@motus.example');
    const log = await get('/api/admin/audit_log?itemsPerPage=200', auditor.cookie);
    const entries = log.body['hydra:member'] as Json[];
    const of = (email: string, action: string) =>
      entries.filter((e) => e.actor_name === email && e.action === action);
    expect(of('audit.admin@motus.example', 'auth.two_factor_enabled')).toHaveLength(1);
    const enabled = of('audit.admin@motus.example', 'auth.two_factor_enabled')[0] as Json;
    expect(enabled.ip).toMatch(/^198\.51\.100\./);
    expect(enabled.browser).toBe('Chrome 131 on Windows');
    expect(of('recovery.admin@motus.example', 'auth.recovery_code_used')).toHaveLength(2);
    expect(of('code.admin@motus.example', 'auth.sign_in').map((e) => (e.after as Json).method)).toContain(
      'authenticator code',
    );
    expect(of('off.editor@motus.example', 'auth.two_factor_disabled')).toHaveLength(1);
  });
});
