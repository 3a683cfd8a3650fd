/** The audit log for admins: newest first, filtered by action, resource, record or who. */
import { Hono } from 'hono';
import { AuditEntry } from '../../contract/staff.ts';
import { requireScope } from '../auth/principal.ts';
import { describeUserAgent } from '../auth/user-agent.ts';
import type { Deps } from '../deps.ts';
import { listQuery, pageOfLog } from '../http/list-query.ts';
import { collection } from '../hydra.ts';
import { collectionOk, staffGuard, staffOperations } from '../openapi/describe.ts';

const op = staffOperations('Admin', staffGuard('Only admins read the audit log (audit:read).'));
const parse = (s: string | null) => (s === null ? null : JSON.parse(s));

export function adminAuditRoutes(deps: Deps) {
  const app = new Hono();
  app.use('/admin/audit_log', requireScope(deps, 'audit:read'));
  app.get(
    '/admin/audit_log',
    op(
      'The audit log, newest first (order[at]=asc for oldest): page, itemsPerPage, and filters action, resource, resource_id, actor_name, actor_type.',
      collectionOk(AuditEntry),
    ),
    async (c) => {
      const q = listQuery(c, ['at'], 200);
      let query = deps.db.selectFrom('audit_log');
      for (const f of ['action', 'resource', 'resource_id', 'actor_name', 'actor_type'] as const) {
        const value = c.req.query(f);
        if (value) query = query.where(f, '=', value);
      }
      const { rows, total, paging } = await pageOfLog(query, q);
      return collection(
        c,
        'AuditEntry',
        rows.map((r) => ({
          '@id': `/api/admin/audit_log/${r.id}`,
          '@type': 'AuditEntry',
          ...r,
          before: parse(r.before),
          after: parse(r.after),
          browser: describeUserAgent(r.user_agent),
        })),
        total,
        paging,
      );
    },
  );
  return app;
}
