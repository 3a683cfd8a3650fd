/**
 * CSV stock imports: a dry run is stored with the file and a hash of its plan, so the
 * apply step does exactly what was shown, or refuses when the stock changed in between.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('scope', 'text') // JSON dealer slugs, null: the whole group
    .addColumn('csv', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull()) // JSON: the plan shown by the dry run
    .addColumn('plan_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_imports').ifExists().execute();
}
