/**
 * An input (a JSON body from json-body.ts) checked by a valibot schema; failures leave as the one 422 of
 * the API, a ConstraintViolationList (violationError in hydra.ts), for editor, admin and stock alike.
 */
import * as v from 'valibot';
import { checkInput, toViolations } from '../../contract/forms/common.ts';
import { violationError } from '../hydra.ts';

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
  const { id: _id, ...fields } = input;
  const r = checkInput(schema, fields);
  if (!r.ok) throw violationError(r.violations);
  return r.data;
}
