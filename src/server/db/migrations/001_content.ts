/**
 * The content the site is built from: dealers, banners, new range, used stock, specials, blog.
 * Column types are chosen to mean the same on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dealers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('site_name', 'text', (c) => c.notNull().unique())
    .addColumn('dealer_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('suburb', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('dealer_contact_no', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('button_text', 'text')
    .addColumn('button_url', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('range_models')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('make_slug', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('model_slug', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('tagline', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('main_image', 'text', (c) => c.notNull())
    .addColumn('gallery', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('range_models_make_model', ['make_slug', 'model_slug'])
    .execute();

  await db.schema
    .createTable('range_variants')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('model_id', 'integer', (c) => c.notNull().references('range_models.id').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('variant_slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('main_image', 'text', (c) => c.notNull())
    .addColumn('power', 'integer', (c) => c.notNull())
    .addColumn('torque', 'integer', (c) => c.notNull())
    .addColumn('transmission', 'integer', (c) => c.notNull())
    .addColumn('transmission_type', 'text', (c) => c.notNull())
    .addColumn('fuel_type', 'text', (c) => c.notNull())
    .addColumn('body_type', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('drivetrain', 'text', (c) => c.notNull())
    .addColumn('term', 'integer', (c) => c.notNull())
    .addColumn('interest', 'double precision', (c) => c.notNull())
    .addColumn('model_price', 'integer', (c) => c.notNull())
    .addColumn('brochure', 'text', (c) => c.notNull())
    .addColumn('colors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('range_variants_model_variant', ['model_id', 'variant_slug'])
    .execute();

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('dealer_slug', 'text', (c) => c.notNull().references('dealers.slug'))
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('make_slug', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('model_slug', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_type', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('mileage', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('installment', 'double precision', (c) => c.notNull())
    .addColumn('transmission', 'text', (c) => c.notNull())
    .addColumn('fuel_type', 'text', (c) => c.notNull())
    .addColumn('exterior_color', 'text', (c) => c.notNull())
    .addColumn('state_of_vehicle', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The listing always filters on status and usually on dealer, make and model, then sorts.
  await db.schema
    .createIndex('vehicles_listing')
    .on('vehicles')
    .columns(['status', 'dealer_slug', 'make_slug', 'model_slug'])
    .execute();
  await db.schema
    .createIndex('vehicles_status_make')
    .on('vehicles')
    .columns(['status', 'make_slug', 'model_slug'])
    .execute();
  await db.schema.createIndex('vehicles_price').on('vehicles').columns(['status', 'price']).execute();
  await db.schema.createIndex('vehicles_year').on('vehicles').columns(['status', 'year']).execute();
  await db.schema.createIndex('vehicles_mileage').on('vehicles').columns(['status', 'mileage']).execute();

  await db.schema
    .createTable('specials')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('dealer_slug', 'text', (c) => c.references('dealers.slug'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('model_slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('intro_paragraph', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('source_code', 'text', (c) => c.notNull())
    .addColumn('price', 'integer')
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('specials_kind_dealer')
    .on('specials')
    .columns(['kind', 'dealer_slug'])
    .execute();

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('publish_date', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('meta_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('meta_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('blog_posts_date').on('blog_posts').column('publish_date').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'blog_posts',
    'specials',
    'vehicles',
    'range_variants',
    'range_models',
    'banners',
    'dealers',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
