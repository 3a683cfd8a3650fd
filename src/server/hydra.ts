/**
 * Hydra JSON-LD responses and errors (DESIGN §4): collections with the `hydra:` prefix,
 * problem+json errors that name what went wrong. No stack trace ever reaches a client.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describeViolations } from '../contract/forms/common.ts';
import type { Violation } from '../contract/index.ts';
import { withBody } from './http/body-text.ts';
import { currentRequestId } from './log.ts';

export const LD_JSON = 'application/ld+json; charset=utf-8';
const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

export interface Page {
  page: number;
  pageSize: number;
}

/** Members already serialised (stock/stock-index.ts keeps each car's summary as finished JSON). */
export class JsonMembers {
  readonly json: string[];
  constructor(json: string[]) {
    this.json = json;
  }
}
/** Stands in for serialised members; a NUL never reaches a body otherwise (the input guard refuses it). */
const SLOT = '\u0000members';
const MEMBERS_SLOT = JSON.stringify(SLOT);

/** A hydra:Collection; `view` adds first/last/next/previous links when the collection is paged. */
export function collection(
  c: Context,
  type: string,
  members: unknown[] | JsonMembers,
  total: number,
  paging?: Page,
) {
  const json = collectionJson(c.req.url, type, members, total, paging);
  return withBody(c.body(json, 200, { 'Content-Type': LD_JSON }), json);
}

/** The JSON of a collection answered at `href` (the URL as Hono sees it: c.req.url). */
export function collectionJson(
  href: string,
  type: string,
  members: unknown[] | JsonMembers,
  total: number,
  paging?: Page,
): string {
  const url = new URL(href);
  const id = url.pathname + url.search;
  const body: Record<string, unknown> = {
    '@context': `/api/contexts/${type}`,
    '@id': url.pathname,
    '@type': 'hydra:Collection',
    'hydra:member': members instanceof JsonMembers ? SLOT : members,
    'hydra:totalItems': total,
  };
  if (paging) {
    const last = Math.max(1, Math.ceil(total / paging.pageSize));
    // One parameter list for every link (a URL each cost more than the rest of a cached-index answer).
    const params = new URLSearchParams(url.search);
    const link = (p: number) => {
      params.set('page', String(p));
      return `${url.pathname}?${params}`;
    };
    const view: Record<string, unknown> = { '@id': id, '@type': 'hydra:PartialCollectionView' };
    view['hydra:first'] = link(1);
    view['hydra:last'] = link(last);
    if (paging.page > 1) view['hydra:previous'] = link(Math.min(paging.page - 1, last));
    if (paging.page < last) view['hydra:next'] = link(paging.page + 1);
    body['hydra:view'] = view;
  }
  const json = JSON.stringify(body);
  return members instanceof JsonMembers ? json.replace(MEMBERS_SLOT, `[${members.json.join(',')}]`) : json;
}

/** One resource with its @context, @id and @type. */
export function item(
  c: Context,
  type: string,
  id: string,
  data: Record<string, unknown>,
  status: 200 | 201 = 200,
) {
  const body = { '@context': `/api/contexts/${type}`, '@id': id, '@type': type, ...data };
  const json = JSON.stringify(body);
  return withBody(c.body(json, status, { 'Content-Type': LD_JSON }), json);
}

export function problem(
  c: Context,
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
) {
  const body = {
    '@context': '/api/contexts/Error',
    '@type': 'hydra:Error',
    type: `/errors/${status}`,
    title,
    status,
    detail,
    'hydra:title': title,
    'hydra:description': detail,
    // A 5xx names the request, so an operator can find its log lines (log.ts).
    ...(status >= 500 && currentRequestId() ? { request_id: currentRequestId() } : {}),
    ...extra,
  };
  const json = JSON.stringify(body);
  // biome-ignore lint/suspicious/noExplicitAny: Hono's status type is a literal union
  return withBody(c.body(json, status as any, { 'Content-Type': PROBLEM_JSON }), json);
}

/** Thrown by handlers for a 404/400 so routes read as straight-line code. */
export class ApiError extends HTTPException {
  readonly detail: string;
  readonly extra: Record<string, unknown>;
  constructor(
    status: 400 | 404 | 405 | 409 | 413 | 415 | 422 | 429,
    detail: string,
    extra: Record<string, unknown> = {},
  ) {
    super(status, { message: detail });
    this.detail = detail;
    this.extra = extra;
  }
}

/** The one 422 of the API (leads and editor alike): ConstraintViolationList, one "path: message" line each. */
export const violationError = (violations: Violation[]) =>
  new ApiError(422, describeViolations(violations), {
    '@context': '/api/contexts/ConstraintViolationList',
    '@type': 'ConstraintViolationList',
    violations,
  });

/** The problem+json answer of an ApiError (what app.ts's onError sends for a thrown one). */
export const errorResponse = (c: Context, e: ApiError) =>
  problem(c, e.status, statusTitle(e.status), e.detail, e.extra);

export const notFound = (what: string, id: string) => new ApiError(404, `${what} '${id}' was not found.`);
export const badRequest = (detail: string, extra: Record<string, unknown> = {}) =>
  new ApiError(400, detail, extra);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'An error occurred',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}
