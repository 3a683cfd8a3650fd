/**
 * Staff accounts and machine access (docs/decisions/060-staff-auth.md).
 *
 * The staff_* tables are better-auth's user, session, account and verification models (plus the admin
 * plugin's role and ban columns), mapped to snake_case names; better-auth checks at run time that they
 * match what it expects. Its own values are booleans and timestamps, so those columns use `boolean`
 * and `timestamptz`: native types on PostgreSQL, and on SQLite a 0/1 and ISO-text affinity that
 * better-auth's adapter reads and writes itself. Our own tables keep the house rules (ISO text dates,
 * integer flags, JSON as text).
 */
import { type Kysely, sql } from 'kysely';

const ts = sql`timestamptz`;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('image', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('banned', 'boolean', (c) => c.defaultTo(false))
    .addColumn('ban_reason', 'text')
    .addColumn('ban_expires', ts)
    .execute();

  await db.schema
    .createTable('staff_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('impersonated_by', 'text')
    .execute();
  await db.schema.createIndex('staff_session_user_id').on('staff_session').column('user_id').execute();

  await db.schema
    .createTable('staff_account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', ts)
    .addColumn('refresh_token_expires_at', ts)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_account_user_id').on('staff_account').column('user_id').execute();

  await db.schema
    .createTable('staff_verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_verification_identifier')
    .on('staff_verification')
    .column('identifier')
    .execute();

  // better-auth's rate limiter (storage: 'database'), shared by every instance on one database.
  await db.schema
    .createTable('auth_rate_limit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_request', 'bigint', (c) => c.notNull())
    .execute();

  // Temporary lockout after repeated wrong passwords, per account (not per address).
  await db.schema
    .createTable('staff_lockouts')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0)) // epoch ms
    .execute();

  // A dealer user's dealership(s).
  await db.schema
    .createTable('staff_dealers')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('dealer_slug', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_dealers_pk', ['staff_id', 'dealer_slug'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull()) // shown in lists so a key can be recognised
    .addColumn('key_hash', 'text', (c) => c.notNull().unique()) // SHA-256 of the whole key
    .addColumn('scopes', 'text', (c) => c.notNull()) // JSON array of KEY_SCOPES
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull()) // staff | key | token | system
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull()) // e.g. content.update, staff.invite, auth.sign_in
    .addColumn('resource', 'text')
    .addColumn('resource_id', 'text')
    .addColumn('before', 'text') // JSON
    .addColumn('after', 'text') // JSON
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'audit_log',
    'api_keys',
    'staff_dealers',
    'staff_lockouts',
    'auth_rate_limit',
    'staff_verification',
    'staff_account',
    'staff_session',
    'staff',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
