/**
 * fast-check arbitraries for the fuzz suite: requests generated from the OpenAPI document (read
 * generically: paths, parameters, JSON schemas with $ref/enum/const/oneOf), with hostile strings,
 * encodings and structures mixed in everywhere a value goes.
 */
import fc from 'fast-check';

type Json = Record<string, unknown>;
export interface OpenApiDoc {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Strings that have broken servers: control characters, encodings, escapes, sizes, lookalikes. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\r\n',
    'x\r\nSet-Cookie: a=b',
    '%',
    '%25',
    '%00',
    '%zz',
    '%E0%A4%A',
    '%C3%28',
    '\uD800',
    '\uDFFF\uD800',
    '../../etc/passwd',
    '..%2f..%2f',
    '\\',
    '"',
    "'; drop table leads; --",
    '{"$ne":null}',
    '<script>alert(1)</script>',
    '0',
    '-1',
    '2147483648',
    '9223372036854775808',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '\u202e\u2066',
    '🚗'.repeat(100),
    'ı'.repeat(10),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 3000 }).map((s) => s.padEnd(3000, 'x')),
);

/** JSON values of the wrong shape: other types, deep nesting, wide objects, prototype keys. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -0.5, 1e308, [], {}, JSON.parse('{"__proto__":{"admin":true}}'), {
    constructor: 'x',
  }),
  hostileString,
  fc.integer({ min: 2, max: 40 }).map((depth) => nest(depth)),
  fc.array(fc.constant(1), { maxLength: 2000 }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** Deeply nested JSON as text (as a value it would overflow the generator's own printing). */
const deepJsonText = fc
  .tuple(fc.integer({ min: 30, max: 8000 }), fc.boolean())
  .map(([n, arrays]) =>
    arrays ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`,
  );

/** encodeURIComponent, which throws on a lone surrogate: those are sent as U+FFFD, as a browser would. */
const encode = (s: string) => encodeURIComponent(s.toWellFormed());

function nest(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** A value for a JSON schema: usually a valid one, sometimes a hostile one. */
function valueFor(doc: OpenApiDoc, schema: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validValue(doc, schema, depth), weight: 4 },
    { arbitrary: hostileJson, weight: 1 },
  );
}

function validValue(doc: OpenApiDoc, raw: Json | undefined, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  const variants = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (Array.isArray(variants) && variants.length)
    return fc.oneof(...variants.map((v) => validValue(doc, v, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Number(schema.minimum ?? 0), max: Number(schema.maximum ?? 10_000) }),
        fc.constantFrom(0, -1, 2 ** 31, 2 ** 53),
      );
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(doc, schema.items as Json, depth + 1), { maxLength: 4 });
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const entries = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, valueFor(doc, v, depth + 1)]),
      );
      return fc.record(entries, { requiredKeys: [] });
    }
    default:
      return stringFor(schema);
  }
}

function stringFor(schema: Json): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date' || schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 200));
    } catch {}
  }
  return fc.oneof(
    fc.constantFrom('subaru', 'forester', 'motus-subaru', 'motus-subaru-west-rand', 'outback', 'new'),
    fc.string({ maxLength: Number(schema.maxLength ?? 40) }),
  );
}

function resolve(doc: OpenApiDoc, schema: Json | undefined): Json | undefined {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
    const name = (s.$ref as string).split('/').pop() as string;
    s = doc.components?.schemas?.[name];
  }
  return s;
}

/** How a value is written into a URL: encoded properly, raw, or with a broken escape. */
const encoded = (value: fc.Arbitrary<unknown>) =>
  fc
    .tuple(value, fc.constantFrom('encode', 'encode', 'encode', 'raw', 'double', 'broken'))
    .map(([v, how]) => {
      const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
      if (how === 'raw') return s.toWellFormed().replace(/[#?/\s%]/g, encodeURIComponent);
      if (how === 'double') return encode(encode(s));
      if (how === 'broken') return `${encode(s)}%E0%A4`;
      return encode(s);
    });

/** Every operation of the document as an arbitrary request. */
export function operations(doc: OpenApiDoc, auth: Record<string, string>): fc.Arbitrary<FuzzRequest>[] {
  const out: fc.Arbitrary<FuzzRequest>[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [
        ...((item.parameters as unknown as Json[]) ?? []),
        ...((op.parameters as unknown as Json[]) ?? []),
      ].map((p) => resolve(doc, p) as Json);
      const pathParams = params.filter((p) => p.in === 'path');
      const query = params.filter((p) => p.in === 'query');
      const headerParams = params.filter((p) => p.in === 'header');
      const content = (resolve(doc, op.requestBody as Json)?.content ?? {}) as Record<string, Json>;
      const [mediaType, media] = Object.entries(content)[0] ?? [];
      out.push(
        fc
          .record({
            path: fc.record(
              Object.fromEntries(
                pathParams.map((p) => [p.name as string, encoded(valueFor(doc, p.schema as Json))]),
              ),
            ),
            query: fc.array(
              fc.tuple(
                fc.oneof(
                  {
                    arbitrary: fc.constantFrom(
                      ...(query.length ? query.map((q) => q.name as string) : ['q']),
                    ),
                    weight: 4,
                  },
                  { arbitrary: hostileString, weight: 1 },
                ),
                valueFor(doc, undefined),
              ),
              { maxLength: 4 },
            ),
            validQuery: fc.record(
              Object.fromEntries(query.map((q) => [q.name as string, valueFor(doc, q.schema as Json)])),
              { requiredKeys: [] },
            ),
            headers: fc.record(
              Object.fromEntries(
                headerParams.map((h) => [h.name as string, fc.oneof(stringFor({}), hostileString)]),
              ),
              { requiredKeys: [] },
            ),
            authorised: fc.boolean(),
            body: media ? fc.option(valueFor(doc, media.schema as Json), { freq: 8 }) : fc.constant(null),
            rawBody: fc.option(
              fc.oneof(hostileString, deepJsonText, fc.constantFrom('{', '{"a":', '\u0000{}')),
              {
                freq: 10,
              },
            ),
            contentType: fc.constantFrom(
              mediaType ?? 'application/json',
              'application/json',
              'text/plain',
              '',
            ),
          })
          .map((r) => {
            let path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => String(r.path[name] ?? 'x'));
            const search = [
              ...Object.entries(r.validQuery).map(([k, v]) => [
                k,
                typeof v === 'string' ? v : JSON.stringify(v),
              ]),
              ...r.query.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
            ]
              .map(([k, v]) => `${encode(String(k))}=${encode(String(v))}`)
              .join('&');
            if (search) path += `?${search}`;
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(r.headers)) {
              // fetch refuses header values with control characters; a client cannot send them either.
              if (typeof v === 'string' && /^[\t\x20-\x7e]*$/.test(v)) headers[k] = v;
            }
            if (r.authorised) Object.assign(headers, auth);
            const hasBody = method !== 'get' && method !== 'delete';
            if (hasBody && r.contentType) headers['Content-Type'] = r.contentType;
            const body = !hasBody
              ? undefined
              : r.rawBody !== null
                ? r.rawBody
                : r.body === null
                  ? undefined
                  : JSON.stringify(r.body);
            return { method: method.toUpperCase(), path, headers, body };
          }),
      );
    }
  }
  return out;
}

/** Raw hostile addresses under /api that no document describes. */
export const hostilePath: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(
      '/api/',
      '/api/vehicles/',
      '/api/blog/',
      '/api/filters/',
      '/api/dealers/',
      '/api/editor/blog_posts/',
    ),
    fc.array(
      fc.oneof(
        hostileString.map(encode),
        fc.constantFrom('%', '%2', '%00', '%25', '%2e%2e', '..', '%0d%0a', '%ff', '%c0%af', '//', ';'),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
  )
  .map(([base, parts, method]) => ({ method, path: base + parts.join('/'), headers: {} }));
