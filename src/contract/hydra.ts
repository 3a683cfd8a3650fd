/**
 * Hydra JSON-LD building blocks of every answer (DESIGN §4): collections, item keys and problem+json
 * errors. Each schema here is the type (InferOutput), the docs (/api/docs.json) and the test oracle.
 */
import * as v from 'valibot';

/** Names a schema as an OpenAPI component (#/components/schemas/{ref}) instead of inlining it. */
export const named = <S extends v.GenericSchema>(ref: string, schema: S, description?: string) =>
  v.pipe(schema, v.metadata({ ref, ...(description ? { description } : {}) }));

export const int = v.pipe(v.number(), v.integer());
/** Only on an item answered on its own (a member of a collection has none). */
export const context = { '@context': v.optional(v.string()) };

const PartialCollectionView = v.object({
  '@id': v.string(),
  '@type': v.literal('hydra:PartialCollectionView'),
  'hydra:first': v.string(),
  'hydra:last': v.string(),
  'hydra:previous': v.optional(v.string()),
  'hydra:next': v.optional(v.string()),
});

/** A hydra:Collection of `member`; `hydra:view` (first/last/next/previous) when it is paged. */
export const collectionOf = <S extends v.GenericSchema>(member: S) =>
  v.object({
    '@context': v.string(),
    '@id': v.string(),
    '@type': v.literal('hydra:Collection'),
    'hydra:member': v.array(member),
    'hydra:totalItems': int,
    'hydra:view': v.optional(PartialCollectionView),
  });

export type HydraCollection<T> = {
  '@context'?: string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: v.InferOutput<typeof PartialCollectionView>;
};

const problemEntries = {
  '@context': v.string(),
  '@type': v.string(),
  type: v.string(),
  title: v.string(),
  status: int,
  detail: v.pipe(v.string(), v.description('What went wrong, naming the parameter or field.')),
  'hydra:title': v.string(),
  'hydra:description': v.string(),
};

/** RFC 7807 problem+json with its Hydra twins; `parameter(s)` name the query parameters at fault. */
export const Problem = named(
  'Problem',
  v.object({
    ...problemEntries,
    parameter: v.optional(v.string()),
    request_id: v.optional(v.pipe(v.string(), v.description('On a 5xx: names the request in the logs.'))),
    parameters: v.optional(v.array(v.object({ param: v.string(), message: v.string() }))),
  }),
  'An error (application/problem+json). No stack trace ever.',
);

export const Violation = v.object({
  propertyPath: v.string(),
  message: v.string(),
  code: v.optional(v.string()),
});
export type Violation = v.InferOutput<typeof Violation>;

/** 422: one violation per field, in SPEC §5 wording; hydra:description lists them "path: message". */
export const ConstraintViolationList = named(
  'ConstraintViolationList',
  v.object({
    ...problemEntries,
    '@type': v.literal('ConstraintViolationList'),
    violations: v.array(Violation),
  }),
  'Validation failed (422, application/problem+json).',
);
