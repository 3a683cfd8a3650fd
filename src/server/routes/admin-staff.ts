/**
 * Staff management for admins: list, invite (or add with a password), change role, dealer
 * links and name, disable. Every change is audited with the record before and after.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { Staff, StaffCreateInput, StaffUpdateInput } from '../../contract/staff.ts';
import { PasswordLinkDelivery, SessionsEnded } from '../../contract/staff-account.ts';
import { audit } from '../auth/audit.ts';
import { type LinkDelivery, sendPasswordReset } from '../auth/password-links.ts';
import { principalOf, requireScope } from '../auth/principal.ts';
import { endSessions } from '../auth/sessions.ts';
import {
  addStaff,
  getStaff,
  inviteStaff,
  listStaff,
  StaffError,
  type StaffView,
  updateStaff,
} from '../auth/staff.ts';
import type { Deps } from '../deps.ts';
import { type JsonBodyEnv, jsonInput } from '../http/json-body.ts';
import { listQuery, pageOf } from '../http/list-query.ts';
import { checkPath, pathText } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { collection, item, notFound, problem, violationError } from '../hydra.ts';
import type { Logger } from '../log.ts';
import { collectionOk, jsonBody, ld, problems, staffGuard, staffOperations } from '../openapi/describe.ts';

// The schemas live in the contract (src/contract/staff.ts); these names stay for existing imports.
const CreateStaffSchema = StaffCreateInput;
const UpdateStaffSchema = StaffUpdateInput;
const byId = checkPath(v.object({ id: pathText('Staff id') }));
const op = staffOperations(
  'Admin',
  staffGuard('Only admins manage staff (staff:manage); API keys never do.'),
);
const written = (status: number, description: string) => ({
  [status]: ld(Staff, description),
  ...problems(400, 413, 415, [422, 'Violations naming each field.']),
});

const LD = { 'Content-Type': 'application/ld+json; charset=utf-8' };
const iri = (id: string) => `/api/admin/staff/${id}`;
const present = (s: StaffView) => ({ '@id': iri(s.id), '@type': 'Staff', ...s });

const asViolation = (err: unknown) => {
  if (err instanceof StaffError)
    return violationError([{ propertyPath: err.field, message: err.message, code: 'invalid' }]);
  return err;
};

export function adminStaffRoutes(deps: Deps, logger?: Logger) {
  const app = new Hono();
  app.use('/admin/staff/*', requireScope(deps, 'staff:manage')); // and '/admin/staff' itself
  const log = (c: import('hono').Context, e: Parameters<typeof audit>[3]) =>
    audit(c, deps.db, deps.config.trustProxy, e);

  app.get(
    '/admin/staff',
    op(
      'Staff accounts: page, itemsPerPage, order[email|name|role|created_at], q (e-mail or name), role.',
      collectionOk(Staff),
    ),
    async (c) => {
      const q = listQuery(c, ['email', 'name', 'role', 'created_at']);
      let rows = await listStaff(deps);
      if (q.q) rows = rows.filter((s) => `${s.email} ${s.name}`.toLowerCase().includes(q.q as string));
      const roleFilter = c.req.query('role');
      if (roleFilter) rows = rows.filter((s) => s.role === roleFilter);
      const { members, total } = pageOf(rows, q);
      return collection(c, 'Staff', members.map(present), total);
    },
  );

  app.get(
    '/admin/staff/:id',
    op('One staff account.', { 200: ld(Staff, 'OK'), ...problems(404) }),
    byId,
    async (c) => {
      const s = await getStaff(deps, String(c.req.param('id')));
      if (!s) throw notFound('Staff member', String(c.req.param('id')));
      return item(c, 'Staff', iri(s.id), s);
    },
  );

  app.post(
    '/admin/staff',
    op(
      'Add a staff member (with a password) or invite one by e-mail (without).',
      written(201, 'Created; Location names it.'),
      {
        requestBody: jsonBody(StaffCreateInput),
      },
    ),
    jsonInput,
    async (c) => {
      const input = validate(CreateStaffSchema, c.var.body);
      const me = principalOf(c);
      const by = me.type === 'staff' ? me.name : 'An admin';
      let s: StaffView;
      let invitation: LinkDelivery | undefined;
      try {
        if (input.password) s = await addStaff(deps, input);
        else ({ member: s, invitation } = await inviteStaff(deps, logger, input, by));
      } catch (err) {
        throw asViolation(err);
      }
      await log(c, {
        action: input.password ? 'staff.add' : 'staff.invite',
        resource: 'staff',
        resourceId: s.id,
        after: s,
      });
      c.header('Location', iri(s.id));
      return item(c, 'Staff', iri(s.id), invitation ? { ...s, invitation } : s, 201);
    },
  );

  const update = async (c: import('hono').Context<JsonBodyEnv>) => {
    const body = c.var.body;
    // react-admin sends the whole record back; only the editable fields count.
    const input = validate(
      UpdateStaffSchema,
      Object.fromEntries(Object.entries(body).filter(([k]) => k in UpdateStaffSchema.entries)),
    );
    const id = String(c.req.param('id'));
    const me = principalOf(c);
    if (me.type === 'staff' && me.id === id && (input.disabled || (input.role && input.role !== 'admin')))
      throw violationError([
        {
          propertyPath: input.disabled ? 'disabled' : 'role',
          message: 'You cannot disable yourself or give up your own admin role',
          code: 'self',
        },
      ]);
    let r: Awaited<ReturnType<typeof updateStaff>>;
    try {
      r = await updateStaff(deps, id, input);
    } catch (err) {
      throw asViolation(err);
    }
    if (!r) throw notFound('Staff member', id);
    await log(c, {
      action: 'staff.update',
      resource: 'staff',
      resourceId: id,
      before: r.before,
      after: r.after,
    });
    if (r.sessionsEnded)
      await log(c, {
        action: 'staff.sessions_revoked',
        resource: 'staff',
        resourceId: id,
        after: { ended: r.sessionsEnded },
      });
    return item(c, 'Staff', iri(id), r.after);
  };
  for (const method of ['patch', 'put'] as const)
    app[method](
      '/admin/staff/:id',
      op(
        "Change a staff member's name, role, dealerships, or disable them (not yourself).",
        { ...written(200, 'Updated'), ...problems(404) },
        { requestBody: jsonBody(StaffUpdateInput) },
      ),
      byId,
      jsonInput,
      update,
    );

  app.delete(
    '/admin/staff/:id/sessions',
    op('Sign a staff member out everywhere: end all of their sessions (yours too, if it is you).', {
      200: ld(SessionsEnded, 'Ended.'),
      ...problems(404),
    }),
    byId,
    async (c) => {
      const s = await getStaff(deps, String(c.req.param('id')));
      if (!s) throw notFound('Staff member', String(c.req.param('id')));
      const ended = await endSessions(deps, s.id);
      await log(c, {
        action: 'staff.sessions_revoked',
        resource: 'staff',
        resourceId: s.id,
        after: { ended },
      });
      return c.json({ ended }, 200, LD);
    },
  );

  app.post(
    '/admin/staff/:id/password-reset',
    op(
      'E-mail a staff member a link to choose a new password (valid an hour). Without SMTP, outside production, the answer carries the link to pass on.',
      { 200: ld(PasswordLinkDelivery, 'Sent, or (see emailed) not.'), ...problems(404, 409) },
    ),
    byId,
    async (c) => {
      const s = await getStaff(deps, String(c.req.param('id')));
      if (!s) throw notFound('Staff member', String(c.req.param('id')));
      if (s.disabled)
        return problem(
          c,
          409,
          'Conflict',
          `${s.email} is disabled: enable the account before sending a reset link.`,
        );
      const delivery = await sendPasswordReset(deps, logger, s);
      await log(c, {
        action: 'staff.password_reset_sent',
        resource: 'staff',
        resourceId: s.id,
        after: { emailed: delivery.emailed },
      });
      return c.json(delivery, 200, LD);
    },
  );
  return app;
}
