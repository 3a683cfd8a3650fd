/**
 * Building blocks for the lead-form schemas (valibot), shared by the islands (before submit) and the
 * API (always). Inputs come from HTML forms or JSON, so every field is coerced from `unknown`: strings
 * are trimmed, blanks count as missing, and each field reports one message (the first rule it breaks).
 */
import * as v from 'valibot';
import { toSaE164 } from '../../domain/phone.ts';
import { isSlug, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../domain/slug.ts';
import type { Violation } from '../index.ts';

export type Validation<T> = { ok: true; data: T } | { ok: false; violations: Violation[] };

// A violation's code follows from its message; messages register their code as they are made.
const CODES = new Map<string, string>();
export function rule(code: string, message: string): string {
  CODES.set(message, code);
  return message;
}

/** Form values as trimmed text: numbers become their digits, anything else (null, objects) is blank. */
export function asText(x: unknown): string {
  if (typeof x === 'string') return x.trim();
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  return '';
}

const blankToUndefined = (s: string) => (s === '' ? undefined : s);

/**
 * An optional field sent as an object, an array or a boolean is refused by name rather than read as
 * blank, so a client's mistake (`partNo: ["A", "B"]`, `vehicle_id: {id: 1}`) is a 422, not a lead quietly
 * missing what was sent. Required fields need not: blank already says "is required".
 */
export const isTextOrNumber = (x: unknown) =>
  x === undefined || x === null || typeof x === 'string' || typeof x === 'number';
export function textOrNumber(label: string) {
  return v.check(isTextOrNumber, rule('invalid_type', `${label} must be text`));
}

/**
 * What a client sends for a field, as /api/docs.json describes it (the pipe then coerces and checks
 * it). Optional fields are wrapped in v.optional so the document lists only the required ones as such.
 */
export const sent = (json: Record<string, unknown>) => v.pipe(v.unknown(), v.metadata(json));
const PHONE = {
  type: 'string',
  description: 'A South African number in any common notation; stored as E.164.',
};
const AMOUNT_SENT = { type: ['number', 'string'], description: 'Rand amount: 12500.5 or "R 12 500,50".' };
const SLUG = { type: 'string', pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX_LENGTH };

export function requiredText(required: string, label: string, max = 100) {
  return v.pipe(
    sent({ type: 'string', maxLength: max }),
    v.transform(asText),
    v.nonEmpty(rule('required', required)),
    v.maxLength(max, rule('too_long', `${label} must be at most ${max} characters`)),
  );
}

export function optionalText(label: string, max = 100) {
  return v.optional(
    v.pipe(
      sent({ type: 'string', maxLength: max }),
      textOrNumber(label),
      v.transform(asText),
      v.maxLength(max, rule('too_long', `${label} must be at most ${max} characters`)),
      v.transform(blankToUndefined),
    ),
  );
}

const INVALID_EMAIL = rule('invalid_email', 'Please enter a valid email address');

export function email(required: string) {
  return v.pipe(
    sent({ type: 'string', format: 'email', maxLength: 254 }),
    v.transform(asText),
    v.nonEmpty(rule('required', required)),
    v.maxLength(254, rule('too_long', 'Email must be at most 254 characters')),
    v.email(INVALID_EMAIL),
  );
}

const INVALID_PHONE = rule('invalid_phone', 'Please enter a valid South African phone number');

/** A South African number, stored in E.164. `required` undefined makes the field optional. */
export function saPhone(required?: string) {
  const valid = v.check((s: string) => toSaE164(s) !== undefined, INVALID_PHONE);
  const toE164 = v.transform((s: string) => toSaE164(s) as string);
  if (required === undefined) {
    return v.optional(
      v.pipe(
        sent(PHONE),
        v.transform(asText),
        v.maxLength(30, INVALID_PHONE),
        v.union(
          [
            v.pipe(
              v.literal(''),
              v.transform(() => undefined),
            ),
            v.pipe(v.string(), valid, toE164),
          ],
          INVALID_PHONE,
        ),
      ),
    );
  }
  return v.pipe(
    sent(PHONE),
    v.transform(asText),
    v.nonEmpty(rule('required', required)),
    v.maxLength(30, INVALID_PHONE),
    valid,
    toE164,
  );
}

/**
 * Rand amounts as typed: "R 12 500,50", "12500.5" or a number. Spaces and the R prefix are dropped;
 * a comma is the decimal mark when there is no point (en-ZA), else a thousands separator.
 */
export function normaliseAmount(x: unknown): string {
  if (typeof x === 'number') return Number.isFinite(x) ? String(x) : 'NaN';
  if (typeof x !== 'string') return '';
  let s = x.replace(/[\s\u00a0]/g, '').replace(/^R/i, '');
  if (s.includes(',') && s.includes('.')) s = s.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  else s = s.replace(/,(?=\d{3}(\D|$))/g, '');
  return s;
}

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** A non-negative rand amount with at most two decimals; `required` undefined makes it optional. */
export function amount(label: string, required?: string) {
  const invalid = rule(
    'invalid_amount',
    `${label} must be an amount of zero or more with at most two decimals`,
  );
  const checks = [v.regex(AMOUNT, invalid), v.transform((s: string) => Number(s))] as const;
  if (required === undefined) {
    return v.optional(
      v.pipe(
        sent(AMOUNT_SENT),
        v.transform(normaliseAmount),
        v.union(
          [
            v.pipe(
              v.literal(''),
              v.transform(() => undefined),
            ),
            v.pipe(v.string(), ...checks),
          ],
          invalid,
        ),
      ),
    );
  }
  return v.pipe(
    sent(AMOUNT_SENT),
    v.transform(normaliseAmount),
    v.nonEmpty(rule('required', required)),
    ...checks,
  );
}

/** Whole years (time at an address, years worked). */
export function years(label: string, required?: string, max = 80) {
  const invalid = rule('invalid_number', `${label} must be a whole number of years from 0 to ${max}`);
  const whole = v.check((s: string) => /^\d{1,3}$/.test(s) && Number(s) <= max, invalid);
  if (required === undefined) {
    return v.optional(
      v.pipe(
        sent({ type: ['integer', 'string'], minimum: 0, maximum: max }),
        v.transform(asText),
        v.union(
          [
            v.pipe(
              v.literal(''),
              v.transform(() => undefined),
            ),
            v.pipe(v.string(), whole, v.transform(Number)),
          ],
          invalid,
        ),
      ),
    );
  }
  return v.pipe(
    sent({ type: ['integer', 'string'], minimum: 0, maximum: max }),
    v.transform(asText),
    v.nonEmpty(rule('required', required)),
    whole,
    v.transform(Number),
  );
}

function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** An optional past date from a date input (YYYY-MM-DD). */
export function pastDate(label: string) {
  const invalid = rule('invalid_date', `${label} must be a real date`);
  const future = rule('future_date', `${label} cannot be in the future`);
  return v.optional(
    v.pipe(
      sent({ type: 'string', format: 'date' }),
      v.transform(asText),
      v.union(
        [
          v.pipe(
            v.literal(''),
            v.transform(() => undefined),
          ),
          v.pipe(
            v.string(),
            v.check(isRealDate, invalid),
            v.check((s) => s <= new Date().toISOString().slice(0, 10), future),
          ),
        ],
        invalid,
      ),
    ),
  );
}

/** A tick box that must be ticked: true, "true", "on" or 1 count as ticked. */
export function ticked(message: string) {
  return v.pipe(
    sent({ type: 'boolean', description: 'Must be true (ticked).' }),
    v.transform((x) => x === true || x === 'true' || x === 'on' || x === 1 || x === '1'),
    v.value(true, rule('not_accepted', message)),
  );
}

export function slug(label: string, required?: string) {
  const invalid = rule('invalid_slug', `${label} is not valid`);
  const valid = v.check(isSlug, invalid);
  if (required === undefined) {
    return v.optional(
      v.pipe(
        sent(SLUG),
        v.transform((x) => asText(x).toLowerCase()),
        v.union(
          [
            v.pipe(
              v.literal(''),
              v.transform(() => undefined),
            ),
            v.pipe(v.string(), valid),
          ],
          invalid,
        ),
      ),
    );
  }
  return v.pipe(
    sent(SLUG),
    v.transform((x) => asText(x).toLowerCase()),
    v.nonEmpty(rule('required', required)),
    valid,
  );
}

/** A violation's code: the one its message registered, else what kind of rule it broke. */
function codeOf(issue: v.BaseIssue<unknown>): string {
  const registered = CODES.get(issue.message);
  if (registered) return registered;
  if (issue.kind === 'schema') return issue.type === 'strict_object' ? 'unknown_field' : 'invalid_type';
  return issue.type;
}

/**
 * valibot issues as SPEC violations: one per field (the first rule it breaks), in schema order. The one
 * converter of the lead forms, the lead API and the editor API.
 */
export function toViolations(issues: readonly v.BaseIssue<unknown>[]): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const issue of issues) {
    const propertyPath = v.getDotPath(issue) ?? '';
    if (seen.has(propertyPath)) continue;
    seen.add(propertyPath);
    // valibot reports a missing nested key on the parent object; say it in the field's terms.
    const missing = issue.kind === 'schema' && issue.type === 'object' && issue.received === 'undefined';
    out.push(
      missing
        ? { propertyPath, message: `${propertyPath} is required`, code: 'required' }
        : { propertyPath, message: issue.message, code: codeOf(issue) },
    );
  }
  return out;
}

/**
 * An input object checked as a whole, as the editor and admin APIs check a write (server/http/validate.ts)
 * and the admin's forms check it before sending (src/admin/schema-form.tsx): every key the schema names is
 * present (a missing one as undefined, so the field's own schema answers "Title is required"), keys it
 * does not name are left to the caller, and each field reports the first rule it breaks.
 */
export function checkInput<S extends v.GenericSchema & { entries: v.ObjectEntries }>(
  schema: S,
  input: Record<string, unknown>,
): Validation<v.InferOutput<S>> {
  const full = { ...Object.fromEntries(Object.keys(schema.entries).map((k) => [k, undefined])), ...input };
  const r = v.safeParse(schema, full, { abortPipeEarly: true });
  return r.success ? { ok: true, data: r.output } : { ok: false, violations: toViolations(r.issues) };
}

/** The object schema of each entries record `run` was given, kept: the server runs the same ones per request. */
const objectSchemas = new WeakMap<v.ObjectEntries, v.GenericSchema>();

/**
 * Runs an object schema with one message per field. Every key is filled in first (valibot reports a
 * missing key as a type error, not as the field's "required" message) and unknown keys are dropped.
 */
export function run<E extends v.ObjectEntries>(
  entries: E,
  input: unknown,
): Validation<v.InferOutput<v.ObjectSchema<E, undefined>>> {
  const source =
    input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const filled = Object.fromEntries(Object.keys(entries).map((k) => [k, source[k]]));
  let schema = objectSchemas.get(entries);
  if (!schema) {
    schema = v.object(entries);
    objectSchemas.set(entries, schema);
  }
  const r = v.safeParse(schema as v.ObjectSchema<E, undefined>, filled, { abortPipeEarly: true });
  return r.success ? { ok: true, data: r.output } : { ok: false, violations: toViolations(r.issues) };
}

/** `hydra:description` of a 422: one "path: message" line per violation. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations.map((x) => (x.propertyPath ? `${x.propertyPath}: ${x.message}` : x.message)).join('\n');
}
