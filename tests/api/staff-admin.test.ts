/** Admin screens' API: invitations by e-mail, password reset, roles and dealer links, API keys, the audit log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './harness.ts';
import { startSmtp, waitFor } from './lead-receivers.ts';
import { openPublishApi, type PublishApi } from './publish-helpers.ts';
import { ORIGIN, PASSWORD, signedIn, signIn } from './staff-helpers.ts';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
type Body = Record<string, unknown> & {
  violations?: { propertyPath: string; message: string }[];
  'hydra:member': Record<string, unknown>[];
};

describe.each(ENGINES)('admin API on %s', (engine) => {
  let api: PublishApi;
  let smtp: Smtp;
  let admin: Record<string, string>;
  const send = (method: string, path: string, body?: unknown, headers = admin) =>
    api.json<Body>(path, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const linkIn = (raw: string) => {
    const flat = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return /token=([A-Za-z0-9_-]+)/.exec(flat)?.[1] as string;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await openPublishApi(engine, { env: { SMTP_URL: smtp.url, TRUST_PROXY: '1' } });
    admin = (await signedIn(api, 'admin', { email: 'admin@motus.example' })).headers;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('invites a staff member by e-mail; the link sets a password that signs in', async () => {
    const r = await send('POST', '/api/admin/staff', {
      email: 'Nomsa@Motus.example',
      name: 'Nomsa Dube',
      role: 'editor',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ email: 'nomsa@motus.example', role: 'editor', disabled: false });
    const mail = smtp.messages.find((m) => m.to.includes('nomsa@motus.example'));
    expect(mail?.raw).toMatch(/invited you/);
    const token = linkIn(mail?.raw ?? '');
    expect(token).toBeTruthy();
    const set = await api.fetch('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ token, newPassword: 'nomsa chooses a long password' }),
    });
    expect(set.status).toBe(200);
    expect((await signIn(api, 'nomsa@motus.example', 'nomsa chooses a long password')).res.status).toBe(200);
    // The link works once.
    const again = await api.fetch('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ token, newPassword: 'someone else tries this' }),
    });
    expect(again.status).toBe(400);
  });

  it('sends a password reset e-mail whose link sets a new password', async () => {
    await signedIn(api, 'editor', { email: 'forgetful@motus.example' });
    const ask = await api.fetch('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Forwarded-For': '203.0.113.50' },
      body: JSON.stringify({ email: 'forgetful@motus.example' }),
    });
    expect(ask.status).toBe(200);
    // An address without an account gets the very same answer, and no e-mail is sent to it.
    const stranger = await api.fetch('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Forwarded-For': '203.0.113.51' },
      body: JSON.stringify({ email: 'nobody-here@motus.example' }),
    });
    expect(stranger.status).toBe(200);
    expect(await stranger.json()).toEqual(await ask.json());
    // The e-mail goes out in the background (so the answer's timing does not tell either).
    await waitFor(
      () => smtp.messages.some((m) => m.to.includes('forgetful@motus.example')),
      10_000,
      'reset mail',
    );
    expect(smtp.messages.some((m) => m.to.includes('nobody-here@motus.example'))).toBe(false);
    const mail = smtp.messages.find((m) => m.to.includes('forgetful@motus.example'));
    expect(mail?.raw).toMatch(/Reset your password/);
    const token = linkIn(mail?.raw ?? '');
    const set = await api.fetch('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ token, newPassword: 'a brand new long password' }),
    });
    expect(set.status).toBe(200);
    expect((await signIn(api, 'forgetful@motus.example', PASSWORD)).res.status).toBe(401);
    expect((await signIn(api, 'forgetful@motus.example', 'a brand new long password')).res.status).toBe(200);
  });

  it('lists better-auth’s sign-in, sign-out, session and reset endpoints in /api/docs.json', async () => {
    const doc = (
      await api.json<{ paths: Record<string, Record<string, { tags: string[] }>> }>('/api/docs.json')
    ).body;
    for (const [method, path] of [
      ['post', '/api/auth/sign-in/email'],
      ['post', '/api/auth/sign-out'],
      ['get', '/api/auth/get-session'],
      ['post', '/api/auth/request-password-reset'],
      ['post', '/api/auth/reset-password'],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['Staff sign-in']);
  });

  it('names the problem when a new staff member is invalid', async () => {
    const r = await send('POST', '/api/admin/staff', { email: 'not-an-email', name: '', role: 'boss' });
    expect(r.status).toBe(422);
    expect(r.body.violations?.map((v) => v.propertyPath).sort()).toEqual(['email', 'name', 'role']);
    const dealer = await send('POST', '/api/admin/staff', {
      email: 'd@motus.example',
      name: 'D',
      role: 'dealer',
    });
    expect(dealer.status).toBe(422);
    expect(dealer.body.violations?.[0]).toMatchObject({ propertyPath: 'dealers' });
    const dup = await send('POST', '/api/admin/staff', {
      email: 'admin@motus.example',
      name: 'Again',
      role: 'editor',
    });
    expect(dup.body.violations?.[0]).toMatchObject({ propertyPath: 'email' });
  });

  it('links a dealer user to their dealership, changes roles and disables, auditing each change', async () => {
    const r = await send('POST', '/api/admin/staff', {
      email: 'westrand@motus.example',
      name: 'West Rand Stock',
      role: 'dealer',
      dealers: ['motus-subaru-west-rand'],
      password: PASSWORD,
    });
    expect(r.status).toBe(201);
    expect(r.body.dealers).toEqual(['motus-subaru-west-rand']);
    const id = String(r.body.id);
    const up = await send('PATCH', `/api/admin/staff/${id}`, { role: 'editor' });
    expect(up.body).toMatchObject({ role: 'editor', dealers: [] });
    const off = await send('PATCH', `/api/admin/staff/${id}`, { disabled: true });
    expect(off.body.disabled).toBe(true);
    const log = await send('GET', `/api/admin/audit_log?resource=staff&resource_id=${id}`);
    expect(log.body['hydra:member'].map((e) => e.action)).toEqual([
      'staff.update',
      'staff.update',
      'staff.add',
    ]);
    expect(log.body['hydra:member'][1]).toMatchObject({
      actor_name: 'admin@motus.example',
      before: { role: 'dealer' },
      after: { role: 'editor' },
    });
  });

  it('does not let an admin disable themselves', async () => {
    const me = await api.json<{ user: { id: string } }>('/api/auth/get-session', { headers: admin });
    const r = await send('PATCH', `/api/admin/staff/${me.body.user.id}`, { disabled: true });
    expect(r.status).toBe(422);
  });

  it('creates an API key shown once, which works for its scope until revoked', async () => {
    const r = await send('POST', '/api/admin/api_keys', {
      name: 'DMS stock feed',
      scopes: ['content:write'],
    });
    expect(r.status).toBe(201);
    const key = String(r.body.key);
    expect(key).toMatch(/^sdgk_/);
    const listed = await send('GET', '/api/admin/api_keys');
    const shown = listed.body['hydra:member'].find((k) => k.id === r.body.id);
    expect(shown).toMatchObject({ name: 'DMS stock feed', scopes: ['content:write'], active: true });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const stored = await api.deps.db
      .selectFrom('api_keys')
      .select('key_hash')
      .where('id', '=', String(r.body.id))
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(key);
    const use = { Authorization: `Bearer ${key}` };
    expect((await api.fetch('/api/editor/specials', { headers: use })).status).toBe(200);
    expect((await api.fetch('/api/builds', { headers: use })).status).toBe(403);
    expect((await send('DELETE', `/api/admin/api_keys/${r.body.id}`)).status).toBe(204);
    expect((await api.fetch('/api/editor/specials', { headers: use })).status).toBe(401);
    const bad = await send('POST', '/api/admin/api_keys', { name: 'x', scopes: ['staff:manage'] });
    expect(bad.status).toBe(422);
    expect(bad.body.violations?.[0]?.propertyPath).toBe('scopes.0');
  });

  it("takes a key's expiry as a day (to its end on the group's clock) or an instant, stored in UTC; refuses the past and nonsense by name", async () => {
    const create = (expires_at: unknown) =>
      send('POST', '/api/admin/api_keys', { name: 'Expiring feed', scopes: ['content:write'], expires_at });
    const year = new Date().getUTCFullYear() + 1;
    const day = await create(`${year}-01-31`);
    expect(day.status).toBe(201);
    // The end of 31 January in Johannesburg (UTC+2) is 22:00 UTC that day.
    expect(day.body.expires_at).toBe(`${year}-01-31T22:00:00.000Z`);
    const instant = await create(`${year}-03-01T09:30:00+02:00`);
    expect(instant.status).toBe(201);
    expect(instant.body.expires_at).toBe(`${year}-03-01T07:30:00.000Z`);
    const use = { Authorization: `Bearer ${String(instant.body.key)}` };
    expect((await api.fetch('/api/editor/specials', { headers: use })).status).toBe(200);
    for (const [value, message] of [
      ['2020-01-01', 'Expiry must be in the future'],
      [`${year}-02-30`, 'Expiry must be a date (YYYY-MM-DD) or an ISO date-time'],
      ['next week', 'Expiry must be a date (YYYY-MM-DD) or an ISO date-time'],
      [`${year}-01-31T10:00:00`, 'Expiry must be a date (YYYY-MM-DD) or an ISO date-time'],
    ] as const) {
      const bad = await create(value);
      expect(bad.status, value).toBe(422);
      expect(bad.body.violations?.[0]).toMatchObject({ propertyPath: 'expires_at', message });
    }
  });

  it('records a content change with who, when, before and after', async () => {
    const editor = await signedIn(api, 'editor', { email: 'pricing@motus.example' });
    const before = await api.json<Record<string, unknown>>('/api/editor/specials/1', {
      headers: editor.headers,
    });
    const r = await send('PATCH', '/api/editor/specials/1', { price: 512_900 }, editor.headers);
    expect(r.status).toBe(200);
    const log = await send('GET', '/api/admin/audit_log?resource=specials&resource_id=1');
    const entry = log.body['hydra:member'][0];
    expect(entry).toMatchObject({
      action: 'content.update',
      actor_type: 'staff',
      actor_name: 'pricing@motus.example',
      before: { price: before.body.price },
      after: { price: 512_900 },
    });
    expect(Date.now() - Date.parse(String(entry?.at))).toBeLessThan(60_000);
  });
});
