/**
 * A signed-in staff member's own account, whatever their role (docs/decisions/200-staff-two-factor.md):
 * who they are and where they stand on two-factor sign-in, their sessions (end one, or all the others),
 * and changing their password, which ends every other session. Two-factor enrolment itself is
 * better-auth's (/api/auth/two-factor/*). Open to a member who still has to enrol, so they can.
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { Account, AccountSession, PasswordChangeInput, SessionsEnded } from '../../contract/staff-account.ts';
import { audit } from '../auth/audit.ts';
import { CLIENT_IP_HEADER } from '../auth/auth-hooks.ts';
import { clearFailures, lockedFor, recordFailure } from '../auth/lockout.ts';
import { principalOf, requireScope } from '../auth/principal.ts';
import { endSession, endSessions, listSessions } from '../auth/sessions.ts';
import { staffAuth } from '../auth/staff-auth.ts';
import { twoFactorEnabled, twoFactorRequired } from '../auth/two-factor.ts';
import type { Deps } from '../deps.ts';
import { jsonInput } from '../http/json-body.ts';
import { checkPath, pathText } from '../http/params.ts';
import { clientAddress } from '../http/proxy.ts';
import { validate } from '../http/validate.ts';
import { collection, item, notFound, problem, violationError } from '../hydra.ts';
import { collectionOk, jsonBody, ld, problems, staffOperations } from '../openapi/describe.ts';

const op = staffOperations(
  'Account',
  problems(
    [401, 'No staff session.'],
    [403, 'An API key (accounts are for people), or a write from another origin.'],
  ),
);
const LD = { 'Content-Type': 'application/ld+json; charset=utf-8' };
const bySession = checkPath(v.object({ id: pathText('Session id') }));
const me = (c: Context) => {
  const p = principalOf(c);
  if (p.type !== 'staff') throw new Error('account routes are for staff only (requireScope)');
  return p;
};

export function adminAccountRoutes(deps: Deps) {
  const app = new Hono();
  const signedIn = requireScope(deps, null);
  app.use('/admin/account', signedIn);
  app.use('/admin/account/*', signedIn);
  const log = (c: Context, action: string, after?: unknown) =>
    audit(c, deps.db, deps.config.trustProxy, { action, resource: 'staff', resourceId: me(c).id, after });

  app.get(
    '/admin/account',
    op('You: name, role, and two-factor sign-in (enabled, required by your role under STAFF_2FA).', {
      200: ld(Account, 'OK'),
    }),
    async (c) => {
      const p = me(c);
      const policy = deps.config.staff.twoFactor;
      return item(c, 'Account', '/api/admin/account', {
        id: p.id,
        email: p.email,
        name: p.name,
        role: p.role || null,
        dealers: p.role === 'dealer' ? p.dealers : null,
        two_factor: {
          enabled: await twoFactorEnabled(deps.db, p.id),
          required: twoFactorRequired(p.role, policy),
          policy,
        },
      });
    },
  );

  app.get(
    '/admin/account/sessions',
    op(
      'Your signed-in sessions, this one first: browser, address, when started and last used.',
      collectionOk(AccountSession),
    ),
    async (c) => {
      const p = me(c);
      const rows = await listSessions(deps, p.id, p.sessionId);
      const members = rows.map((s) => ({
        '@id': `/api/admin/account/sessions/${s.id}`,
        '@type': 'AccountSession',
        ...s,
      }));
      return collection(c, 'AccountSession', members, members.length);
    },
  );

  app.delete(
    '/admin/account/sessions',
    op('End all your other sessions (sign out everywhere else); this one stays.', {
      200: ld(SessionsEnded, 'Ended.'),
    }),
    async (c) => {
      const p = me(c);
      const ended = await endSessions(deps, p.id, p.sessionId);
      await log(c, 'auth.sessions_ended', { ended, which: 'all others' });
      return c.json({ ended }, 200, LD);
    },
  );

  app.delete(
    '/admin/account/sessions/:id',
    op('End one of your other sessions (to end this one, sign out).', {
      204: { description: 'Ended.' },
      ...problems(404, [409, 'This is the session you are using: sign out instead.']),
    }),
    bySession,
    async (c) => {
      const p = me(c);
      const id = String(c.req.param('id'));
      if (id === p.sessionId)
        return problem(c, 409, 'Conflict', 'This is the session you are using: sign out instead.');
      if (!(await endSession(deps, p.id, id))) throw notFound('Session', id);
      await log(c, 'auth.session_ended', { session: id });
      return c.body(null, 204);
    },
  );

  app.post(
    '/admin/account/password',
    op(
      'Change your password (the current one is required). Every other session of yours ends; this one gets a new cookie.',
      {
        200: ld(SessionsEnded, 'Changed; ended counts your other sessions that ended.'),
        ...problems(
          400,
          413,
          415,
          [422, 'Violations naming each field (a wrong current password too).'],
          429,
        ),
      },
      { requestBody: jsonBody(PasswordChangeInput) },
    ),
    jsonInput,
    async (c) => {
      const input = validate(PasswordChangeInput, c.var.body);
      const p = me(c);
      const wait = await lockedFor(deps.db, p.email);
      if (wait > 0) {
        c.header('Retry-After', String(Math.ceil(wait / 1000)));
        return problem(c, 429, 'Too Many Requests', 'Too many wrong passwords: try again later.');
      }
      const others = (await listSessions(deps, p.id)).length - 1;
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, clientAddress(c, deps.config.trustProxy));
      let result: { headers: Headers };
      try {
        result = await staffAuth(deps).api.changePassword({
          body: {
            currentPassword: input.current_password,
            newPassword: input.new_password,
            revokeOtherSessions: true,
          },
          headers,
          returnHeaders: true,
        });
      } catch (err) {
        const code = (err as { body?: { code?: string } }).body?.code;
        if (code !== 'INVALID_PASSWORD') throw err;
        await recordFailure(deps.db, p.email, deps.config.staff.lockout);
        throw violationError([
          { propertyPath: 'current_password', message: 'The current password is wrong', code: 'invalid' },
        ]);
      }
      await clearFailures(deps.db, p.email);
      for (const cookie of result.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ ended: Math.max(0, others) }, 200, LD);
    },
  );
  return app;
}
