/**
 * Your sessions and your password (docs/decisions/200-staff-two-factor.md): the list with browser,
 * address and "this device"; ending one or all the others; an admin signing someone out everywhere, and
 * disabling them; changing your password, which ends the other sessions; links to choose a password
 * handed back to the admin when they could not be e-mailed (never in production).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/auth/api-keys.ts';
import { addStaff } from '../../src/server/auth/staff.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { cookiesOf, ORIGIN, PASSWORD, signedIn, signIn } from './staff-helpers.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
type Json = Record<string, unknown> & {
  'hydra:member': Json[];
  violations?: { propertyPath: string; message: string }[];
};

describe.each(ENGINES)('staff sessions and passwords on %s', (engine) => {
  let api: TestApi;
  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    api.json<Json>(path, {
      method,
      headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** Signs in from a browser and address of its own; answers the cookie. */
  async function from(email: string, ua: string, addr: string, password = PASSWORD) {
    const res = await api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: ORIGIN,
        'User-Agent': ua,
        'X-Forwarded-For': addr,
      },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    return cookiesOf(res);
  }
  const alive = async (cookie: string) => (await send('GET', '/api/admin/account', cookie)).status === 200;

  beforeAll(async () => {
    api = await openTestApi(engine, { TRUST_PROXY: '1', RATE_LIMIT_SIGN_IN: '50/60s' });
  });
  afterAll(() => api.close());

  it('lists your sessions with browser, address, last use and this device; ends one, then all the others', async () => {
    const email = 'sessions.editor@motus.example';
    const laptop = (await signedIn(api, 'editor', { email })).cookie;
    const desk = await from(email, FIREFOX, '198.51.100.21');
    const phone = await from(email, IPHONE, '198.51.100.22');
    const list = await send('GET', '/api/admin/account/sessions', desk);
    expect(list.status).toBe(200);
    const rows = list.body['hydra:member'];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ current: true, device: 'Firefox 140 on Linux', ip: '198.51.100.21' });
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    const iphone = rows.find((r) => r.ip === '198.51.100.22') as Json;
    expect(iphone.device).toBe('Safari 18 on iOS (mobile)');
    expect(Date.parse(String(iphone.last_seen_at))).toBeGreaterThan(Date.now() - 60_000);

    // Ending this one is signing out; another member's session is not yours to end.
    expect((await send('DELETE', `/api/admin/account/sessions/${rows[0]?.id}`, desk)).status).toBe(409);
    const stranger = (await signedIn(api, 'editor')).cookie;
    expect((await send('DELETE', `/api/admin/account/sessions/${iphone.id}`, stranger)).status).toBe(404);

    expect((await send('DELETE', `/api/admin/account/sessions/${iphone.id}`, desk)).status).toBe(204);
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(true);
    const rest = await send('DELETE', '/api/admin/account/sessions', desk);
    expect(rest.body).toMatchObject({ ended: 1 });
    expect(await alive(laptop)).toBe(false);
    expect(await alive(desk)).toBe(true);
  });

  it('lets an admin sign a member out everywhere, and disabling does so too; both are audited', async () => {
    const admin = (await signedIn(api, 'admin', { email: 'boss@motus.example' })).cookie;
    const email = 'dealer.user@motus.example';
    const one = (await signedIn(api, 'dealer', { email, dealers: ['motus-subaru-west-rand'] })).cookie;
    const two = await from(email, FIREFOX, '198.51.100.31');
    const id = (await send('GET', '/api/admin/account', one)).body.id as string;
    const out = await send('DELETE', `/api/admin/staff/${id}/sessions`, admin);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ended: 2 });
    expect(await alive(one)).toBe(false);
    expect(await alive(two)).toBe(false);
    // An editor may not.
    const editor = (await signedIn(api, 'editor')).cookie;
    expect((await send('DELETE', `/api/admin/staff/${id}/sessions`, editor)).status).toBe(403);

    const three = await from(email, FIREFOX, '198.51.100.32');
    expect((await send('PATCH', `/api/admin/staff/${id}`, admin, { disabled: true })).status).toBe(200);
    expect(await alive(three)).toBe(false);
    const log = await send(
      'GET',
      `/api/admin/audit_log?resource_id=${id}&action=staff.sessions_revoked`,
      admin,
    );
    expect(log.body['hydra:member'].map((e) => e.after)).toEqual([{ ended: 1 }, { ended: 2 }]);
  });

  it('changes your password with the current one; the other sessions end, this one goes on', async () => {
    const email = 'changer@motus.example';
    const here = (await signedIn(api, 'finance', { email })).cookie;
    const there = await from(email, IPHONE, '198.51.100.41');
    const wrong = await send('POST', '/api/admin/account/password', here, {
      current_password: 'this is not my password',
      new_password: 'a brand new long password',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'current_password', message: 'The current password is wrong' }),
    ]);
    const short = await send('POST', '/api/admin/account/password', here, {
      current_password: PASSWORD,
      new_password: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body.violations?.[0]?.propertyPath).toBe('new_password');
    const missing = await send('POST', '/api/admin/account/password', here, {});
    expect(missing.body.violations?.map((v) => v.propertyPath).sort()).toEqual([
      'current_password',
      'new_password',
    ]);

    const ok = await api.fetch('/api/admin/account/password', {
      method: 'POST',
      headers: { Cookie: here, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ current_password: PASSWORD, new_password: 'a brand new long password' }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ended: 1 });
    const renewed = cookiesOf(ok);
    expect(renewed).toMatch(/session_token=/);
    expect(await alive(renewed)).toBe(true);
    expect(await alive(there)).toBe(false);
    expect((await signIn(api, email, PASSWORD, '198.51.100.42')).res.status).toBe(401);
    expect((await signIn(api, email, 'a brand new long password', '198.51.100.43')).res.status).toBe(200);
    const boss = (await signedIn(api, 'admin')).cookie;
    const log = await send(
      'GET',
      '/api/admin/audit_log?action=auth.password_changed&actor_name=changer@motus.example',
      boss,
    );
    expect(log.body['hydra:member']).toHaveLength(1);
  });

  it('has no account for an API key: 403', async () => {
    const { key } = await createApiKey(api.deps.db, {
      name: 'feed',
      scopes: ['content:write'],
      createdBy: null,
    });
    const res = await api.fetch('/api/admin/account/sessions', {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(403);
  });

  it('hands the invitation and reset links to the admin when no e-mail could go, at PUBLIC_SITE_URL', async () => {
    const admin = (await signedIn(api, 'admin')).cookie;
    const made = await send('POST', '/api/admin/staff', admin, {
      email: 'lindiwe@motus.example',
      name: 'Lindiwe Khumalo',
      role: 'dealer',
      dealers: ['motus-subaru-west-rand'],
    });
    expect(made.status).toBe(201);
    const invitation = made.body.invitation as { emailed: boolean; link: string };
    expect(invitation.emailed).toBe(false);
    expect(invitation.link).toMatch(
      /^http:\/\/localhost:4321\/admin\/#\/reset-password\?token=[\w-]+&invite=1$/,
    );
    const token = new URLSearchParams(invitation.link.split('?')[1]).get('token');
    const set = await api.fetch('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ token, newPassword: 'lindiwe picks a password' }),
    });
    expect(set.status).toBe(200);
    expect(
      (await signIn(api, 'lindiwe@motus.example', 'lindiwe picks a password', '198.51.100.51')).res.status,
    ).toBe(200);

    const reset = await send('POST', `/api/admin/staff/${made.body.id}/password-reset`, admin);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      emailed: false,
      link: expect.stringMatching(/reset-password\?token=/),
    });
    expect((await send('POST', '/api/admin/staff/nobody/password-reset', admin)).status).toBe(404);
  });
});

describe.each(ENGINES)('password links in production on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a production secret of at least 32 chars',
      LEAD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_SITE_URL: 'https://www.example.co.za',
      STAFF_2FA: 'off',
    });
  });
  afterAll(() => api.close());

  it('never hands the link back: the answer says plainly that no e-mail went', async () => {
    await addStaff(api.deps, {
      email: 'prod.admin@motus.example',
      name: 'Admin',
      role: 'admin',
      password: PASSWORD,
    });
    const signIn = await api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://www.example.co.za' },
      body: JSON.stringify({ email: 'prod.admin@motus.example', password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const made = await api.json<Json>('/api/admin/staff', {
      method: 'POST',
      headers: {
        Cookie: cookiesOf(signIn),
        Origin: 'https://www.example.co.za',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email: 'prod@motus.example', name: 'Prod User', role: 'editor' }),
    });
    expect(made.status).toBe(201);
    expect(made.body.invitation).toEqual({ emailed: false });
  });
});
