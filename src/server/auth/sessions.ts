/**
 * A staff member's signed-in sessions (better-auth's staff_session rows): listed for "your sessions" with
 * the browser, address and when each was last used, and ended one at a time, all but the current one,
 * or all (an admin's "sign out everywhere", and disabling an account). A session ends the moment its
 * row is gone: better-auth looks every request's cookie up in the database (no cookie cache).
 */
import type { Deps } from '../deps.ts';
import { describeUserAgent } from './user-agent.ts';

export interface SessionView {
  id: string;
  device: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  current: boolean;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const later = (a: string, b: string) => (a > b ? a : b);

export async function listSessions(deps: Deps, staffId: string, currentId?: string): Promise<SessionView[]> {
  const rows = await deps.db
    .selectFrom('staff_session')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'updated_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', staffId)
    .execute();
  const now = new Date().toISOString();
  return rows
    .map((r) => ({
      id: r.id,
      device: describeUserAgent(r.user_agent),
      user_agent: r.user_agent,
      ip: r.ip_address,
      created_at: iso(r.created_at),
      last_seen_at: later(r.last_seen_at ?? iso(r.created_at), iso(r.updated_at)),
      expires_at: iso(r.expires_at),
      current: r.id === currentId,
    }))
    .filter((s) => s.expires_at > now)
    .sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at));
}

/** Ends a member's sessions, all or all but one; answers how many ended. */
export async function endSessions(deps: Deps, staffId: string, keep?: string): Promise<number> {
  let q = deps.db.deleteFrom('staff_session').where('user_id', '=', staffId);
  if (keep) q = q.where('id', '!=', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Ends one of a member's sessions; false when it is not theirs (or already gone). */
export async function endSession(deps: Deps, staffId: string, sessionId: string): Promise<boolean> {
  const r = await deps.db
    .deleteFrom('staff_session')
    .where('user_id', '=', staffId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
