/** Small query-parameter parsers that fail with a 400 naming the parameter. */
import { badRequest } from '../hydra.ts';

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

export function idParam(raw: string, name = 'id'): number {
  if (!/^\d{1,12}$/.test(raw))
    throw badRequest(`${name}: '${raw}' must be a positive whole number`, { parameter: name });
  return Number(raw);
}
