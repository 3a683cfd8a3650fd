/**
 * API keys for integrations (docs/decisions/061-machine-access.md), managed by admins: list, create
 * (the key is in the 201 answer, once), revoke (DELETE). Audited.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { KEY_SCOPES } from '../../lib/staff-access.ts';
import { createApiKey, presentKey, revokeApiKey } from '../auth/api-keys.ts';
import { audit } from '../auth/audit.ts';
import { principalOf, requireScope } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { readJsonObject, validate } from '../editor/validate.ts';
import { collection, item, notFound } from '../hydra.ts';
import { listQuery, pageOf } from './list-query.ts';

export const CreateKeySchema = v.object({
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.minLength(1, 'Name is required'),
    v.maxLength(100, 'Name is at most 100 characters'),
  ),
  scopes: v.pipe(
    v.array(v.picklist(KEY_SCOPES, `Scopes must be among ${KEY_SCOPES.join(', ')}`), 'Scopes must be a list'),
    v.minLength(1, 'Choose at least one scope'),
  ),
  expires_at: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.isoTimestamp('Expiry must be an ISO date-time'),
        v.check((s) => Date.parse(s) > Date.now(), 'Expiry must be in the future'),
      ),
    ),
    null,
  ),
});

const iri = (id: string) => `/api/admin/api_keys/${id}`;

export function adminKeyRoutes(deps: Deps) {
  const app = new Hono();
  app.use('/admin/api_keys', requireScope(deps, 'keys:manage'));
  app.use('/admin/api_keys/*', requireScope(deps, 'keys:manage'));

  app.get('/admin/api_keys', async (c) => {
    const q = listQuery(c, ['name', 'created_at', 'last_used_at']);
    const rows = (
      await deps.db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').execute()
    ).map(presentKey);
    const { members, total } = pageOf(
      q.q ? rows.filter((k) => k.name.toLowerCase().includes(q.q as string)) : rows,
      q,
    );
    return collection(
      c,
      'ApiKey',
      members.map((k) => ({ '@id': iri(k.id), '@type': 'ApiKey', ...k })),
      total,
    );
  });

  app.get('/admin/api_keys/:id', async (c) => {
    const row = await deps.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', c.req.param('id'))
      .executeTakeFirst();
    if (!row) throw notFound('API key', c.req.param('id'));
    return item(c, 'ApiKey', iri(row.id), presentKey(row));
  });

  app.post('/admin/api_keys', async (c) => {
    const input = validate(CreateKeySchema, await readJsonObject(c));
    const me = principalOf(c);
    const { key, row } = await createApiKey(deps.db, {
      name: input.name,
      scopes: input.scopes,
      expiresAt: input.expires_at,
      createdBy: me.type === 'staff' ? me.email : null,
    });
    const shown = presentKey(row);
    await audit(c, deps.db, deps.config.trustProxy, {
      action: 'key.create',
      resource: 'api_keys',
      resourceId: row.id,
      after: shown,
    });
    c.header('Location', iri(row.id));
    // The only time the key itself is shown.
    return item(c, 'ApiKey', iri(row.id), { ...shown, key }, 201);
  });

  app.delete('/admin/api_keys/:id', async (c) => {
    const id = c.req.param('id');
    const me = principalOf(c);
    const before = await deps.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before || !(await revokeApiKey(deps.db, id, me.type === 'staff' ? me.email : null)))
      throw notFound('Active API key', id);
    await audit(c, deps.db, deps.config.trustProxy, {
      action: 'key.revoke',
      resource: 'api_keys',
      resourceId: id,
      before: presentKey(before),
    });
    return c.body(null, 204);
  });
  return app;
}
