/**
 * Revisions of content and stock (docs/decisions/205-revisions.md): one row per create, update, delete or
 * restore of an item, with its full snapshot before and after (fields and photos, JSON), who made it and
 * through what (admin, api_key, csv_import, cli), and a batch id when one action changed many items.
 * Leads are never revisioned (a POPIA erasure must stay complete). `dealer_slug` is the item's dealership
 * (used cars), so a dealer user's history and "Recently deleted" are filtered in SQL.
 * stock_imports.undone_at: when an applied import was undone (one batch of restores).
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('dealer_slug', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('batch_id', 'text')
    .addColumn('restored_from', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revisions_item')
    .on('revisions')
    .columns(['resource', 'item_id', 'seq'])
    .execute();
  await db.schema.createIndex('revisions_at').on('revisions').columns(['at']).execute();
  await db.schema.createIndex('revisions_batch').on('revisions').columns(['batch_id']).execute();
  await db.schema.alterTable('stock_imports').addColumn('undone_at', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stock_imports').dropColumn('undone_at').execute();
  await db.schema.dropTable('revisions').ifExists().execute();
}
