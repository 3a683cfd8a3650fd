/**
 * The uncached listing at 5,000 cars. Every filter and every order the listing offers has an
 * index that starts with `status` (always 'available' in the listing): the dealer's own stock in each
 * order, and each single-value filter. Make/model, price, year, mileage and newest-first came earlier
 * (001, 004). The table is written rarely (stock feeds, the editor), so the extra indexes cost little.
 */
import type { Kysely } from 'kysely';

const INDEXES: Record<string, string[]> = {
  vehicles_dealer_newest: ['status', 'dealer_slug', 'created_at', 'id'],
  vehicles_dealer_price: ['status', 'dealer_slug', 'price'],
  vehicles_dealer_year: ['status', 'dealer_slug', 'year'],
  vehicles_dealer_mileage: ['status', 'dealer_slug', 'mileage'],
  vehicles_instalment: ['status', 'installment'],
  vehicles_fuel: ['status', 'fuel_type'],
  vehicles_transmission: ['status', 'transmission'],
  vehicles_state: ['status', 'state_of_vehicle'],
  vehicles_body: ['status', 'body_type'],
  vehicles_colour: ['status', 'exterior_color'],
};

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES))
    await db.schema.createIndex(name).ifNotExists().on('vehicles').columns(columns).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).ifExists().execute();
}
