/**
 * The leads inbox: each lead's workflow stage, assignee and first response; staff notes;
 * and the record that a POPIA data-subject request was honoured (without the person's data).
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('New'))
    .execute();
  await db.schema.alterTable('leads').addColumn('assignee_id', 'text').execute();
  await db.schema.alterTable('leads').addColumn('first_response_at', 'text').execute();
  await db.schema.alterTable('leads').addColumn('updated_at', 'text').execute();
  await db.schema
    .createIndex('leads_dealer_created')
    .on('leads')
    .columns(['dealer_slug', 'created_at'])
    .execute();
  await db.schema.createIndex('leads_stage').on('leads').column('stage').execute();

  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_notes_lead').on('lead_notes').column('lead_id').execute();

  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('matched_by', 'text', (c) => c.notNull())
    .addColumn('leads', 'integer', (c) => c.notNull())
    .addColumn('rows_removed', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_requests').ifExists().execute();
  await db.schema.dropTable('lead_notes').ifExists().execute();
  await db.schema.dropIndex('leads_stage').ifExists().execute();
  await db.schema.dropIndex('leads_dealer_created').ifExists().execute();
  for (const c of ['updated_at', 'first_response_at', 'assignee_id', 'stage'])
    await db.schema.alterTable('leads').dropColumn(c).execute();
}
