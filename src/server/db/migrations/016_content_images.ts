/**
 * Uploaded images of content (range, banner and blog images, as used cars' photos): one table
 * for every owner other than a used car, keyed by (owner_type, owner_id), with the same columns and the same
 * one-main-photo rule as vehicle_images (docs/decisions/153-content-images.md). No foreign key (the owner is
 * one of several tables): deleting an owner removes its rows in the same request, and the orphan sweep
 * removes any left by a crash.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('renditions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_images_order')
    .on('content_images')
    .columns(['owner_type', 'owner_id', 'position'])
    .execute();
  await db.schema
    .createIndex('content_images_one_main')
    .on('content_images')
    .columns(['owner_type', 'owner_id'])
    .unique()
    .where(sql.ref('is_main'), '=', 1)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_images').ifExists().execute();
}
