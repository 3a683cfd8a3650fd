/**
 * A fenced owner for each idempotency claim: the request that claimed a key records a random
 * token, and only that request can complete or release it. A request that outlived its claim (taken
 * over as abandoned) can then no longer commit a second lead under the same key.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('owner', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('owner').execute();
}
