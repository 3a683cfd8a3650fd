/** Staff sign-in: sessions in a hardened cookie, wrong passwords, rate limit, lockout, disabled accounts, first admin. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, ensureFirstAdmin, updateStaff } from '../../src/server/auth/staff.ts';
import { createLogger } from '../../src/server/log.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { ORIGIN, PASSWORD, signedIn, signIn } from './staff-helpers.ts';

describe.each(ENGINES)('staff sign-in on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, {
      TRUST_PROXY: '1',
      RATE_LIMIT_SIGN_IN: '4/60s',
      SIGN_IN_LOCKOUT: '3/15m',
      ADMIN_EMAIL: 'Boss@Motus.example',
      ADMIN_PASSWORD: 'first admin password 1',
    });
  });
  afterAll(() => api.close());

  it('creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD once, when there are no staff', async () => {
    const logger = createLogger('silent');
    expect(await ensureFirstAdmin(api.deps, logger)).toBe(true);
    expect(await ensureFirstAdmin(api.deps, logger)).toBe(false);
    const { res } = await signIn(api, 'boss@motus.example', 'first admin password 1', '198.51.100.1');
    expect(res.status).toBe(200);
  });

  it('signs in with e-mail and password into an HttpOnly, SameSite=Strict, Secure session cookie', async () => {
    const s = await signedIn(api, 'editor', { email: 'thandi@motus.example' });
    expect(s.res.status).toBe(200);
    const set = s.res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(set).toMatch(/^__Secure-sdg_admin\.session_token=/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).toMatch(/Secure/);
    const me = await api.json<{ user: { email: string; role: string } }>('/api/auth/get-session', {
      headers: s.headers,
    });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'thandi@motus.example', role: 'editor' });
    expect(me.res.headers.get('Cache-Control')).toBe('no-store');
    // The password is stored as a slow hash (scrypt), never as given.
    const account = await api.deps.db
      .selectFrom('staff_account')
      .select('password')
      .executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/); // scrypt salt:key
    expect(account.password).not.toContain(PASSWORD);
  });

  it('refuses a wrong password with 401 and does not say whether the e-mail exists', async () => {
    const wrong = await signIn(api, 'thandi@motus.example', 'not the password at all', '198.51.100.2');
    const unknown = await signIn(api, 'nobody@motus.example', 'not the password at all', '198.51.100.2');
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(await wrong.res.json()).toEqual(await unknown.res.json());
  });

  it('refuses a sign-in from another site (CSRF) when a session cookie is present', async () => {
    const s = await signedIn(api, 'editor');
    const res = await api.fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...s.headers, Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'https://evil.example',
        'X-Forwarded-For': '198.51.100.3',
      },
      body: JSON.stringify({ email: 'thandi@motus.example', password: PASSWORD }),
    });
    expect(res.status).toBe(403);
  });

  it('rate-limits sign-in attempts per client address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await signIn(api, `guess${i}@motus.example`, 'guess guess guess', '192.0.2.77')).res.status,
      );
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await signIn(api, 'thandi@motus.example', PASSWORD, '192.0.2.78')).res.status).toBe(200);
  });

  it('locks an account for a while after repeated wrong passwords, whatever the address', async () => {
    await addStaff(api.deps, {
      email: 'sipho@motus.example',
      name: 'Sipho',
      role: 'editor',
      password: PASSWORD,
    });
    for (let i = 0; i < 3; i++)
      expect(
        (await signIn(api, 'sipho@motus.example', 'wrong wrong wrong', `192.0.2.${10 + i}`)).res.status,
      ).toBe(401);
    const locked = await signIn(api, 'sipho@motus.example', PASSWORD, '192.0.2.20');
    expect(locked.res.status).toBe(429);
    expect(locked.res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(((await locked.res.json()) as { message: string }).message).toMatch(/try again in 15 minutes/);
  });

  it('refuses a disabled account and ends its sessions', async () => {
    const s = await signedIn(api, 'editor', { email: 'lerato@motus.example' });
    const id = String(((await s.res.json()) as { user: { id: string } }).user.id);
    await updateStaff(api.deps, id, { disabled: true });
    const me = await api.json('/api/auth/get-session', { headers: s.headers });
    expect(me.body).toBeNull();
    const again = await signIn(api, 'lerato@motus.example', PASSWORD, '192.0.2.30');
    expect(again.res.status).toBe(403);
  });

  it('signs out', async () => {
    const s = await signedIn(api, 'editor');
    const out = await api.fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...s.headers, 'Content-Type': 'application/json', Origin: ORIGIN },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect((await api.json('/api/auth/get-session', { headers: s.headers })).body).toBeNull();
  });
});

describe('staff configuration', () => {
  it('refuses to start in production without AUTH_SECRET, and with only one of ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const { loadConfig } = await import('../../src/config/server.ts');
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'production', LEAD_ENCRYPTION_KEY: key })).toThrow(
      /AUTH_SECRET is required/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/both ADMIN_EMAIL and ADMIN_PASSWORD/);
    const dev = loadConfig({ NODE_ENV: 'development' });
    expect(dev.staff).toMatchObject({ secretIsDev: true, secureCookies: false });
    expect(loadConfig({ NODE_ENV: 'test' }).staff.secureCookies).toBe(true);
  });
});
