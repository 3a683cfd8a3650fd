/**
 * Images of range variants and of each colour of a variant (docs/decisions/185-variant-colour-images.md). A colour is an entry of the variant's `colors` JSON, not a
 * row, so its images are owned by (owner_type 'range_variant_colour', owner_id = the variant, owner_key =
 * the colour's stable slug). Every other owner has owner_key ''. The one-main-photo rule and the gallery
 * order are per (owner_type, owner_id, owner_key).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('content_images')
    .addColumn('owner_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.dropIndex('content_images_one_main').execute();
  await db.schema.dropIndex('content_images_order').execute();
  await db.schema
    .createIndex('content_images_order')
    .on('content_images')
    .columns(['owner_type', 'owner_id', 'owner_key', 'position'])
    .execute();
  await db.schema
    .createIndex('content_images_one_main')
    .on('content_images')
    .columns(['owner_type', 'owner_id', 'owner_key'])
    .unique()
    .where(sql.ref('is_main'), '=', 1)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('content_images')
    .where('owner_type', 'in', ['range_variant', 'range_variant_colour'])
    .execute();
  await db.schema.dropIndex('content_images_one_main').execute();
  await db.schema.dropIndex('content_images_order').execute();
  await db.schema.alterTable('content_images').dropColumn('owner_key').execute();
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
