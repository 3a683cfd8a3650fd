/** Editor input: a JSON object checked by a valibot schema; failures leave as 422 ConstraintViolationList. */
import type { Context } from 'hono';
import * as v from 'valibot';
import { toViolations } from '../../lib/schemas/common.ts';
import { ApiError, badRequest, violationError } from '../hydra.ts';

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/(ld\+)?json\b/i.test(type))
    throw new ApiError(415, 'Send the body as JSON with Content-Type: application/json.');
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!r.success) throw violationError(toViolations(r.issues));
  return r.output;
}
