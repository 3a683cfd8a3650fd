/**
 * Blog posts and banners can be scheduled (issue 25 §7): `publish_from` (YYYY-MM-DD, on the group's clock)
 * is the first day the public API and the site show the item; null shows it at once. Specials and service
 * deals already end by `valid_until`. domain/content-window.ts holds the rule.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blog_posts').addColumn('publish_from', 'text').execute();
  await db.schema.alterTable('banners').addColumn('publish_from', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blog_posts').dropColumn('publish_from').execute();
  await db.schema.alterTable('banners').dropColumn('publish_from').execute();
}
