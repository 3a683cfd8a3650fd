/**
 * Create, read, update and delete for one editor resource. New ids are max(id)+1 inside the insert's
 * transaction (content ids are explicit integers); two concurrent inserts that pick the same id make
 * one fail on the primary key, and it retries. Every successful write asks for a debounced rebuild.
 */
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { context, int } from '../../contract/hydra.ts';
import { audit } from '../auth/audit.ts';
import { byWhom } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { type JsonBodyEnv, jsonInput } from '../http/json-body.ts';
import { listQuery, pageOf } from '../http/list-query.ts';
import { checkPath, checkQuery, pathId } from '../http/params.ts';
import { ApiError, collection, item, notFound } from '../hydra.ts';
import {
  collectionOk,
  jsonBody,
  ld,
  type operation,
  problems,
  staffGuard,
  staffOperations,
} from '../openapi/describe.ts';
import { revised, whoOf } from '../revisions/record.ts';
import type { Resource } from './resources.ts';
import { checkWhole, insertChecked, updateChecked } from './writes.ts';

// biome-ignore lint/suspicious/noExplicitAny: the table is chosen at run time
type AnyDb = Kysely<any>;
type Row = Record<string, unknown> & { id: number };

const guarded = staffGuard(
  'The role or key lacks content:write, or a session write came from another origin.',
);

export function resourceRoutes(deps: Deps, r: Resource): Hono {
  const db = deps.db as AnyDb;
  const app = new Hono();
  const base = `/editor/${r.path}`;
  const scoped = <Q extends { where: (...a: never[]) => Q }>(q: Q): Q => {
    let out = q;
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's where is overloaded
    for (const [k, val] of Object.entries(r.scope ?? {})) out = (out as any).where(k, '=', val);
    return out;
  };
  const find = async (id: number) =>
    (await scoped(db.selectFrom(r.table).selectAll().where('id', '=', id)).executeTakeFirst()) as
      | Row
      | undefined;
  const present = (row: Row) => ({ id: row.id, ...r.toInput(row) });
  const iri = (id: number) => `/api${base}/${id}`;
  const byId = checkPath(v.object({ id: pathId(r.label) }));
  // The answer: the stored input with its id (what the editor sent, after trimming and sanitising).
  const answer = v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal(r.type),
    id: int,
    ...r.schema.entries,
  });
  const one = r.label.toLowerCase();
  const staffOp = staffOperations('Editor', guarded);
  const op = (
    summary: string,
    responses: Parameters<typeof operation>[0]['responses'],
    body?: v.GenericSchema,
  ) => staffOp(summary, responses, body ? { requestBody: jsonBody(body) } : {});

  const recheck = (data: Record<string, unknown>, id: number | null) => () => r.checks(deps.db, data, id);
  const check = (input: Record<string, unknown>, id: number | null) =>
    checkWhole(r.schema, input, (data) => r.checks(deps.db, data as Record<string, unknown>, id)) as Promise<
      Record<string, unknown>
    >;
  /** After a successful write: the audit entry (who, what, before and after), then a rebuild. */
  const changed = async (
    c: import('hono').Context,
    action: string,
    id: number,
    before?: Row,
    after?: Row,
  ) => {
    await audit(c, deps.db, deps.config.trustProxy, {
      action: `content.${action}`,
      resource: r.path,
      resourceId: id,
      before: before && present(before),
      after: after && present(after),
    });
    deps.readCache?.clear();
    deps.publishing?.contentChanged(r.path, byWhom(c));
  };

  const fileError = (key: string, err: unknown) =>
    deps.logger?.warn('photo file not removed; the orphan sweep will retry', { key, error: String(err) });
  const sortable = ['id', ...Object.keys(r.schema.entries)];
  const opt = (description: string) => v.optional(v.pipe(v.string(), v.description(description)));
  const listParams = v.object({
    page: opt('Page, from 1 (with itemsPerPage).'),
    itemsPerPage: opt('Items a page, 1 to 500; without it, all of them.'),
    q: opt('Words found in any text field.'),
    ...Object.fromEntries(sortable.map((k) => [`order[${k}]`, v.optional(v.picklist(['asc', 'desc']))])),
  });
  app.get(
    base,
    op(
      `${r.label}s: paged with itemsPerPage and page, sorted with order[field], searched with q.`,
      collectionOk(answer),
    ),
    checkQuery(listParams),
    async (c) => {
      const lq = listQuery(c, sortable);
      const rows = (await scoped(db.selectFrom(r.table).selectAll()).orderBy('id').execute()) as Row[];
      const words = (lq.q ?? '').split(/\s+/).filter(Boolean);
      const all = rows
        .map((row) => ({ '@id': iri(row.id), '@type': r.type, ...present(row) }))
        .filter((m) => {
          const text = Object.values(m)
            .filter((x) => typeof x === 'string')
            .join(' ')
            .toLowerCase();
          return words.every((w) => text.includes(w));
        });
      const paged = c.req.query('itemsPerPage') !== undefined;
      const { members, total } = pageOf(all, lq);
      return collection(
        c,
        r.type,
        members,
        total,
        paged ? { page: lq.page, pageSize: lq.perPage } : undefined,
      );
    },
  );

  app.get(
    `${base}/:id`,
    op(`One ${one}.`, { 200: ld(answer, 'OK'), ...problems(400, 404) }),
    byId,
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await find(id);
      if (!row) throw notFound(r.label, String(id));
      return item(c, r.type, iri(id), present(row));
    },
  );

  const written = (status: number, description: string) => ({
    [status]: ld(answer, description),
    ...problems(400, 413, 415, [422, 'Violations naming each field.']),
  });
  app.post(
    base,
    op(`Create a ${one}; fires a debounced rebuild.`, written(201, 'Created; Location names it.'), r.schema),
    jsonInput,
    async (c) => {
      const data = await check(c.var.body, null);
      const id = await insertChecked(
        () =>
          revised(deps.db, whoOf(c), r.path, null, 'create', async (trx) => {
            const { max } = (await (trx as AnyDb)
              .selectFrom(r.table)
              .select((eb) => eb.fn.max('id').as('max'))
              .executeTakeFirstOrThrow()) as { max: number | null };
            const next = Number(max ?? 0) + 1;
            await (trx as AnyDb)
              .insertInto(r.table)
              .values({ id: next, ...r.toRow(data) })
              .execute();
            return next;
          }),
        recheck(data, null),
      );
      const created = (await find(id)) as Row;
      await changed(c, 'create', id, undefined, created);
      c.header('Location', iri(id));
      return item(c, r.type, iri(id), present(created), 201);
    },
  );

  const update = (merge: boolean) => async (c: import('hono').Context<JsonBodyEnv>) => {
    const id = Number(c.req.param('id'));
    const body = c.var.body;
    const row = await find(id);
    if (!row) throw notFound(r.label, String(id));
    const data = await check(merge ? { ...r.toInput(row), ...body } : body, id);
    await updateChecked(
      () =>
        revised(deps.db, whoOf(c), r.path, id, 'update', (trx) =>
          scoped((trx as AnyDb).updateTable(r.table).set(r.toRow(data)).where('id', '=', id)).execute(),
        ),
      recheck(data, id),
    );
    const after = (await find(id)) as Row;
    await r.afterUpdate?.(deps, after, fileError);
    await changed(c, 'update', id, row, after);
    return item(c, r.type, iri(id), present(after));
  };
  const notThere = problems(404);
  app.put(
    `${base}/:id`,
    op(`Replace a ${one}.`, { ...written(200, 'Updated'), ...notThere }, r.schema),
    byId,
    jsonInput,
    update(false),
  );
  app.patch(
    `${base}/:id`,
    op(`Change some fields of a ${one}.`, { ...written(200, 'Updated'), ...notThere }, v.partial(r.schema)),
    byId,
    jsonInput,
    update(true),
  );

  app.delete(
    `${base}/:id`,
    op(`Delete a ${one}.`, {
      204: { description: 'Deleted' },
      ...problems(
        400,
        404,
        ...(r.beforeDelete ? [[409, 'Still in use; the detail says by what.'] as [number, string]] : []),
      ),
    }),
    byId,
    async (c) => {
      const { id } = c.req.valid('param');
      const before = await find(id);
      const refusal = before && r.beforeDelete ? await r.beforeDelete(deps.db, before) : null;
      if (refusal) throw new ApiError(409, refusal);
      // Its photo rows go with it; their files stay while it is under "Recently deleted" (revisions/).
      const res = await revised(deps.db, whoOf(c), r.path, id, 'delete', (trx) =>
        scoped((trx as AnyDb).deleteFrom(r.table).where('id', '=', id)).executeTakeFirst(),
      );
      if (!before || Number(res.numDeletedRows) === 0) throw notFound(r.label, String(id));
      await changed(c, 'delete', id, before);
      return c.body(null, 204);
    },
  );
  return app;
}
