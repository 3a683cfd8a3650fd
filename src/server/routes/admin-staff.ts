/**
 * Staff management for admins (issue 10): list, invite (or add with a password), change role, dealer
 * links and name, disable. Every change is audited with the record before and after.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { STAFF_ROLES } from '../../lib/staff-access.ts';
import { audit } from '../auth/audit.ts';
import { principalOf, requireScope } from '../auth/principal.ts';
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
import { readJsonObject, validate } from '../editor/validate.ts';
import { collection, item, notFound, violationError } from '../hydra.ts';
import type { Logger } from '../log.ts';
import { listQuery, pageOf } from './list-query.ts';

const role = v.picklist(STAFF_ROLES, `Role must be one of ${STAFF_ROLES.join(', ')}`);
const dealers = v.array(v.string('Dealership must be a slug'), 'Dealerships must be a list of slugs');
const name = v.pipe(
  v.string('Name is required'),
  v.trim(),
  v.minLength(1, 'Name is required'),
  v.maxLength(100, 'Name is at most 100 characters'),
);

export const CreateStaffSchema = v.object({
  email: v.pipe(v.string('E-mail is required'), v.trim(), v.email('E-mail must be an e-mail address')),
  name,
  role,
  dealers: v.optional(dealers, []),
  /** Without a password the new member is invited by e-mail to choose one. */
  password: v.optional(v.pipe(v.string(), v.minLength(12, 'Password must be at least 12 characters'))),
});
export const UpdateStaffSchema = v.object({
  name: v.optional(name),
  role: v.optional(role),
  dealers: v.optional(dealers),
  disabled: v.optional(v.boolean('Disabled must be true or false')),
});

const iri = (id: string) => `/api/admin/staff/${id}`;
const present = (s: StaffView) => ({ '@id': iri(s.id), '@type': 'Staff', ...s });

const asViolation = (err: unknown) => {
  if (err instanceof StaffError)
    return violationError([{ propertyPath: err.field, message: err.message, code: 'invalid' }]);
  return err;
};

export function adminStaffRoutes(deps: Deps, logger?: Logger) {
  const app = new Hono();
  app.use('/admin/staff', requireScope(deps, 'staff:manage'));
  app.use('/admin/staff/*', requireScope(deps, 'staff:manage'));
  const log = (c: import('hono').Context, e: Parameters<typeof audit>[3]) =>
    audit(c, deps.db, deps.config.trustProxy, e);

  app.get('/admin/staff', async (c) => {
    const q = listQuery(c, ['email', 'name', 'role', 'created_at']);
    let rows = await listStaff(deps);
    if (q.q) rows = rows.filter((s) => `${s.email} ${s.name}`.toLowerCase().includes(q.q as string));
    const roleFilter = c.req.query('role');
    if (roleFilter) rows = rows.filter((s) => s.role === roleFilter);
    const { members, total } = pageOf(rows, q);
    return collection(c, 'Staff', members.map(present), total);
  });

  app.get('/admin/staff/:id', async (c) => {
    const s = await getStaff(deps, c.req.param('id'));
    if (!s) throw notFound('Staff member', c.req.param('id'));
    return item(c, 'Staff', iri(s.id), s);
  });

  app.post('/admin/staff', async (c) => {
    const input = validate(CreateStaffSchema, await readJsonObject(c));
    const me = principalOf(c);
    const by = me.type === 'staff' ? me.name : 'An admin';
    let s: StaffView;
    try {
      s = input.password ? await addStaff(deps, input) : await inviteStaff(deps, logger, input, by);
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
    return item(c, 'Staff', iri(s.id), s, 201);
  });

  app.on(['PATCH', 'PUT'], '/admin/staff/:id', async (c) => {
    const body = await readJsonObject(c);
    // react-admin sends the whole record back; only the editable fields count.
    const input = validate(
      UpdateStaffSchema,
      Object.fromEntries(Object.entries(body).filter(([k]) => k in UpdateStaffSchema.entries)),
    );
    const id = c.req.param('id');
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
    return item(c, 'Staff', iri(id), r.after);
  });
  return app;
}
