/** Editor input: a JSON object checked by a valibot schema; failures leave as 422 ConstraintViolationList. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { Violation } from '../../lib/contract.ts';
import { ApiError, badRequest } from '../hydra.ts';

export function violationError(violations: Violation[]): ApiError {
  return new ApiError(422, violations.map((x) => `${x.propertyPath}: ${x.message}`).join('\n'), {
    '@type': 'ConstraintViolationList',
    violations,
  });
}

function code(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema') return issue.type === 'strict_object' ? 'unknown_field' : 'invalid_type';
  return issue.type;
}

export function toViolations(issues: readonly v.BaseIssue<unknown>[]): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    if (seen.has(path)) continue; // one message per field: the first rule it breaks
    seen.add(path);
    // valibot reports a missing nested key on the parent object; say it in the field's terms.
    const missing = issue.kind === 'schema' && issue.type === 'object' && issue.received === 'undefined';
    out.push(
      missing
        ? { propertyPath: path, message: `${path} is required`, code: 'required' }
        : { propertyPath: path, message: issue.message, code: code(issue) },
    );
  }
  return out;
}

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
