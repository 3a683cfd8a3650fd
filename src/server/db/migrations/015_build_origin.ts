/**
 * Builds screen: who started each build (a staff member's name, an API key's name, the
 * scheduler…) and how many pages it produced (docs/decisions/150-build-changes.md).
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('builds').addColumn('started_by', 'text').execute();
  await db.schema.alterTable('builds').addColumn('pages', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('builds').dropColumn('pages').execute();
  await db.schema.alterTable('builds').dropColumn('started_by').execute();
}
