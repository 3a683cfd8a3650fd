/** The audit log for admins: newest first, filtered by action, resource, record or who. */
import { Hono } from 'hono';
import { requireScope } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { collection } from '../hydra.ts';
import { listQuery } from './list-query.ts';

const parse = (s: string | null) => (s === null ? null : JSON.parse(s));

export function adminAuditRoutes(deps: Deps) {
  const app = new Hono();
  app.use('/admin/audit_log', requireScope(deps, 'audit:read'));
  app.get('/admin/audit_log', async (c) => {
    const q = listQuery(c, ['at'], 200);
    let query = deps.db.selectFrom('audit_log');
    for (const f of ['action', 'resource', 'resource_id', 'actor_name', 'actor_type'] as const) {
      const value = c.req.query(f);
      if (value) query = query.where(f, '=', value);
    }
    const { n } = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('at', q.sort === 'at' && q.dir === 'asc' ? 'asc' : 'desc')
      .orderBy('id')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute();
    return collection(
      c,
      'AuditEntry',
      rows.map((r) => ({
        '@id': `/api/admin/audit_log/${r.id}`,
        '@type': 'AuditEntry',
        ...r,
        before: parse(r.before),
        after: parse(r.after),
      })),
      Number(n),
      { page: q.page, pageSize: q.perPage },
    );
  });
  return app;
}
