/** The editor, build and webhook endpoints in the OpenAPI document (/api/docs.json). */
import { addPaths } from '../openapi/document.ts';
import { RESOURCES } from './resources.ts';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const ld = (description: string) => ({
  description,
  content: { 'application/ld+json': { schema: { type: 'object' } } },
});
// Every editor and build route needs Authorization: Bearer <EDITOR_TOKEN>.
const guarded = {
  401: problem('Missing or wrong editor token (Authorization: Bearer <EDITOR_TOKEN>).'),
  503: problem('EDITOR_TOKEN is not set.'),
};
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const buildId = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const json = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };

let done = false;
export function registerEditorDocs() {
  if (done) return;
  done = true;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of RESOURCES) {
    const fields = Object.keys(r.schema.entries).join(', ');
    paths[`/api/editor/${r.path}`] = {
      get: {
        summary: `${r.label}s, all of them (editor).`,
        responses: { 200: ld('Collection'), ...guarded },
      },
      post: {
        summary: `Create a ${r.label.toLowerCase()}. Fields: ${fields}. Fires a debounced rebuild.`,

        requestBody: json,
        responses: { 201: ld('Created'), 422: problem('ConstraintViolationList'), ...guarded },
      },
    };
    paths[`/api/editor/${r.path}/{id}`] = {
      get: {
        summary: `One ${r.label.toLowerCase()}.`,
        parameters: [idParam],
        responses: { 200: ld('OK'), 404: problem('Not found'), ...guarded },
      },
      put: {
        summary: `Replace a ${r.label.toLowerCase()}.`,
        parameters: [idParam],
        requestBody: json,
        responses: {
          200: ld('Updated'),
          404: problem('Not found'),
          422: problem('ConstraintViolationList'),
          ...guarded,
        },
      },
      patch: {
        summary: `Change some fields of a ${r.label.toLowerCase()}.`,
        parameters: [idParam],
        requestBody: json,
        responses: {
          200: ld('Updated'),
          404: problem('Not found'),
          422: problem('ConstraintViolationList'),
          ...guarded,
        },
      },
      delete: {
        summary: `Delete a ${r.label.toLowerCase()}.`,
        parameters: [idParam],
        responses: { 204: { description: 'Deleted' }, 404: problem('Not found'), ...guarded },
      },
    };
  }
  paths['/api/builds'] = {
    get: {
      summary: 'Builds, newest first: status, trigger, start time, duration, error, preview URL.',
      responses: { 200: ld('Collection'), ...guarded },
    },
    post: {
      summary:
        'Start a build now (body {"publish": bool} optional; default AUTO_PUBLISH). Coalesces with a queued one.',
      responses: { 202: ld('Queued'), ...guarded },
    },
  };
  paths['/api/builds/{id}'] = {
    get: {
      summary: 'One build.',
      parameters: [buildId],
      responses: { 200: ld('OK'), 404: problem('Not found'), ...guarded },
    },
  };
  paths['/api/builds/{id}/publish'] = {
    post: {
      summary: 'Make a succeeded build the live site (atomic).',
      parameters: [buildId],
      responses: {
        200: ld('Published'),
        404: problem('Not found'),
        409: problem('Not publishable'),
        ...guarded,
      },
    },
  };
  paths['/api/builds/{id}/discard'] = {
    post: {
      summary: 'Delete a preview build that is not live.',
      parameters: [buildId],
      responses: {
        200: ld('Discarded'),
        404: problem('Not found'),
        409: problem('Live or still building'),
        ...guarded,
      },
    },
  };
  paths['/api/builds/rollback'] = {
    post: {
      summary: 'Switch back to the build that was live before the current one.',
      responses: { 200: ld('Now live'), 409: problem('Nothing to roll back to'), ...guarded },
    },
  };
  paths['/api/hooks/rebuild'] = {
    post: {
      summary:
        'Signed rebuild webhook: X-Rebuild-Timestamp (Unix seconds) and X-Rebuild-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}" with REBUILD_SECRET>. Stale (>5 min) or replayed signatures are refused.',
      parameters: [
        { name: 'X-Rebuild-Timestamp', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'X-Rebuild-Signature', in: 'header', required: true, schema: { type: 'string' } },
      ],
      responses: {
        202: ld('Build queued or coalesced'),
        401: problem('Bad, stale or replayed signature; the detail says which.'),
        503: problem('REBUILD_SECRET is not set.'),
      },
    },
  };
  addPaths(paths);
}
