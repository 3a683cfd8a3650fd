/**
 * Signed rebuild webhooks: `X-Rebuild-Signature: sha256=<hex HMAC-SHA256 of "${timestamp}.${rawBody}">`
 * with REBUILD_SECRET, `X-Rebuild-Timestamp` in Unix seconds. Stale timestamps (more than five minutes
 * off) and replays of a signature already seen are refused; seen signatures live in the database until
 * they would be stale anyway, so every instance on one database refuses a replay.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const MAX_SKEW_MS = 5 * 60_000;

export function signRebuild(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type Verdict = { ok: true } | { ok: false; reason: string };

export async function verifyRebuild(
  db: Kysely<Database>,
  secret: string,
  headers: { timestamp?: string; signature?: string },
  body: string,
  nowMs = Date.now(),
): Promise<Verdict> {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature)
    return { ok: false, reason: 'The X-Rebuild-Timestamp and X-Rebuild-Signature headers are required.' };
  if (!/^\d{9,11}$/.test(timestamp))
    return { ok: false, reason: 'X-Rebuild-Timestamp must be the time in Unix seconds.' };
  const m = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!m) return { ok: false, reason: "X-Rebuild-Signature must look like 'sha256=<64 hex digits>'." };
  const expected = Buffer.from(signRebuild(secret, timestamp, body).slice(7), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(m[1] as string, 'hex')))
    return { ok: false, reason: 'The signature does not match the body and timestamp.' };
  // Checked after the signature, so an attacker learns nothing about the clock from unsigned requests.
  if (Math.abs(nowMs - Number(timestamp) * 1000) > MAX_SKEW_MS)
    return { ok: false, reason: 'The timestamp is more than five minutes off; the request is stale.' };
  await db.deleteFrom('rebuild_signatures').where('expires_at', '<', nowMs).execute();
  const seen = await db
    .insertInto('rebuild_signatures')
    .values({
      signature: (m[1] as string).toLowerCase(),
      expires_at: Number(timestamp) * 1000 + MAX_SKEW_MS + 60_000,
    })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  if (Number(seen.numInsertedOrUpdatedRows ?? 0) === 0)
    return { ok: false, reason: 'This signature was already used; the request is a replay.' };
  return { ok: true };
}
