/** The admin's own endpoints (staff, API keys, audit log) in the OpenAPI document (/api/docs.json). */
import { addPaths } from '../openapi/document.ts';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const ld = (description: string) => ({
  description,
  content: { 'application/ld+json': { schema: { type: 'object' } } },
});
// The bodies are valibot schemas (CreateStaffSchema, UpdateStaffSchema, CreateKeySchema): named here
// in words until the contract generator folds them in.
const body = (fields: string) => ({
  required: true,
  description: fields,
  content: { 'application/json': { schema: { type: 'object' } } },
});
const guarded = (scope: string) => ({
  401: problem('No staff session (sign in at /admin).'),
  403: problem(`The signed-in role lacks ${scope} (admins have it); API keys never have it.`),
});
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const list = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
  { name: 'itemsPerPage', in: 'query', schema: { type: 'integer', minimum: 1 } },
  { name: 'q', in: 'query', schema: { type: 'string' }, description: 'Free-text search' },
];

let done = false;
export function registerAdminDocs() {
  if (done) return;
  done = true;
  const staff = guarded('staff:manage');
  const keys = guarded('keys:manage');
  addPaths({
    '/api/admin/staff': {
      get: {
        summary: 'Staff accounts (filter ?role=, sort order[email|name|role|created_at]).',
        parameters: list,
        responses: { 200: ld('Collection'), ...staff },
      },
      post: {
        summary: 'Invite a staff member by e-mail (or add with a password). Audited.',
        requestBody: body(
          'email, name, role (admin|editor|dealer|finance), dealers (slugs; required for dealer), password (optional: without it an invitation is e-mailed)',
        ),
        responses: { 201: ld('Created'), 422: problem('ConstraintViolationList'), ...staff },
      },
    },
    '/api/admin/staff/{id}': {
      get: {
        summary: 'One staff member.',
        parameters: [id],
        responses: { 200: ld('OK'), 404: problem('Not found'), ...staff },
      },
      patch: {
        summary:
          'Change name, role, dealer links or disable. Ends their sessions on a role change or disable. Audited.',
        parameters: [id],
        requestBody: body('name, role, dealers, disabled (all optional)'),
        responses: {
          200: ld('Updated'),
          404: problem('Not found'),
          422: problem('ConstraintViolationList'),
          ...staff,
        },
      },
    },
    '/api/admin/api_keys': {
      get: {
        summary: 'API keys (never the keys themselves).',
        parameters: list,
        responses: { 200: ld('Collection'), ...keys },
      },
      post: {
        summary: 'Create an API key for an integration; the 201 answer holds the key, shown once. Audited.',
        requestBody: body(
          'name, scopes (content:write, builds:publish, stock:write), expires_at (optional ISO date-time)',
        ),
        responses: { 201: ld('Created'), 422: problem('ConstraintViolationList'), ...keys },
      },
    },
    '/api/admin/api_keys/{id}': {
      get: {
        summary: 'One API key.',
        parameters: [id],
        responses: { 200: ld('OK'), 404: problem('Not found'), ...keys },
      },
      delete: {
        summary: 'Revoke an API key (at once, for every instance). Audited.',
        parameters: [id],
        responses: { 204: { description: 'Revoked' }, 404: problem('No active key'), ...keys },
      },
    },
    '/api/admin/audit_log': {
      get: {
        summary:
          'Every staff and machine action, newest first; filter by action, resource, resource_id, actor_name, actor_type.',
        parameters: list,
        responses: { 200: ld('Collection'), ...guarded('audit:read') },
      },
    },
    '/api/auth/{path}': {
      post: {
        summary:
          'Staff sign-in and account endpoints (better-auth): sign-in/email, sign-out, request-password-reset, reset-password; GET get-session. Session in an HttpOnly SameSite=Strict cookie.',
        parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: { description: 'OK' },
          401: { description: 'Wrong e-mail or password' },
          403: { description: 'Other origin or disabled account' },
          429: { description: 'Rate limit or account lockout (Retry-After)' },
        },
      },
    },
  });
}
