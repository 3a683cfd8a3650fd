/**
 * Several instances on one database (docs/decisions/223-several-instances.md): which build is live (one
 * row, flipped by compare-and-set), each scheduled occurrence claimed by one instance (a leased row per
 * job and due time), and a running build's page count, so every instance's Builds screen shows it.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_live')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('build_id', 'text', (c) => c.notNull())
    .addColumn('previous_id', 'text')
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('schedule_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('schedule_runs_pk', ['job', 'due_at'])
    .execute();
  await db.schema.alterTable('builds').addColumn('pages_written', 'integer').execute();
  // The build published before this migration is live: carry it over from the status column.
  const live = await db
    .selectFrom('builds')
    .select('id')
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (live)
    await db
      .insertInto('site_live')
      .values({ name: 'site', build_id: live.id, previous_id: null, changed_at: new Date().toISOString() })
      .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('builds').dropColumn('pages_written').execute();
  await db.schema.dropTable('schedule_runs').execute();
  await db.schema.dropTable('site_live').execute();
}
