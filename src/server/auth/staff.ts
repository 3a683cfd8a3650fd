/**
 * Staff accounts as the admin screens, the staff CLI and start-up use them. Creating an account and
 * hashing a password go through better-auth; role, dealer links and disabling are plain columns.
 */
import { DEALER_NEEDS_DEALERSHIP } from '../../contract/staff.ts';
import { isStaffRole, type StaffRole } from '../../domain/staff-access.ts';
import type { Deps } from '../deps.ts';
import type { Logger } from '../log.ts';
import { sendInvitation } from './password-links.ts';
import { endSessions } from './sessions.ts';
import { staffAuth } from './staff-auth.ts';

export interface StaffInput {
  email: string;
  name: string;
  role: StaffRole;
  password?: string;
  dealers?: string[];
}

/** A refused staff change, naming the field (a 422 violation in the API, a message in the CLI). */
export class StaffError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

async function countStaff(deps: Deps) {
  const r = await deps.db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function checkDealers(deps: Deps, role: StaffRole, dealers: string[]) {
  if (role !== 'dealer') return;
  if (!dealers.length) throw new StaffError('dealers', DEALER_NEEDS_DEALERSHIP);
  const known = (await deps.db.selectFrom('dealers').select('slug').execute()).map((d) => d.slug);
  const unknown = dealers.filter((d) => !known.includes(d));
  if (unknown.length) throw new StaffError('dealers', `No dealership has the slug ${unknown.join(', ')}`);
}

async function linkDealers(deps: Deps, staffId: string, dealers: string[]) {
  await deps.db.deleteFrom('staff_dealers').where('staff_id', '=', staffId).execute();
  if (dealers.length)
    await deps.db
      .insertInto('staff_dealers')
      .values([...new Set(dealers)].map((dealer_slug) => ({ staff_id: staffId, dealer_slug })))
      .execute();
}

export async function addStaff(deps: Deps, input: StaffInput) {
  const email = input.email.trim().toLowerCase();
  if (!isStaffRole(input.role))
    throw new StaffError('role', `Role must be one of admin, editor, dealer, finance`);
  const taken = await deps.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
  if (taken) throw new StaffError('email', 'A staff member already has this e-mail address');
  await checkDealers(deps, input.role, input.dealers ?? []);
  const { user } = await staffAuth(deps).api.createUser({
    body: {
      email,
      name: input.name.trim(),
      role: input.role,
      ...(input.password ? { password: input.password } : {}),
    },
  });
  await linkDealers(deps, user.id, input.role === 'dealer' ? (input.dealers ?? []) : []);
  return (await getStaff(deps, user.id)) as StaffView;
}

/** Creates the account without a password and e-mails a link to choose one (valid INVITE_DAYS). */
export async function inviteStaff(deps: Deps, logger: Logger | undefined, input: StaffInput, by: string) {
  const member = await addStaff(deps, { ...input, password: undefined });
  return { member, invitation: await sendInvitation(deps, logger, member, by) };
}

export type StaffView = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  disabled: boolean;
  dealers: string[];
  two_factor: boolean;
  created_at: string;
};

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export async function listStaff(deps: Deps, id?: string): Promise<StaffView[]> {
  let q = deps.db
    .selectFrom('staff')
    .select(['id', 'email', 'name', 'role', 'banned', 'two_factor_enabled', 'created_at'])
    .orderBy('email');
  if (id) q = q.where('id', '=', id);
  const rows = await q.execute();
  const links = await deps.db.selectFrom('staff_dealers').selectAll().execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    disabled: Boolean(r.banned),
    dealers: links
      .filter((l) => l.staff_id === r.id)
      .map((l) => l.dealer_slug)
      .sort(),
    two_factor: Boolean(r.two_factor_enabled),
    created_at: iso(r.created_at),
  }));
}

export const getStaff = async (deps: Deps, id: string) => (await listStaff(deps, id))[0];

export async function findStaffByEmail(deps: Deps, email: string) {
  const row = await deps.db
    .selectFrom('staff')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? getStaff(deps, row.id) : undefined;
}

export async function updateStaff(
  deps: Deps,
  id: string,
  change: { name?: string; role?: string; disabled?: boolean; dealers?: string[] },
) {
  const before = await getStaff(deps, id);
  if (!before) return undefined;
  const role = change.role ?? before.role ?? '';
  if (!isStaffRole(role)) throw new StaffError('role', 'Role must be one of admin, editor, dealer, finance');
  const dealers = role === 'dealer' ? (change.dealers ?? before.dealers) : [];
  await checkDealers(deps, role, dealers);
  const ctx = await staffAuth(deps).$context;
  await ctx.internalAdapter.updateUser(id, {
    ...(change.name ? { name: change.name.trim() } : {}),
    role,
    ...(change.disabled === undefined ? {} : { banned: change.disabled }),
  });
  await linkDealers(deps, id, dealers);
  // A disabled account or a changed role ends its sessions: the next request signs in afresh.
  const sessionsEnded = change.disabled || role !== before.role ? await endSessions(deps, id) : 0;
  return { before, after: (await getStaff(deps, id)) as StaffView, sessionsEnded };
}

/** Sets a password (the CLI's way out when nobody can receive e-mail). */
export async function setStaffPassword(deps: Deps, id: string, password: string) {
  if (password.length < 12) throw new StaffError('password', 'Password must be at least 12 characters');
  const ctx = await staffAuth(deps).$context;
  const hash = await ctx.password.hash(password);
  const account = await deps.db
    .selectFrom('staff_account')
    .select('id')
    .where('user_id', '=', id)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  if (account) await ctx.internalAdapter.updatePassword(id, hash);
  else
    await ctx.internalAdapter.linkAccount({
      userId: id,
      providerId: 'credential',
      accountId: id,
      password: hash,
    });
}

/** At start: the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when there are no staff yet. */
export async function ensureFirstAdmin(deps: Deps, logger: Logger) {
  const first = deps.config.staff.firstAdmin;
  if ((await countStaff(deps)) > 0) return false;
  if (!first) {
    logger.warn('no staff accounts yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run npm run staff -- add');
    return false;
  }
  try {
    await addStaff(deps, {
      email: first.email,
      name: 'Administrator',
      role: 'admin',
      password: first.password,
    });
  } catch (err) {
    // Another instance starting at the same moment created it first.
    if (err instanceof StaffError || (await countStaff(deps)) > 0) return false;
    throw err;
  }
  logger.info('first admin created', { email: first.email });
  return true;
}
