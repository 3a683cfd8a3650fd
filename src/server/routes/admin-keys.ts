/**
 * API keys for integrations (docs/decisions/061-machine-access.md), managed by admins: list, create
 * (the key is in the 201 answer, once), revoke (DELETE). Audited.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ApiKey, ApiKeyCreated, ApiKeyCreateInput } from '../../contract/staff.ts';
import { createApiKey, presentKey, revokeApiKey } from '../auth/api-keys.ts';
import { audit } from '../auth/audit.ts';
import { principalOf, requireScope } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { jsonInput } from '../http/json-body.ts';
import { listQuery, pageOf } from '../http/list-query.ts';
import { checkPath, pathText } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { collection, item, notFound } from '../hydra.ts';
import { collectionOk, jsonBody, ld, problems, staffGuard, staffOperations } from '../openapi/describe.ts';

const CreateKeySchema = ApiKeyCreateInput;
const byId = checkPath(v.object({ id: pathText('API key id') }));
const op = staffOperations(
  'Admin',
  staffGuard('Only admins manage API keys (keys:manage); API keys never do.'),
);

const iri = (id: string) => `/api/admin/api_keys/${id}`;

export function adminKeyRoutes(deps: Deps) {
  const app = new Hono();
  // '/x/*' also matches '/x' itself, so one guard covers the collection and its items.
  app.use('/admin/api_keys/*', requireScope(deps, 'keys:manage'));

  app.get(
    '/admin/api_keys',
    op(
      'API keys (never the keys themselves): page, itemsPerPage, order[name|created_at|last_used_at], q.',
      collectionOk(ApiKey),
    ),
    async (c) => {
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
    },
  );

  app.get(
    '/admin/api_keys/:id',
    op('One API key.', { 200: ld(ApiKey, 'OK'), ...problems(404) }),
    byId,
    async (c) => {
      const row = await deps.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', String(c.req.param('id')))
        .executeTakeFirst();
      if (!row) throw notFound('API key', String(c.req.param('id')));
      return item(c, 'ApiKey', iri(row.id), presentKey(row));
    },
  );

  app.post(
    '/admin/api_keys',
    op(
      'Create an API key for an integration; the key is in this answer only.',
      {
        201: ld(ApiKeyCreated, 'Created; copy the key now.'),
        ...problems(400, 413, 415, [422, 'Violations naming each field.']),
      },
      { requestBody: jsonBody(ApiKeyCreateInput) },
    ),
    jsonInput,
    async (c) => {
      const input = validate(CreateKeySchema, c.var.body);
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
    },
  );

  app.delete(
    '/admin/api_keys/:id',
    op('Revoke an API key: it stops working at once.', {
      204: { description: 'Revoked' },
      ...problems([404, 'No active key has this id.']),
    }),
    byId,
    async (c) => {
      const id = String(c.req.param('id'));
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
    },
  );
  return app;
}
