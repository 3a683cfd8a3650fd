/**
 * The audit log: every staff (or machine) action, who did it, when, and for content the record
 * before and after. Written in the request that made the change, after it succeeded.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AuditLogTable } from '../db/schema-staff.ts';
import { clientAddress } from '../http/proxy.ts';
import type { Principal } from './principal.ts';

export interface AuditEntry {
  action: string;
  resource?: string;
  resourceId?: string | number;
  before?: unknown;
  after?: unknown;
}

export function actorOf(
  p: Principal | undefined,
): Pick<AuditLogTable, 'actor_type' | 'actor_id' | 'actor_name'> {
  if (!p) return { actor_type: 'system', actor_id: null, actor_name: null };
  if (p.type === 'staff') return { actor_type: 'staff', actor_id: p.id, actor_name: p.email };
  if (p.type === 'key') return { actor_type: 'key', actor_id: p.id, actor_name: p.name };
  return { actor_type: 'token', actor_id: null, actor_name: 'EDITOR_TOKEN' };
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export async function writeAudit(
  db: Kysely<Database>,
  actor: Pick<AuditLogTable, 'actor_type' | 'actor_id' | 'actor_name'>,
  e: AuditEntry,
  ip: string | null = null,
  userAgent: string | null = null,
) {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at: new Date().toISOString(),
      ...actor,
      action: e.action,
      resource: e.resource ?? null,
      resource_id: e.resourceId === undefined ? null : String(e.resourceId),
      before: json(e.before),
      after: json(e.after),
      ip,
      user_agent: userAgent ? userAgent.slice(0, 400) : null,
    })
    .execute();
}

/** Audits an action of the request's principal (set by requireScope). */
export function audit(c: Context, db: Kysely<Database>, trustProxy: number, e: AuditEntry) {
  const p = c.get('principal' as never) as Principal | undefined;
  return writeAudit(db, actorOf(p), e, clientAddress(c, trustProxy), c.req.header('User-Agent') ?? null);
}
