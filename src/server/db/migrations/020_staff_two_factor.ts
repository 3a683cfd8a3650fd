/**
 * Accounts that are hard to steal (docs/decisions/200-staff-two-factor.md): better-auth's two-factor
 * plugin (a TOTP secret and recovery codes per staff member, both encrypted with AUTH_SECRET, and the
 * user's twoFactorEnabled flag), when each session was last used (for "your sessions"), and the browser
 * that made each audited action. better-auth's own columns keep its types (boolean, timestamptz), as
 * in 006_staff; ours keep the house rules (ISO text).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('two_factor_enabled', 'boolean', (c) => c.defaultTo(false))
    .execute();
  await db.schema
    .createTable('staff_two_factor')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('backup_codes', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('verified', 'boolean', (c) => c.defaultTo(true))
    .addColumn('failed_verification_count', 'integer', (c) => c.defaultTo(0))
    .addColumn('locked_until', sql`timestamptz`)
    .execute();
  await db.schema.createIndex('staff_two_factor_user_id').on('staff_two_factor').column('user_id').execute();
  await db.schema.alterTable('staff_session').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('user_agent', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('user_agent').execute();
  await db.schema.alterTable('staff_session').dropColumn('last_seen_at').execute();
  await db.schema.dropTable('staff_two_factor').ifExists().execute();
  await db.schema.alterTable('staff').dropColumn('two_factor_enabled').execute();
}
