/**
 * The leads inbox for staff: list, detail, workflow changes, reveal of finance fields,
 * delivery retry, the new-lead count and POPIA data-subject requests. Types, validation and docs.
 */
import * as v from 'valibot';
import { LEAD_STAGES } from '../domain/lead-workflow.ts';
import { collectionOf, context, int, named } from './hydra.ts';

const nullableText = v.nullable(v.string());

export const LeadDelivery = v.object({
  channel: v.picklist(['email', 'webhook']),
  status: v.picklist(['pending', 'sending', 'delivered', 'dead']),
  attempts: int,
  last_error: nullableText,
  next_attempt_at: v.pipe(nullableText, v.description('When the worker tries again (pending jobs).')),
  delivered_at: nullableText,
  can_retry: v.pipe(v.boolean(), v.description('Dead letters can be retried now.')),
});

const LeadVehicle = v.object({
  id: int,
  '@id': v.string(),
  title: v.string(),
  url: v.pipe(v.string(), v.description('The public vehicle page.')),
});

const summary = {
  '@id': v.string(),
  '@type': v.literal('Lead'),
  id: v.string(),
  kind: v.picklist(['enquiry', 'finance']),
  form_name: v.string(),
  lead_type: v.string(),
  dealer_slug: v.string(),
  status: v.picklist(LEAD_STAGES),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  subject: v.pipe(nullableText, v.description('Make and model asked about, when there is one.')),
  vehicle: v.nullable(LeadVehicle),
  assignee: v.nullable(v.object({ id: v.string(), name: v.string() })),
  created_at: v.string(),
  first_response_at: nullableText,
  response_minutes: v.pipe(
    v.nullable(int),
    v.description('Time to first response: minutes from arrival to the first status change or note.'),
  ),
  delivery: v.array(LeadDelivery),
};

export const LeadSummary = named('LeadSummary', v.object(summary), 'A lead in the inbox.');

export const LeadCollection = named('LeadCollection', collectionOf(LeadSummary));

const LeadNote = v.object({
  id: v.string(),
  body: v.string(),
  author: nullableText,
  created_at: v.string(),
});

export const LeadDetail = named(
  'LeadDetail',
  v.object({
    ...context,
    ...summary,
    next_statuses: v.array(v.picklist(LEAD_STAGES)),
    record: v.pipe(
      v.record(v.string(), v.unknown()),
      v.description('The lead as it was received; finance ID number masked, amounts and bank never in it.'),
    ),
    sensitive: v.pipe(
      v.nullable(v.array(v.string())),
      v.description('Finance applications: the encrypted fields, which admin and finance may reveal.'),
    ),
    notes: v.array(LeadNote),
  }),
);

export const LeadUpdateInput = named(
  'LeadUpdateInput',
  v.object({
    status: v.optional(v.picklist(LEAD_STAGES, `Status must be one of ${LEAD_STAGES.join(', ')}`)),
    assignee_id: v.optional(v.nullable(v.string('Assignee must be a staff id'))),
    note: v.optional(
      v.pipe(
        v.string('Note must be text'),
        v.trim(),
        v.minLength(1, 'Note must not be empty'),
        v.maxLength(4000, 'Note is at most 4000 characters'),
      ),
    ),
  }),
  'A status move (New → Contacted → Appointment → Sold / Lost), an assignee (null: nobody) and/or a note.',
);

export const LeadAssignee = named(
  'LeadAssignee',
  v.object({
    '@id': v.string(),
    '@type': v.literal('LeadAssignee'),
    id: v.string(),
    name: v.string(),
    email: v.string(),
    role: v.string(),
  }),
  "A staff member a lead may be assigned to (linked to the lead's dealership).",
);

export const LeadDealership = named(
  'LeadDealership',
  v.object({
    '@id': v.string(),
    '@type': v.literal('LeadDealership'),
    slug: v.string(),
    name: v.string(),
  }),
  'A dealership whose leads the caller may see.',
);

export const RevealedFields = named(
  'RevealedFields',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('RevealedFields'),
    id: v.string(),
    fields: v.record(v.string(), v.unknown()),
  }),
  'The decrypted ID number, bank details and amounts of one finance application. Each reveal is audited.',
);

export const NewLeadCount = named(
  'NewLeadCount',
  v.object({ ...context, '@id': v.string(), '@type': v.literal('NewLeadCount'), new: int }),
  'Leads still New in the dealerships the caller may see (the admin badge).',
);

const subjectEmail = v.optional(v.pipe(v.string(), v.trim(), v.email('E-mail must be an e-mail address')));
const subjectIdNumber = v.optional(
  v.pipe(v.string(), v.trim(), v.regex(/^\d{13}$/, 'ID number must be 13 digits')),
);

export const PrivacyRequestInput = named(
  'PrivacyRequestInput',
  v.object({
    action: v.picklist(['export', 'erasure'], 'Action must be export or erasure'),
    email: subjectEmail,
    id_number: subjectIdNumber,
    format: v.optional(v.picklist(['json', 'csv'], 'Format must be json or csv'), 'json'),
  }),
  'A POPIA data-subject request, by e-mail address or South African ID number (one of them). An export answers JSON, or CSV with format "csv".',
);

export const PrivacySubjectInput = named(
  'PrivacySubjectInput',
  v.object({ email: subjectEmail, id_number: subjectIdNumber }),
  'Whose data: an e-mail address or a South African ID number (one of them).',
);

/** What an erasure of this person would delete: counts and where, never the data itself. */
export const PrivacyPreview = named(
  'PrivacyPreview',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('PrivacyPreview'),
    matched_by: v.picklist(['email', 'id_number']),
    leads: int,
    enquiries: int,
    finance_applications: int,
    forms: v.pipe(v.array(v.string()), v.description('The forms they sent (contact, finance, …).')),
    dealerships: v.pipe(v.array(v.string()), v.description('Slugs of the dealerships that received them.')),
    first_received_at: nullableText,
    last_received_at: nullableText,
    rows: v.pipe(
      v.record(v.string(), int),
      v.description(
        'Rows held about the leads per table (consents, notes, deliveries, audit entries about them, photos).',
      ),
    ),
  }),
  'Shown before an erasure is confirmed, and before an export: nothing is changed or recorded.',
);

export const PrivacyRequestResult = named(
  'PrivacyRequestResult',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('PrivacyRequest'),
    id: v.string(),
    action: v.picklist(['export', 'erasure']),
    matched_by: v.picklist(['email', 'id_number']),
    leads: int,
    rows_removed: v.record(v.string(), int),
    actor: v.pipe(v.string(), v.description('The staff member who made the request.')),
    at: v.string(),
    data: v.pipe(
      v.optional(v.array(v.record(v.string(), v.unknown()))),
      v.description(
        'Export: every lead held about the person, decrypted, with consents, notes and deliveries.',
      ),
    ),
  }),
);

/** The record that a request (or a retention run) was honoured: what and how many, never whom. */
export const PrivacyRequestRecord = named(
  'PrivacyRequestRecord',
  v.object({
    '@id': v.string(),
    '@type': v.literal('PrivacyRequest'),
    id: v.string(),
    action: v.picklist(['export', 'erasure', 'retention']),
    matched_by: v.picklist(['email', 'id_number', 'age']),
    leads: int,
    rows_removed: v.record(v.string(), int),
    actor: v.pipe(v.string(), v.description("A staff member's e-mail, 'cli' or 'scheduler'.")),
    at: v.string(),
  }),
);

export const ChannelHealth = v.object({
  channel: v.picklist(['email', 'webhook']),
  configured: v.pipe(
    v.boolean(),
    v.description(
      'Whether the server can send on this channel (SMTP_URL for e-mail, CRM_WEBHOOK_URL for the CRM). ' +
        'Not configured: queued leads are not being sent.',
    ),
  ),
  setting: v.pipe(v.string(), v.description('The setting that configures it.')),
  undelivered: v.pipe(int, v.description('Deliveries waiting or being sent.')),
  oldest_undelivered_at: v.pipe(
    nullableText,
    v.description('When the oldest undelivered lead arrived (ISO date-time); null: none waits.'),
  ),
  dead: v.pipe(int, v.description('Dead letters: deliveries given up after their retries.')),
  last_delivered_at: v.pipe(nullableText, v.description('The last successful delivery (ISO date-time).')),
});
export type ChannelHealth = v.InferOutput<typeof ChannelHealth>;

export const DeliveryHealth = named(
  'DeliveryHealth',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('DeliveryHealth'),
    channels: v.array(ChannelHealth),
  }),
  "How lead delivery is doing, per channel, for the leads of the caller's dealership(s).",
);
export type DeliveryHealth = v.InferOutput<typeof DeliveryHealth>;
