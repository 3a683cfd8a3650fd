/**
 * POST /api/customer_enquiries and POST /api/finance_applications (SPEC §7): every lead form of the
 * site. The pipeline is in ../leads/accept.ts; this file mounts it and describes it.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  CustomerEnquiry,
  CustomerEnquiryInput,
  CustomerEnquiryRecord,
  FinanceApplication,
  FinanceApplicationInput,
  FinanceApplicationRecord,
} from '../../contract/leads.ts';
import { requireScope } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { jsonObject, jsonType } from '../http/json-body.ts';
import { checkPath, pathText } from '../http/params.ts';
import { acceptLead, limitLeads } from '../leads/accept.ts';
import { leadCrypto } from '../leads/crypto.ts';
import { enquiryKind, financeKind } from '../leads/records.ts';
import { showLead } from '../leads/show.ts';
import { jsonBody, ld, operation, problems, STAFF_SECURITY } from '../openapi/describe.ts';

const describeLead = (summary: string, input: v.GenericSchema, answer: v.GenericSchema) =>
  operation({
    summary,
    tags: ['Leads'],
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Any unique string (a UUID). A retry with the same key and body answers the first response; another body: 422; still running: 409.',
        schema: { type: 'string', maxLength: 200 },
      },
    ],
    requestBody: jsonBody(input),
    responses: {
      201: ld(answer, 'Stored and queued for delivery to the dealership.'),
      ...problems(
        400,
        [409, 'The same request is still being processed.'],
        413,
        415,
        [422, 'Violations in SPEC §5 wording, or an Idempotency-Key reused with another body.'],
        429,
      ),
    },
  });

const describeRecord = (summary: string, record: v.GenericSchema) =>
  operation({
    summary,
    tags: ['Leads'],
    security: STAFF_SECURITY,
    responses: {
      200: ld(record, 'The lead with its delivery state.'),
      ...problems(
        [401, 'Staff only: a session or API key.'],
        [403, 'The role or key lacks leads:read.'],
        404,
      ),
    },
  });
const byId = checkPath(v.object({ id: pathText('Lead id (UUID), from the 201 Location') }));

export function leadRoutes(deps: Deps) {
  const app = new Hono();
  const crypto = leadCrypto(deps.config.leads.encryptionKey);
  const limit = limitLeads(deps, crypto);
  app.post(
    '/customer_enquiries',
    describeLead(
      'Send an enquiry (general, new, used, special, parts, service, test drive).',
      CustomerEnquiryInput,
      CustomerEnquiry,
    ),
    jsonType,
    limit,
    jsonObject,
    (c) => acceptLead(c, deps, crypto, enquiryKind),
  );
  app.post(
    '/finance_applications',
    describeLead('Send a five-step finance application.', FinanceApplicationInput, FinanceApplication),
    jsonType,
    limit,
    jsonObject,
    (c) => acceptLead(c, deps, crypto, financeKind),
  );
  // The 201's Location: staff only (a session or an API key with leads:read).
  app.get(
    '/customer_enquiries/:id',
    describeRecord('One enquiry (the 201 Location), for staff.', CustomerEnquiryRecord),
    requireScope(deps, 'leads:read'),
    byId,
    (c) => showLead(c, deps, enquiryKind),
  );
  app.get(
    '/finance_applications/:id',
    describeRecord(
      'One finance application (the 201 Location), for staff; sensitive fields stay encrypted.',
      FinanceApplicationRecord,
    ),
    requireScope(deps, 'leads:read'),
    byId,
    (c) => showLead(c, deps, financeKind),
  );
  return app;
}
