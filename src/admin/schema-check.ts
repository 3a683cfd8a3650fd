/**
 * How the admin's forms (SchemaForm in schema-form.tsx) check a record with the API's own input schema
 * (src/contract) before sending it, the way the server checks the write (checkInput in src/contract/forms/common.ts): a bad value shows, on
 * its field and without a request, the message the server's 422 would carry, and what was typed stays.
 * What the server alone can know (a slug already taken, a dealership outside a dealer user's scope)
 * still comes back as violations, which react-admin puts on the same fields (src/admin/http.ts).
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { checkInput } from '../contract/forms/common.ts';
import type { Violation } from '../contract/index.ts';

/** An editor input schema: an object schema (possibly with metadata), as the write routes use it. */
export type InputSchema = v.GenericSchema & { entries: v.ObjectEntries };

type Schema = v.GenericSchema & {
  wrapped?: Schema;
  options?: unknown[];
  item?: Schema;
  entries?: Record<string, Schema>;
};

/** Whether a schema takes text where it is set: a string, also inside optional/nullable or a union. */
function takesText(s: Schema): boolean {
  if (s.type === 'string') return true;
  if (s.wrapped) return takesText(s.wrapped);
  return (s.options ?? []).some((o) => typeof o === 'object' && o !== null && takesText(o as Schema));
}

/**
 * react-admin empties an input to null. Where the schema takes text but not null, that is the empty text
 * the API expects: an emptied optional field is cleared, an emptied required one is "… is required".
 * Through nested objects and lists (opening hours, colours, features) alike.
 */
function emptiedAsText(schema: Schema, value: unknown): unknown {
  if (value === null) return takesText(schema) && !v.is(schema, null) ? '' : null;
  let inner = schema;
  while (inner.wrapped) inner = inner.wrapped;
  if (Array.isArray(value) && inner.item) {
    const item = inner.item;
    return value.map((x) => emptiedAsText(item, x));
  }
  const entries = inner.entries;
  if (value && typeof value === 'object' && entries)
    return Object.fromEntries(
      Object.entries(value).map(([k, x]) => [k, entries[k] ? emptiedAsText(entries[k], x) : x]),
    );
  return value;
}

/** Violations as react-hook-form errors (for the resolver): the same nesting as the server's (violationsToErrors), a message at each leaf. */
function fieldErrors(violations: Violation[]): FieldErrors {
  const leaves = (node: unknown): unknown =>
    typeof node === 'string'
      ? { type: 'schema', message: node }
      : Object.fromEntries(Object.entries(node as object).map(([k, x]) => [k, leaves(x)]));
  return leaves(violationsToErrors(violations)) as FieldErrors;
}

/**
 * A react-hook-form resolver from an input schema. What it passes on to be saved is the form's values
 * with emptied text as '' (not the schema's output: the server checks and transforms what it receives).
 */
export function schemaResolver(schema: InputSchema): Resolver<FieldValues> {
  return async (values) => {
    const input = emptiedAsText(schema as Schema, values) as Record<string, unknown>;
    const r = checkInput(schema, input);
    return r.ok ? { values: input, errors: {} } : { values: {}, errors: fieldErrors(r.violations) };
  };
}

/** {"colors.0.hex_code": "…"} → {colors: {0: {hex_code: "…"}}}: react-admin walks nested objects. */
export function violationsToErrors(violations: Violation[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { propertyPath, message } of violations) {
    const parts = (propertyPath || 'root.serverError').split('.');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] ??= message;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}
