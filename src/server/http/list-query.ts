/**
 * List parameters of the admin and editor collections, in API Platform's conventions (DESIGN §10):
 * `page`, `itemsPerPage`, `order[field]=asc|desc`, `q` (free text). Unknown sort fields are a 400.
 */
import type { Context } from 'hono';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import { badRequest, type Page } from '../hydra.ts';

export interface ListQuery {
  page: number;
  perPage: number;
  sort: string | null;
  dir: 'asc' | 'desc';
  q: string | null;
}

/** Past this, page × itemsPerPage outgrows what a database OFFSET takes (a 500 instead of an empty page). */
const MAX_PAGE = 1_000_000;

export function listQuery(c: Context, sortable: string[], maxPerPage = 500): ListQuery {
  const page = Number(c.req.query('page') ?? 1);
  if (!Number.isInteger(page) || page < 1)
    throw badRequest(`page: '${c.req.query('page')}' must be a whole number from 1.`);
  if (page > MAX_PAGE)
    throw badRequest(`page: '${c.req.query('page')}' is past the last page there can be (${MAX_PAGE}).`);
  const perPage = Number(c.req.query('itemsPerPage') ?? maxPerPage);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > maxPerPage)
    throw badRequest(`itemsPerPage: must be a whole number from 1 to ${maxPerPage}.`);
  let sort: string | null = null;
  let dir: 'asc' | 'desc' = 'asc';
  for (const [k, val] of Object.entries(c.req.query())) {
    const m = /^order\[(.+)\]$/.exec(k);
    if (!m) continue;
    if (!sortable.includes(m[1] as string))
      throw badRequest(`order[${m[1]}]: sort by one of ${sortable.join(', ')}.`);
    if (val !== 'asc' && val !== 'desc') throw badRequest(`order[${m[1]}]: must be asc or desc.`);
    sort = m[1] as string;
    dir = val;
  }
  const q = c.req.query('q')?.trim().toLowerCase() || null;
  return { page, perPage, sort, dir, q };
}

/** Sorts and pages rows already in memory (small admin lists). */
export function pageOf<T extends object>(rows: T[], q: ListQuery) {
  let out = rows;
  if (q.sort) {
    const k = q.sort as keyof T;
    const sign = q.dir === 'asc' ? 1 : -1;
    out = [...rows].sort((a, b) => {
      const x = a[k] as unknown;
      const y = b[k] as unknown;
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (
        (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sign
      );
    });
  }
  const start = (q.page - 1) * q.perPage;
  return { members: out.slice(start, start + q.perPage), total: rows.length };
}

/**
 * One page of a log table (a row per event, with `at` and `id`), newest first unless `order[at]=asc`,
 * with the total the query matches: the audit log and the privacy-request record.
 */
export async function pageOfLog<DB, TB extends keyof DB & string>(
  // biome-ignore lint/complexity/noBannedTypes: a query that has selected nothing yet
  query: SelectQueryBuilder<DB, TB, {}>,
  q: ListQuery,
): Promise<{ rows: Selectable<DB[TB]>[]; total: number; paging: Page }> {
  // biome-ignore lint/suspicious/noExplicitAny: the caller's table is known to have `at` and `id`
  const log = query as unknown as SelectQueryBuilder<any, any, any>;
  const { n } = await log.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await log
    .selectAll()
    .orderBy('at', q.sort === 'at' && q.dir === 'asc' ? 'asc' : 'desc')
    .orderBy('id')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return {
    rows: rows as Selectable<DB[TB]>[],
    total: Number(n),
    paging: { page: q.page, pageSize: q.perPage },
  };
}
