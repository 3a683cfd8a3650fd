/**
 * A staff member's own account (docs/decisions/200-staff-two-factor.md): who they are, whether their
 * role needs two-factor sign-in and whether they have it, their signed-in sessions, changing their
 * password; and what an admin gets back when an invitation or reset link could not be e-mailed.
 */
import * as v from 'valibot';
import { context, named } from './hydra.ts';

const time = v.pipe(v.string(), v.description('ISO 8601 date-time (UTC)'));

export const PasswordLinkDelivery = named(
  'PasswordLinkDelivery',
  v.object({
    emailed: v.pipe(v.boolean(), v.description('The e-mail went to the SMTP server (SMTP_URL).')),
    link: v.pipe(
      v.optional(v.string()),
      v.description(
        'The link to choose a password: only when it was not e-mailed and the server is not in production, for the admin to pass on.',
      ),
    ),
  }),
);

const TWO_FACTOR_POLICIES = ['admins', 'all', 'off'] as const;

export const Account = named(
  'Account',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('Account'),
    id: v.string(),
    email: v.string(),
    name: v.string(),
    role: v.nullable(v.string()),
    dealers: v.pipe(
      v.nullable(v.array(v.string())),
      v.description(
        "A dealer user's dealerships (slugs): the only ones the admin offers them. null: the whole group.",
      ),
    ),
    two_factor: v.object({
      enabled: v.pipe(v.boolean(), v.description('Signs in with an authenticator code after the password.')),
      required: v.pipe(
        v.boolean(),
        v.description('Their role must use it (STAFF_2FA); it cannot be turned off.'),
      ),
      policy: v.pipe(v.picklist(TWO_FACTOR_POLICIES), v.description('STAFF_2FA on this server.')),
    }),
  }),
  'The signed-in staff member. When two_factor.required and not enabled, every other staff endpoint answers 403 until they enrol.',
);

export const AccountSession = named(
  'AccountSession',
  v.object({
    '@id': v.string(),
    '@type': v.literal('AccountSession'),
    id: v.string(),
    device: v.pipe(
      v.nullable(v.string()),
      v.description('Browser and system, e.g. "Chrome 131 on Windows".'),
    ),
    user_agent: v.nullable(v.string()),
    ip: v.pipe(v.nullable(v.string()), v.description('The address it signed in from.')),
    created_at: time,
    last_seen_at: time,
    expires_at: time,
    current: v.pipe(v.boolean(), v.description('The session this request came with ("this device").')),
  }),
);

export const SessionsEnded = named(
  'SessionsEnded',
  v.object({ ended: v.pipe(v.number(), v.integer(), v.description('How many sessions ended.')) }),
);

const password = (what: string) =>
  v.pipe(v.string(`${what} is required`), v.minLength(1, `${what} is required`));

export const PasswordChangeInput = named(
  'PasswordChangeInput',
  v.object({
    current_password: password('Current password'),
    new_password: v.pipe(
      v.string('New password is required'),
      v.minLength(12, 'New password must be at least 12 characters'),
      v.maxLength(128, 'New password is at most 128 characters'),
    ),
  }),
  'Your current password and the new one; every other session of yours ends.',
);
