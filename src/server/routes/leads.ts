/**
 * POST /api/customer_enquiries and POST /api/finance_applications (SPEC §7): every lead form of the
 * site. The pipeline is in ../leads/accept.ts; this file mounts it and describes it in the OpenAPI doc.
 */
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { requireEditor } from '../editor/auth.ts';
import { acceptLead } from '../leads/accept.ts';
import { leadCrypto } from '../leads/crypto.ts';
import { enquiryKind, financeKind } from '../leads/records.ts';
import { showLead } from '../leads/show.ts';
import { addPaths } from '../openapi/document.ts';

export function leadRoutes(deps: Deps) {
  const app = new Hono();
  const crypto = leadCrypto(deps.config.leads.encryptionKey);
  app.post('/customer_enquiries', (c) => acceptLead(c, deps, crypto, enquiryKind));
  app.post('/finance_applications', (c) => acceptLead(c, deps, crypto, financeKind));
  // The 201's Location: staff only (editor bearer token until staff accounts exist).
  app.get('/customer_enquiries/:id', requireEditor(deps), (c) => showLead(c, deps, enquiryKind));
  app.get('/finance_applications/:id', requireEditor(deps), (c) => showLead(c, deps, financeKind));
  addPaths(LEAD_PATHS, LEAD_SCHEMAS);
  return app;
}

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const bool = { type: 'boolean' };
const problem = (description: string, schema: Json = ref('Error')) => ({
  description,
  content: { 'application/problem+json': { schema } },
});

const post = (summary: string, request: string, response: string) => ({
  post: {
    summary,
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
    requestBody: {
      required: true,
      content: {
        'application/ld+json': { schema: ref(request) },
        'application/json': { schema: ref(request) },
      },
    },
    responses: {
      201: {
        description: 'Stored and queued for delivery to the dealership.',
        content: { 'application/ld+json': { schema: ref(response) } },
      },
      400: problem('The body is not a JSON object.'),
      409: problem('The same request is still being processed.'),
      413: problem('The body is larger than 64 KiB.'),
      415: problem('Not application/ld+json or application/json.'),
      422: problem(
        'Violations in SPEC §5 wording, or an Idempotency-Key reused with another body.',
        ref('ConstraintViolationList'),
      ),
      429: problem('Too many submissions from this client; see Retry-After.'),
    },
  },
});

const show = (summary: string, response: string) => ({
  get: {
    summary,
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    responses: {
      200: {
        description: 'The lead with its delivery state.',
        content: { 'application/ld+json': { schema: ref(response) } },
      },
      401: problem('Staff only: send the editor token.'),
      404: problem('No such lead.'),
    },
  },
});

const LEAD_PATHS: Record<string, Json> = {
  '/api/customer_enquiries/{id}': show('One enquiry (the 201 Location), for staff.', 'CustomerEnquiry'),
  '/api/finance_applications/{id}': show(
    'One finance application (the 201 Location), for staff; sensitive fields stay encrypted.',
    'FinanceApplication',
  ),
  '/api/customer_enquiries': post(
    'Send an enquiry (general, new, used, special, parts, service, test drive). form_name picks the SPEC §7 preset.',
    'CustomerEnquiryInput',
    'CustomerEnquiry',
  ),
  '/api/finance_applications': post(
    'Send a five-step finance application.',
    'FinanceApplicationInput',
    'FinanceApplication',
  ),
};

const LEAD_SCHEMAS: Record<string, Json> = {
  ConstraintViolationList: {
    type: 'object',
    properties: {
      '@type': { const: 'ConstraintViolationList' },
      'hydra:title': str,
      'hydra:description': str,
      violations: {
        type: 'array',
        items: {
          type: 'object',
          properties: { propertyPath: str, message: str, code: str },
          required: ['propertyPath', 'message'],
        },
      },
    },
  },
  CustomerEnquiryInput: {
    type: 'object',
    required: ['first_name', 'last_name', 'email', 'cell_phone', 'contact', 'terms'],
    properties: {
      form_name: { enum: ['contact', 'new', 'used', 'special', 'parts', 'service', 'test-drive'] },
      first_name: { ...str, maxLength: 60 },
      last_name: { ...str, maxLength: 60 },
      email: { ...str, format: 'email' },
      cell_phone: { ...str, description: 'A South African number in any common notation; stored as E.164.' },
      message: { ...str, maxLength: 2000 },
      make: str,
      model: str,
      variant: str,
      vinNo: str,
      partNo: str,
      vehicle_id: { type: 'integer', description: 'Used vehicle; its dealer receives the lead.' },
      special_slug: str,
      dealer_slug: str,
      uri: str,
      contact: bool,
      terms: bool,
      website: { ...str, description: 'Honeypot: leave empty.' },
    },
  },
  CustomerEnquiry: {
    type: 'object',
    properties: {
      '@id': str,
      '@type': { const: 'CustomerEnquiry' },
      id: str,
      status: { const: 'Queued' },
      source: { const: 'Website' },
      consent: bool,
      is_used: { enum: [0, 1] },
      manufacturer: { type: ['string', 'null'] },
      dealer_slug: str,
      uri: { type: ['string', 'null'] },
      lead_type: str,
      source_code: str,
    },
  },
  FinanceApplicationInput: {
    type: 'object',
    description: 'The fields of SPEC §3 (five steps) and its 13 confirmations, all true.',
    required: ['dealership', 'variant', 'firstName', 'surname', 'idNumber', 'email', 'phone'],
    properties: {
      dealership: str,
      variant: { enum: ['new', 'used'] },
      make: str,
      model: str,
      idNumber: { ...str, pattern: '^\\d{13}$' },
    },
  },
  FinanceApplication: {
    type: 'object',
    description:
      'The stored application; the ID number is masked and income, expense and bank fields are not echoed.',
    properties: {
      '@id': str,
      '@type': { const: 'FinanceApplication' },
      id: str,
      idNumber: str,
      sourceCode: str,
      status: { const: 'Queued' },
    },
  },
};
