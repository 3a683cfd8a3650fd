/**
 * Every API answer in these tests is checked against /api/docs.json, in strict mode: each object schema
 * of the document is read with additionalProperties false, so a field the document does not name (or a
 * status or media type it does not list) fails the test that caused it. The document is generated from
 * the same schemas as the types (src/contract/), so this pins the contract to the real answers.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, Json> }> }>>;
  components: { schemas: Record<string, Json> };
}

/** A copy of `schema` in which every object that does not say otherwise allows no other properties. */
function strict<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(strict) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, val] of Object.entries(schema)) out[k] = k === 'enum' || k === 'const' ? val : strict(val);
  const isObject = out.type === 'object' || (out.properties && typeof out.properties === 'object');
  if (isObject && out.additionalProperties === undefined) out.additionalProperties = false;
  return out as T;
}

const mediaType = (header: string | null) => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
const isJson = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type);

export type ContractCheck = (method: string, path: string, res: Response) => Promise<void>;

export function contractChecker(doc: OpenApi): ContractCheck {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const components = strict(doc.components);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: Json) => {
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajv.compile({ ...strict(schema), components });
      compiled.set(key, fn);
    }
    return fn;
  };
  // Literal segments win over templated ones (/api/builds/rollback before /api/builds/{id}).
  const templates = Object.keys(doc.paths)
    .map((template) => ({
      template,
      re: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  const problem = { $ref: '#/components/schemas/Problem' };

  return async (method, url, res) => {
    const path = new URL(url, 'http://test').pathname;
    if (method === 'HEAD' || !path.startsWith('/api/')) return;
    const where = `${method} ${path} → ${res.status}`;
    const match = templates.find((t) => t.re.test(path));
    const operation = match ? doc.paths[match.template]?.[method.toLowerCase()] : undefined;
    const type = mediaType(res.headers.get('content-type'));
    let schema: Json | undefined;
    let key: string;
    if (!operation) {
      // Unknown path (404), a method the path does not answer (405), a route outside the API: a problem.
      if (res.status < 400) throw new Error(`${where}: no such operation in /api/docs.json`);
      schema = problem;
      key = 'problem';
    } else {
      const response = operation.responses?.[String(res.status)];
      if (!response) throw new Error(`${where}: status not documented in /api/docs.json`);
      if (!response.content) {
        if (type) throw new Error(`${where}: documented without a body but answered ${type}`);
        return;
      }
      const media = response.content[type] as { schema?: Json } | undefined;
      if (!media) throw new Error(`${where}: media type ${type || '(none)'} not documented`);
      schema = media.schema;
      key = `${match?.template} ${method} ${res.status} ${type}`;
    }
    if (!isJson(type) || !schema) return;
    const body = JSON.parse(await res.clone().text()) as unknown;
    const validate = compile(key, schema);
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 8)
        .map((e) => `  ${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`)
        .join('\n');
      throw new Error(`${where}: answer does not match /api/docs.json\n${errors}`);
    }
  };
}
