/**
 * Who may do what in the back office: the staff roles, the scopes that guard endpoints, and
 * which scopes an API key may carry. Pure data, shared by the server (guards, better-auth's access
 * control) and the admin app (menus, forms), so a role means the same thing everywhere.
 */

export const STAFF_ROLES = ['admin', 'editor', 'dealer', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** `resource:action`; one guard per endpoint group asks for exactly one of these. */
export const SCOPES = [
  'content:write', // /api/editor/* (range, specials, service deals, banners, blog)
  'builds:publish', // /api/builds*, previews
  'stock:write', // used stock and its photos: a dealer user's own dealership(s), anyone else's the group's
  'leads:read', // the leads inbox: a dealer user only their dealership(s), finance and admin all
  'leads:reveal', // decrypt one finance application's ID number, bank details and amounts (audited)
  'privacy:manage', // POPIA data-subject export and erasure
  'staff:manage', // staff accounts, invitations, roles, dealer links
  'keys:manage', // machine API keys
  'audit:read', // the audit log
] as const;
export type Scope = (typeof SCOPES)[number];

export const ROLE_SCOPES: Record<StaffRole, readonly Scope[]> = {
  admin: SCOPES,
  editor: ['content:write', 'builds:publish', 'stock:write'],
  dealer: ['stock:write', 'leads:read'],
  finance: ['leads:read', 'leads:reveal'],
};

/** What an integration's key may be given: never staff or key management, which need a person. */
export const KEY_SCOPES = [
  'content:write',
  'builds:publish',
  'stock:write',
] as const satisfies readonly Scope[];
export type KeyScope = (typeof KEY_SCOPES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin (whole group, manages staff)',
  editor: 'Editor (content, stock and builds)',
  dealer: 'Dealer (stock and leads of their dealership)',
  finance: 'Finance (all leads, reveals finance fields)',
};

export const isStaffRole = (s: unknown): s is StaffRole => STAFF_ROLES.includes(s as StaffRole);
