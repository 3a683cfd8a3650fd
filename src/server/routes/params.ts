/** Small query-parameter parsers that fail with a 400 naming the parameter. */
import { badRequest, notFound } from '../hydra.ts';

export function pageParam(raw: string | undefined, name = 'page'): number {
  if (raw === undefined || raw.trim() === '') return 1;
  if (!/^\d{1,6}$/.test(raw.trim()) || Number(raw) < 1) {
    throw badRequest(`${name}: '${raw}' must be a whole number from 1`, { parameter: name });
  }
  return Number(raw);
}

export function slugParam(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim().toLowerCase();
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) || value.length > 80) {
    throw badRequest(`${name}: '${raw}' must be a lower-case slug`, { parameter: name });
  }
  return value;
}

/** Ids are 32-bit integers on both databases: a larger one names nothing (and PostgreSQL would refuse it). */
export const MAX_ID = 2 ** 31 - 1;

/** A numeric id from the path: 400 when it is not a whole number, 404 when no row can have it. */
export function idParam(raw: string | undefined, what: string, name = 'id'): number {
  if (raw === undefined || !/^\d{1,100}$/.test(raw))
    throw badRequest(`${name}: '${raw}' must be a positive whole number`, { parameter: name });
  const id = Number(raw);
  if (id < 1 || id > MAX_ID) throw notFound(what, raw);
  return id;
}
