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

/**
 * Validates a whole input object (PUT/POST): a field the schema does not name is a violation, and a
 * missing one is passed as undefined so the field's own schema answers ("Title is required").
 */
// biome-ignore lint/suspicious/noExplicitAny: any object schema; its output type is kept
export function validateWhole<S extends v.ObjectSchema<any, any>>(
  schema: S,
  input: Record<string, unknown>,
): v.InferOutput<S> {
  const known = Object.keys(schema.entries);
  const unknown = Object.keys(input).filter((k) => !known.includes(k) && k !== 'id');
  if (unknown.length)
    throw violationError(
      unknown.map((k) => ({
        propertyPath: k,
        message: `Unknown field; use ${known.join(', ')}`,
        code: 'unknown_field',
      })),
    );
  const full = { ...Object.fromEntries(known.map((k) => [k, undefined])), ...input };
  delete full.id;
  return validate(schema, full);
}
