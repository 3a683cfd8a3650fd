/**
 * react-admin's data provider for our Hydra/JSON-LD API (DESIGN §4): collections answer
 * `hydra:member` and `hydra:totalItems`; items carry `@id`/`@type`, which are dropped before sending.
 * Updates send only the fields that changed (PATCH), so read-only fields never cause an "Unknown field".
 */
import type { DataProvider } from 'react-admin';
import { API_RESOURCES, type ApiResource } from './api-paths.ts';
import { api, json } from './http.ts';

// biome-ignore lint/suspicious/noExplicitAny: a record is whatever the API answers for its resource
type RaRecord = any;

interface Collection {
  'hydra:member': RaRecord[];
  'hydra:totalItems': number;
}

function resourceOf(name: string): ApiResource {
  const r = API_RESOURCES[name];
  if (!r) throw new Error(`No API path for the admin resource '${name}'`);
  return r;
}

/** What we send: no JSON-LD keys, no id, no read-only fields, and on an update no create-only ones. */
export function writable(r: ApiResource, data: Record<string, unknown>, on: 'create' | 'update') {
  return Object.fromEntries(
    Object.entries(data).filter(
      ([k]) =>
        !k.startsWith('@') &&
        k !== 'id' &&
        !r.readOnly?.includes(k) &&
        !(on === 'update' && r.createOnly?.includes(k)),
    ),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const compare = (x: unknown, y: unknown) => {
  if (x === y) return 0;
  if (x === null || x === undefined) return 1;
  if (y === null || y === undefined) return -1;
  return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
};

/** Filters, sorting and paging for a list the server answers whole. */
function listInBrowser(
  rows: RaRecord[],
  params: {
    filter?: Record<string, unknown>;
    sort?: { field: string; order: string };
    pagination?: { page: number; perPage: number };
  },
) {
  let out = rows;
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === '' || value === null) continue;
    if (key === 'q') {
      const needle = String(value).toLowerCase();
      out = out.filter((r) =>
        Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)),
      );
    } else out = out.filter((r) => String(r[key]) === String(value));
  }
  const sort = params.sort;
  if (sort?.field) {
    const sign = sort.order === 'DESC' ? -1 : 1;
    out = [...out].sort((a, b) => compare(a[sort.field], b[sort.field]) * sign);
  }
  const total = out.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    out = out.slice((page - 1) * perPage, page * perPage);
  }
  return { data: out, total };
}

/** The server's query parameters for a list's filters (renamed where the resource says so). */
export function filterQuery(r: ApiResource, filter: Record<string, unknown> = {}): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter))
    if (v !== undefined && v !== '' && v !== null) q.set(r.filterParams?.[k] ?? k, String(v));
  return q;
}

function listUrl(r: ApiResource, params: Parameters<DataProvider['getList']>[1]): string {
  if (!r.pages) return r.path;
  const q = filterQuery(r, params.filter);
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  q.set('page', String(page));
  q.set('itemsPerPage', String(perPage));
  if (params.sort?.field && params.sort.field !== 'id')
    q.set(`order[${params.sort.field}]`, params.sort.order === 'DESC' ? 'desc' : 'asc');
  return `${r.path}?${q}`;
}

const itemUrl = (r: ApiResource, id: string | number) => `${r.path}/${encodeURIComponent(String(id))}`;

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const r = resourceOf(resource);
    const body = await api<Collection>(listUrl(r, params), { signal: params.signal });
    if (r.pages) return { data: body['hydra:member'], total: body['hydra:totalItems'] };
    return listInBrowser(body['hydra:member'], params);
  },
  async getOne(resource, params) {
    return { data: await api<RaRecord>(itemUrl(resourceOf(resource), params.id), { signal: params.signal }) };
  },
  async getMany(resource, params) {
    const r = resourceOf(resource);
    return { data: await Promise.all(params.ids.map((id) => api<RaRecord>(itemUrl(r, id)))) };
  },
  async getManyReference(resource, params) {
    const r = resourceOf(resource);
    const body = await api<Collection>(r.path);
    return listInBrowser(body['hydra:member'], {
      ...params,
      filter: { ...params.filter, [params.target]: params.id },
    });
  },
  async create(resource, params) {
    const r = resourceOf(resource);
    return { data: await api<RaRecord>(r.path, json('POST', writable(r, params.data, 'create'))) };
  },
  async update(resource, params) {
    const r = resourceOf(resource);
    const prev = (params.previousData ?? {}) as Record<string, unknown>;
    const changed = Object.fromEntries(
      Object.entries(writable(r, params.data, 'update')).filter(([k, v]) => !same(v, prev[k])),
    );
    return { data: await api<RaRecord>(itemUrl(r, params.id), json('PATCH', changed)) };
  },
  async updateMany(resource, params) {
    const r = resourceOf(resource);
    await Promise.all(
      params.ids.map((id) => api(itemUrl(r, id), json('PATCH', writable(r, params.data, 'update')))),
    );
    return { data: params.ids };
  },
  async delete(resource, params) {
    const r = resourceOf(resource);
    await api(itemUrl(r, params.id), { method: 'DELETE' });
    return { data: params.previousData as RaRecord };
  },
  async deleteMany(resource, params) {
    const r = resourceOf(resource);
    await Promise.all(params.ids.map((id) => api(itemUrl(r, id), { method: 'DELETE' })));
    return { data: params.ids };
  },
};
