/**
 * POPIA data-subject requests for admins: one call exports everything held about a person
 * (JSON or CSV, decrypted) or erases it. The same actions are `npm run privacy` (scripts/privacy.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { collectionOf } from '../../contract/hydra.ts';
import {
  PrivacyPreview,
  PrivacyRequestInput,
  PrivacyRequestRecord,
  PrivacyRequestResult,
  PrivacySubjectInput,
} from '../../contract/lead-inbox.ts';
import { audit } from '../auth/audit.ts';
import { principalOf, requireScope } from '../auth/principal.ts';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import { jsonInput } from '../http/json-body.ts';
import { listQuery, pageOfLog } from '../http/list-query.ts';
import { validate } from '../http/validate.ts';
import { collection, item, violationError } from '../hydra.ts';
import { leadCrypto } from '../leads/crypto.ts';
import { findSubjectLeads, previewLeads } from '../leads/privacy.ts';
import { honourRequest } from '../leads/privacy-request.ts';
import { privateStoreOf } from '../media/stores.ts';
import { jsonBody, ld, problems, staffOperations } from '../openapi/describe.ts';

const oneOf = (input: { email?: string; id_number?: string }) => {
  if (!input.email === !input.id_number)
    throw violationError([
      { propertyPath: 'email', message: 'Give either an e-mail address or an ID number', code: 'one_of' },
    ]);
};

/** Every privacy route: its tag, staff security, and the 401/403 of an admins-only scope. */
const op = staffOperations(
  'Privacy',
  problems([401, 'Staff only: a session.'], [403, 'The role lacks privacy:manage (admins only).']),
);
/** What a request naming a person can be refused for: a malformed, too large, wrong-type or invalid body. */
const BODY_PROBLEMS = problems(400, 413, 415, 422);

export function adminPrivacyRoutes(deps: Deps) {
  const app = new Hono();
  const db = withLeadTables(deps.db);
  const crypto = leadCrypto(deps.config.leads.encryptionKey);
  app.post(
    '/admin/privacy_requests/preview',
    op(
      'What a data-subject request would reach: how many leads, which forms and dealerships, rows per table. Changes nothing.',
      { 200: ld(PrivacyPreview, 'The counts (no personal data).'), ...BODY_PROBLEMS },
      { requestBody: jsonBody(PrivacySubjectInput) },
    ),
    requireScope(deps, 'privacy:manage'),
    jsonInput,
    async (c) => {
      const input = validate(PrivacySubjectInput, c.var.body);
      oneOf(input);
      const found = await findSubjectLeads(db, crypto, { email: input.email, idNumber: input.id_number });
      return item(c, 'PrivacyPreview', '/api/admin/privacy_requests/preview', {
        matched_by: input.email ? ('email' as const) : ('id_number' as const),
        ...(await previewLeads(db, found.leads)),
      });
    },
  );
  app.post(
    '/admin/privacy_requests',
    op(
      'POPIA data-subject request: export (JSON or CSV, decrypted) or erase everything held about a person.',
      {
        200: {
          ...ld(PrivacyRequestResult, 'Done; recorded without the personal data.'),
          content: {
            ...ld(PrivacyRequestResult, '').content,
            'text/csv': { schema: { type: 'string' } },
          },
        },
        ...BODY_PROBLEMS,
      },
      { requestBody: jsonBody(PrivacyRequestInput) },
    ),
    requireScope(deps, 'privacy:manage'),
    jsonInput,
    async (c) => {
      const input = validate(PrivacyRequestInput, c.var.body);
      oneOf(input);
      const p = principalOf(c);
      const actor = p.type === 'staff' ? p.email : p.type === 'key' ? `key ${p.name}` : 'EDITOR_TOKEN';
      const done = await honourRequest(db, crypto, {
        action: input.action,
        subject: { email: input.email, idNumber: input.id_number },
        actor,
        files: privateStoreOf(deps),
      });
      // The audit names the request, never the person.
      await audit(c, deps.db, deps.config.trustProxy, {
        action: `privacy.${input.action}`,
        resource: 'privacy_request',
        resourceId: done.record.id,
        after: { matched_by: done.record.matched_by, leads: done.record.leads },
      });
      if (input.action === 'export' && input.format === 'csv')
        return c.body(done.csv ?? '', 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="subject-export-${done.record.id}.csv"`,
        });
      const { rows_removed, ...record } = done.record;
      return item(c, 'PrivacyRequest', `/api/admin/privacy_requests/${record.id}`, {
        ...record,
        rows_removed: JSON.parse(rows_removed),
        ...(done.data ? { data: done.data } : {}),
      });
    },
  );
  app.get(
    '/admin/privacy_requests',
    op(
      'The record of data-subject requests and retention runs, newest first (no personal data).',
      {
        200: ld(
          v.pipe(collectionOf(PrivacyRequestRecord), v.metadata({ ref: 'PrivacyRequestCollection' })),
          'A page.',
        ),
        ...problems(400),
      },
      {
        parameters: [
          { name: 'page', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'itemsPerPage', in: 'query', required: false, schema: { type: 'string' } },
        ],
      },
    ),
    requireScope(deps, 'privacy:manage'),
    async (c) => {
      const q = listQuery(c, ['at'], 200);
      const { rows, total, paging } = await pageOfLog(db.selectFrom('privacy_requests'), q);
      return collection(
        c,
        'PrivacyRequest',
        rows.map((r) => ({
          '@id': `/api/admin/privacy_requests/${r.id}`,
          '@type': 'PrivacyRequest',
          ...r,
          rows_removed: JSON.parse(r.rows_removed),
        })),
        total,
        paging,
      );
    },
  );
  return app;
}
