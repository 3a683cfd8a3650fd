/**
 * Uploaded photos of used cars. One row per photo with its renditions' storage keys as
 * JSON; the files are written before the row and removed after it (docs/decisions/070-photo-storage.md).
 * At most one main photo per car, enforced by a partial unique index (SQLite and PostgreSQL both have them).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vehicle_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('renditions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vehicle_images_order')
    .on('vehicle_images')
    .columns(['vehicle_id', 'position'])
    .execute();
  await db.schema
    .createIndex('vehicle_images_one_main')
    .on('vehicle_images')
    .column('vehicle_id')
    .unique()
    .where(sql.ref('is_main'), '=', 1)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vehicle_images').ifExists().execute();
}
