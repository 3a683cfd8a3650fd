/**
 * The listing's default order is newest stock first. Without this index the plain /pre-owned page
 * sorted every available car on each request; with it the database reads the first page's rows in
 * order and stops (docs/performance.md, "Used stock queries").
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('vehicles_newest')
    .on('vehicles')
    .columns(['status', 'created_at', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('vehicles_newest').ifExists().execute();
}
