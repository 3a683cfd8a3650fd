/**
 * Idempotency keys (IETF draft "The Idempotency-Key HTTP Header Field"): the first request with a key
 * claims it; a repeat with the same body gets the first answer, with another body a 422, and while the
 * first is still running a 409. The same table gives the duplicate window for requests without a key.
 * Only a 201 is remembered: after a 4xx the key is released so the visitor can correct and resend.
 *
 * Fencing: each claim records a random owner token. Completing a key is the first write of
 * the lead's transaction and only succeeds for its owner, so (a) a request whose abandoned claim was
 * taken over cannot commit a second lead, and (b) once a request is committing, its row is locked and
 * nobody can take it over, however slow the rest of the transaction is.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LeadDatabase } from '../db/schema-leads.ts';

/** An in-flight claim older than this was left by a crashed request (the lead was never committed). */
const ABANDONED_MS = 30_000;

export type Claim =
  | { kind: 'claimed'; owner: string }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

/** JSON with sorted keys, so the same data in another key order hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The claim was taken over (the request ran past ABANDONED_MS): this request must not commit. */
export class KeyTakenOver extends Error {
  constructor(key: string) {
    super(`idempotency key '${key}' is no longer owned by this request`);
  }
}

export async function claimKey(
  db: Kysely<LeadDatabase>,
  key: string,
  requestHash: string,
  ttlMs: number,
  now = Date.now(),
): Promise<Claim> {
  const owner = randomUUID();
  for (let attempt = 0; attempt < 3; attempt++) {
    // The insert first: a new key (nearly every request) costs one statement. An expired or abandoned
    // row in the way is deleted below and the insert tried again.
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        key,
        request_hash: requestHash,
        state: 'in_flight',
        response_status: null,
        response_body: null,
        created_at: now,
        expires_at: now + ttlMs,
        owner,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed', owner };
    const row = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) continue; // released between our insert and select: try again
    const stale =
      Number(row.expires_at) < now ||
      (row.state === 'in_flight' && Number(row.created_at) < now - ABANDONED_MS);
    if (stale) {
      // Deleted only while still stale: a request that took it over meanwhile keeps it.
      await db
        .deleteFrom('idempotency_keys')
        .where('key', '=', key)
        .where((eb) =>
          eb.or([
            eb('expires_at', '<', now),
            eb.and([eb('state', '=', 'in_flight'), eb('created_at', '<', now - ABANDONED_MS)]),
          ]),
        )
        .execute();
      continue;
    }
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'in_flight') return { kind: 'in_flight' };
    return { kind: 'replay', status: Number(row.response_status), body: row.response_body ?? '' };
  }
  return { kind: 'in_flight' };
}

/**
 * Records the answer, only for the claim's owner; throws KeyTakenOver otherwise. Run it first inside
 * the lead's transaction: a committed lead always has its answer, and the row stays locked until then.
 */
export async function completeKey(
  db: Kysely<LeadDatabase>,
  key: string,
  owner: string,
  status: number,
  body: string,
) {
  const res = await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: body })
    .where('key', '=', key)
    .where('owner', '=', owner)
    .where('state', '=', 'in_flight')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new KeyTakenOver(key);
}

export async function releaseKey(db: Kysely<LeadDatabase>, key: string, owner: string) {
  await db
    .deleteFrom('idempotency_keys')
    .where('key', '=', key)
    .where('owner', '=', owner)
    .where('state', '=', 'in_flight')
    .execute();
}

export async function sweepKeys(db: Kysely<LeadDatabase>, now = Date.now()) {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
}
