/**
 * Temporary lockout per account: after `failures` wrong passwords in a row an account refuses sign-in
 * for `lockMs`, whatever the address (the rate limit is per address; this stops a slow spread-out
 * guess at one account). Kept in the database so every instance sees it. Unknown e-mail addresses
 * are not tracked, so the table cannot be filled with made-up ones.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function lockedFor(db: Kysely<Database>, email: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('staff_lockouts')
    .select('locked_until')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? Math.max(0, Number(row.locked_until) - now) : 0;
}

export async function recordFailure(
  db: Kysely<Database>,
  email: string,
  policy: { failures: number; lockMs: number },
  now = Date.now(),
) {
  const known = await db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
  if (!known) return;
  const row = await db
    .insertInto('staff_lockouts')
    .values({ email, failures: 1, locked_until: 0 })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ failures: sql`${sql.ref('staff_lockouts.failures')} + 1` }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (Number(row.failures) >= policy.failures)
    await db
      .updateTable('staff_lockouts')
      .set({ failures: 0, locked_until: now + policy.lockMs })
      .where('email', '=', email)
      .execute();
}

export async function clearFailures(db: Kysely<Database>, email: string) {
  await db.deleteFrom('staff_lockouts').where('email', '=', email.toLowerCase()).execute();
}
