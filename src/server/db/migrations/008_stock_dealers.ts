/**
 * Back-office editing of used stock and dealerships: each car gets a stock number
 * (unique; the dealer-management system's key, which CSV imports match on) and a VIN (unique when
 * known), and may be `reserved` besides available and sold; each dealership gets a WhatsApp number
 * and opening hours (JSON). Existing cars get stock numbers `U{id}` so the unique index holds.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vehicles').addColumn('stock_number', 'text').execute();
  await db.schema.alterTable('vehicles').addColumn('vin', 'text').execute();
  await db
    .updateTable('vehicles')
    .set({ stock_number: sql`'U' || id` })
    .where('stock_number', 'is', null)
    .execute();
  await db.schema
    .createIndex('vehicles_stock_number')
    .on('vehicles')
    .column('stock_number')
    .unique()
    .execute();
  await db.schema.createIndex('vehicles_vin').on('vehicles').column('vin').unique().execute();
  await db.schema
    .alterTable('dealers')
    .addColumn('whatsapp_no', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('dealers')
    .addColumn('opening_hours', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('vehicles_vin').ifExists().execute();
  await db.schema.dropIndex('vehicles_stock_number').ifExists().execute();
  await db.schema.alterTable('vehicles').dropColumn('vin').execute();
  await db.schema.alterTable('vehicles').dropColumn('stock_number').execute();
  await db.schema.alterTable('dealers').dropColumn('opening_hours').execute();
  await db.schema.alterTable('dealers').dropColumn('whatsapp_no').execute();
}
