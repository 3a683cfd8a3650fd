/**
 * Leads (SPEC §3, §7): what the enquiry and finance forms send, and the stored lead answered with the 201.
 * The inputs are the very schemas the forms and the API validate with (src/contract/forms), documented as
 * a client sends them; the answers list every field a client gets back.
 */
import * as v from 'valibot';
import { ENQUIRY_FORMS } from '../domain/lead-presets.ts';
import { sent } from './forms/common.ts';
import { enquiryFields } from './forms/enquiry.ts';
import { FINANCE_CONFIRMATIONS, FINANCE_SENSITIVE_FIELDS, financeFields } from './forms/finance.ts';
import { context, int, named } from './hydra.ts';

const honeypot = v.optional(sent({ type: 'string', description: 'Honeypot: leave empty.' }));
const tick = (description: string) => sent({ type: 'boolean', description });

const { manufacturer: make, ...enquiryRest } = enquiryFields('contact', false);
export const CustomerEnquiryInput = named(
  'CustomerEnquiryInput',
  v.object({
    form_name: v.optional(
      sent({
        type: 'string',
        enum: ENQUIRY_FORMS,
        description: 'Picks the SPEC §7 preset; vehicle forms need make and model, "special" a special_slug.',
      }),
    ),
    ...enquiryRest,
    make,
    contact: tick("'Please allow us to contact you': must be true."),
    terms: tick("'Please accept the terms and conditions': must be true."),
    website: honeypot,
  }),
  'An enquiry from any lead form. dealer_slug is needed when the page has no dealer.',
);

export const FinanceApplicationInput = named(
  'FinanceApplicationInput',
  v.object({
    ...financeFields(),
    uri: v.optional(sent({ type: 'string', maxLength: 500 })),
    website: honeypot,
  }),
  'The five steps of SPEC §3 and the 13 confirmations, all true. make and model are required when variant is "new".',
);

const nullableText = v.nullable(v.string());
const leadEntries = {
  ...context,
  '@id': v.string(),
  id: v.string(),
  consent: v.literal(true),
  lead_type: v.string(),
  source: v.literal('Website'),
  status: v.literal('Queued'),
  dealer_slug: v.string(),
  uri: nullableText,
  is_used: v.picklist([0, 1]),
  created_at: v.string(),
};

const enquiryEntries = {
  ...leadEntries,
  '@type': v.literal('CustomerEnquiry'),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  cell_phone: v.pipe(v.string(), v.description('E.164')),
  message: nullableText,
  make: nullableText,
  manufacturer: nullableText,
  model: nullableText,
  variant: nullableText,
  vinNo: nullableText,
  partNo: nullableText,
  preferred_date: v.pipe(nullableText, v.description('Test drive, service: YYYY-MM-DD.')),
  preferred_time: v.pipe(nullableText, v.description('Test drive, service: HH:MM (SAST).')),
  service_type: nullableText,
  registration: nullableText,
  mileage: v.pipe(v.nullable(int), v.description('Kilometres.')),
  year: v.nullable(int),
  condition: nullableText,
  photos: v.pipe(
    v.nullable(v.array(v.string())),
    v.description('Valuation photos: staff-only links (a session or API key with leads:read).'),
  ),
  vehicle_id: v.nullable(int),
  special_slug: nullableText,
  contact: v.literal(true),
  terms: v.literal(true),
  form_name: v.picklist(ENQUIRY_FORMS),
  source_code: v.string(),
};
export const CustomerEnquiry = named('CustomerEnquiry', v.object(enquiryEntries));

// Echoed as validated: the years fields are whole numbers, the car's price a number, the
// confirmations true, the rest text.
const YEARS = new Set(['period', 'employmentYearsWorked']);
const NUMBERS = new Set(['vehiclePrice']);
const CONFIRMED = new Set<string>(FINANCE_CONFIRMATIONS.map((c) => c.name));
const echoed = Object.fromEntries(
  Object.keys(financeFields())
    .filter((k) => !FINANCE_SENSITIVE_FIELDS.includes(k))
    .map((k) => [
      k,
      v.optional(
        CONFIRMED.has(k) ? v.literal(true) : YEARS.has(k) ? int : NUMBERS.has(k) ? v.number() : v.string(),
      ),
    ]),
);

const financeEntries = {
  ...echoed,
  ...leadEntries,
  '@type': v.literal('FinanceApplication'),
  idNumber: v.pipe(v.string(), v.description('Masked: only the last digits are shown.')),
  dealership: v.string(),
  sourceCode: v.string(),
};
export const FinanceApplication = named(
  'FinanceApplication',
  v.object(financeEntries),
  'The stored application. ID number masked; income, expense and bank fields are never echoed.',
);

/** What staff see at a lead's Location: the answered record, its current status and each delivery. */
const staffView = {
  status: v.pipe(v.string(), v.description("'Queued' when received (SPEC §4).")),
  delivery: v.array(
    v.object({
      channel: v.string(),
      status: v.picklist(['pending', 'sending', 'delivered', 'dead']),
      attempts: int,
      delivered_at: v.nullable(v.string()),
    }),
  ),
};
export const CustomerEnquiryRecord = named(
  'CustomerEnquiryRecord',
  v.object({ ...enquiryEntries, ...staffView }),
);
export const FinanceApplicationRecord = named(
  'FinanceApplicationRecord',
  v.object({ ...financeEntries, ...staffView }),
);
