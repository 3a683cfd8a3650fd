/**
 * Machine API keys (docs/decisions/061-machine-access.md): one per integration, with scopes, revocable,
 * optionally expiring. The key is shown once; only its SHA-256 is stored. A key is 32 random bytes, so
 * a fast hash is the right one here (a slow password hash protects guessable secrets, not random ones).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { KEY_SCOPES, type KeyScope } from '../../domain/staff-access.ts';
import type { Database } from '../db/schema.ts';
import type { ApiKeysTable } from '../db/schema-staff.ts';

export const KEY_PREFIX = 'sdgk_';
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const isKeyScope = (s: unknown): s is KeyScope => KEY_SCOPES.includes(s as KeyScope);

export function presentKey(row: ApiKeysTable) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: JSON.parse(row.scopes) as KeyScope[],
    created_by: row.created_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    active: !row.revoked_at && !(row.expires_at && row.expires_at <= new Date().toISOString()),
  };
}

export async function createApiKey(
  db: Kysely<Database>,
  input: { name: string; scopes: KeyScope[]; createdBy: string | null; expiresAt?: string | null },
) {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: ApiKeysTable = {
    id: randomUUID(),
    name: input.name,
    prefix: key.slice(0, KEY_PREFIX.length + 6),
    key_hash: hashKey(key),
    scopes: JSON.stringify([...new Set(input.scopes)].sort()),
    created_by: input.createdBy,
    created_at: new Date().toISOString(),
    expires_at: input.expiresAt ?? null,
    last_used_at: null,
    revoked_at: null,
    revoked_by: null,
  };
  await db.insertInto('api_keys').values(row).execute();
  return { key, row };
}

/** The active key with this secret, or null; notes when it was last used (at most once a minute). */
export async function verifyApiKey(db: Kysely<Database>, key: string): Promise<ApiKeysTable | null> {
  if (!key.startsWith(KEY_PREFIX)) return null;
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', hashKey(key))
    .executeTakeFirst();
  const now = new Date().toISOString();
  if (!row || row.revoked_at || (row.expires_at && row.expires_at <= now)) return null;
  if (!row.last_used_at || Date.parse(now) - Date.parse(row.last_used_at) > 60_000)
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  return row;
}

export async function revokeApiKey(db: Kysely<Database>, id: string, by: string | null) {
  const res = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date().toISOString(), revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
