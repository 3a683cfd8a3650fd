/**
 * Site builds (docs/decisions/020-publishing.md): one row per build with its status and timings,
 * the signatures of recent rebuild webhooks (replay protection across instances), and a lease row
 * so only one instance on a shared database builds at a time.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('builds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('coalesced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_publish', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('published_at', 'text')
    .addColumn('pruned_at', 'text')
    .execute();
  await db.schema.createIndex('builds_status').on('builds').column('status').execute();

  await db.schema
    .createTable('rebuild_signatures')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('build_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['build_leases', 'rebuild_signatures', 'builds'])
    await db.schema.dropTable(t).ifExists().execute();
}
