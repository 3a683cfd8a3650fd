/**
 * How a route describes itself in /api/docs.json: its answers are contract schemas (src/contract/),
 * turned into JSON Schema by hono-openapi when the document is generated. Nothing here is written by
 * hand but the words.
 */
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { ConstraintViolationList, collectionOf, Problem } from '../../contract/hydra.ts';

// A 422 lists violations, except an Idempotency-Key reused with another body (a plain problem).
const Unprocessable = v.union([ConstraintViolationList, Problem]);

type Responses = NonNullable<Parameters<typeof describeRoute>[0]['responses']>;

const ERRORS: Record<number, string> = {
  400: 'A parameter or the body is malformed; the detail names it.',
  401: 'Missing or wrong credentials.',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  413: 'The body is larger than 64 KiB.',
  415: 'The body is not application/ld+json or application/json.',
  429: 'Too many requests from this client; see Retry-After.',
  503: 'Turned off on this server (its secret is not configured).',
};

export const ld = <S extends v.GenericSchema>(schema: S, description: string) => ({
  description,
  content: { 'application/ld+json': { schema: resolver(schema) } },
});

/** The 200 of a list: a Hydra collection of `member`s. */
export const collectionOk = <S extends v.GenericSchema>(member: S) => ({
  200: ld(collectionOf(member), 'OK'),
});

/** problem+json answers; a string overrides the standard description of that status. */
export function problems(...statuses: (number | [number, string])[]): Responses {
  const out: Responses = {};
  for (const s of statuses) {
    const [status, description] = Array.isArray(s) ? s : [s, ERRORS[s] ?? 'Error.'];
    out[status] = {
      description,
      content: {
        'application/problem+json': { schema: resolver(status === 422 ? Unprocessable : Problem) },
      },
    };
  }
  return out;
}

/**
 * The 401 and 403 of a staff route (a session or an API key, auth/principal.ts): `forbidden` says which
 * role or scope it takes; `more` are further answers as in problems().
 */
export const staffGuard = (forbidden: string, ...more: (number | [number, string])[]) =>
  problems(
    [401, 'No staff session and no valid API key (Authorization: Bearer <key>).'],
    [403, forbidden],
    ...more,
  );

/** A JSON request body documented from the schema that validates it (as the client sends it). */
export const jsonBody = <S extends v.GenericSchema>(schema: S, required = true) => {
  const media = { schema: resolver(schema, { options: { typeMode: 'input' } }) };
  return { required, content: { 'application/ld+json': media, 'application/json': media } };
};

export interface Operation {
  summary: string;
  tags: string[];
  responses: Responses;
  description?: string;
  requestBody?: ReturnType<typeof jsonBody>;
  parameters?: NonNullable<Parameters<typeof describeRoute>[0]['parameters']>;
  security?: Record<string, string[]>[];
}

export const operation = (op: Operation) => describeRoute(op);

/**
 * The `op(summary, responses, extra)` of a group of staff routes: the group's tag, STAFF_SECURITY, and
 * the answers every route of the group can give (`guard`: its 401 and 403, from problems()).
 */
export const staffOperations =
  (tag: string, guard: Responses) =>
  (summary: string, responses: Responses, extra: Partial<Parameters<typeof describeRoute>[0]> = {}) =>
    describeRoute({
      summary,
      tags: [tag],
      security: STAFF_SECURITY,
      responses: { ...responses, ...guard },
      ...extra,
    });

/**
 * Staff endpoints accept either credential (auth/principal.ts): a signed-in staff member's session
 * cookie, or a bearer API key. The schemes themselves are described in routes/docs.ts.
 */
export const STAFF_SECURITY: Record<string, string[]>[] = [{ staffSession: [] }, { apiKey: [] }];

/** The document's securitySchemes for STAFF_SECURITY. */
export const SECURITY_SCHEMES = {
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sdg_admin.session_token',
    description:
      'A staff session from POST /api/auth/sign-in/email (HttpOnly, SameSite=Strict; __Secure- prefixed outside development). Writes must come from our own origin (Origin or Sec-Fetch-Site: same-origin).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A scoped, revocable API key (sdgk_…) made at /api/admin/api_keys: Authorization: Bearer sdgk_…. The deprecated EDITOR_TOKEN is still accepted here with content, builds and leads scopes.',
  },
} as const;

/** A read call: 200 with `schema`, plus the problems it can answer. */
export const read = <S extends v.GenericSchema>(
  summary: string,
  tags: string[],
  schema: S,
  ...errors: (number | [number, string])[]
) => describeRoute({ summary, tags, responses: { 200: ld(schema, 'OK'), ...problems(...errors) } });
