/**
 * The admin's own resources: staff accounts, API keys and the audit log. One schema
 * each for the admin's forms, the server's validation and /api/docs.json.
 */
import * as v from 'valibot';
import { KEY_SCOPES, STAFF_ROLES } from '../domain/staff-access.ts';
import { endOfDay, GROUP_TIME_ZONE, isCalendarDay } from '../domain/zoned-date.ts';
import { context, named } from './hydra.ts';
import { PasswordLinkDelivery } from './staff-account.ts';

const role = v.picklist(STAFF_ROLES, `Role must be one of ${STAFF_ROLES.join(', ')}`);
const dealers = v.array(v.string('Dealership must be a slug'), 'Dealerships must be a list of slugs');
const name = v.pipe(
  v.string('Name is required'),
  v.trim(),
  v.minLength(1, 'Name is required'),
  v.maxLength(100, 'Name is at most 100 characters'),
);

export const DEALER_NEEDS_DEALERSHIP = 'A dealer user needs at least one dealership';
/** A dealer user works for named dealerships only (given here; the server also checks a role change). */
const dealerHasDealerships = (s: { role?: string; dealers?: string[] }) =>
  s.role !== 'dealer' || s.dealers === undefined || s.dealers.length > 0;

export const StaffCreateInput = named(
  'StaffCreateInput',
  v.pipe(
    v.object({
      email: v.pipe(v.string('E-mail is required'), v.trim(), v.email('E-mail must be an e-mail address')),
      name,
      role,
      dealers: v.optional(dealers, []),
      /** Without a password the new member is invited by e-mail to choose one. */
      password: v.optional(v.pipe(v.string(), v.minLength(12, 'Password must be at least 12 characters'))),
    }),
    v.forward(
      v.check((s) => dealerHasDealerships(s), DEALER_NEEDS_DEALERSHIP),
      ['dealers'],
    ),
  ),
  'A new staff member; without a password they are invited by e-mail to choose one.',
);
export const StaffUpdateInput = named(
  'StaffUpdateInput',
  v.pipe(
    v.object({
      name: v.optional(name),
      role: v.optional(role),
      dealers: v.optional(dealers),
      disabled: v.optional(v.boolean('Disabled must be true or false')),
    }),
    v.forward(
      v.check((s) => dealerHasDealerships(s), DEALER_NEEDS_DEALERSHIP),
      ['dealers'],
    ),
  ),
  'Fields to change; other fields of the record (react-admin sends it whole) are ignored.',
);

export const Staff = named(
  'Staff',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('Staff'),
    id: v.string(),
    email: v.string(),
    name: v.string(),
    role: v.nullable(v.string()),
    disabled: v.boolean(),
    dealers: v.pipe(v.array(v.string()), v.description("A dealer user's dealership slugs.")),
    two_factor: v.pipe(v.boolean(), v.description('Signs in with an authenticator code after the password.')),
    created_at: v.string(),
    invitation: v.pipe(
      v.optional(PasswordLinkDelivery),
      v.description(
        'On the answer to an invitation only: whether it was e-mailed, else (not in production) the link.',
      ),
    ),
  }),
);

/** An instant with its offset: 2027-01-31T17:00:00Z or 2027-01-31T19:00:00.000+02:00. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export const ApiKeyCreateInput = named(
  'ApiKeyCreateInput',
  v.object({
    name,
    scopes: v.pipe(
      v.array(
        v.picklist(KEY_SCOPES, `Scopes must be among ${KEY_SCOPES.join(', ')}`),
        'Scopes must be a list',
      ),
      v.minLength(1, 'Choose at least one scope'),
    ),
    // A day (the admin's date picker: the key works to the end of that day on the group's clock) or an
    // instant; stored as UTC ISO, which the key check compares as text.
    expires_at: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.check(
            (s) => isCalendarDay(s) || (ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s))),
            'Expiry must be a date (YYYY-MM-DD) or an ISO date-time',
          ),
          v.transform((s) => (isCalendarDay(s) ? endOfDay(s, GROUP_TIME_ZONE) : new Date(s)).toISOString()),
          v.check((s) => Date.parse(s) > Date.now(), 'Expiry must be in the future'),
        ),
      ),
      null,
    ),
  }),
);

const apiKeyEntries = {
  ...context,
  '@id': v.string(),
  '@type': v.literal('ApiKey'),
  id: v.string(),
  name: v.string(),
  prefix: v.pipe(v.string(), v.description('The first characters of the key, to recognise it.')),
  scopes: v.array(v.picklist(KEY_SCOPES)),
  created_by: v.nullable(v.string()),
  created_at: v.string(),
  expires_at: v.nullable(v.string()),
  last_used_at: v.nullable(v.string()),
  revoked_at: v.nullable(v.string()),
  active: v.boolean(),
};
export const ApiKey = named('ApiKey', v.object(apiKeyEntries));
export const ApiKeyCreated = named(
  'ApiKeyCreated',
  v.object({
    ...apiKeyEntries,
    key: v.pipe(v.string(), v.description('The key itself (sdgk_…): shown in this answer only.')),
  }),
);

export const AuditEntry = named(
  'AuditEntry',
  v.object({
    '@id': v.string(),
    '@type': v.literal('AuditEntry'),
    id: v.string(),
    at: v.string(),
    actor_type: v.picklist(['staff', 'key', 'token', 'system']),
    actor_id: v.nullable(v.string()),
    actor_name: v.nullable(v.string()),
    action: v.pipe(v.string(), v.description('e.g. content.update, stock.create, staff.invite, key.revoke')),
    resource: v.nullable(v.string()),
    resource_id: v.nullable(v.string()),
    before: v.pipe(v.unknown(), v.description('The record before (JSON), or null.')),
    after: v.pipe(v.unknown(), v.description('The record after (JSON), or null.')),
    ip: v.nullable(v.string()),
    user_agent: v.nullable(v.string()),
    browser: v.pipe(
      v.nullable(v.string()),
      v.description('The user agent in words, e.g. "Firefox 140 on Linux".'),
    ),
  }),
);
