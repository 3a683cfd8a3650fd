/**
 * The enquiry forms (SPEC §3, §5): one schema for every form, with the form deciding whether make and
 * model (vehicle forms) or the special are required. Used by the islands before submit and by the API.
 */
import * as v from 'valibot';
import {
  type BookingHours,
  bookingDateProblem,
  bookingDayProblem,
  bookingTimeProblem,
} from '../../domain/booking.ts';
import { type EnquiryForm, formOf, LEAD_PRESETS } from '../../domain/lead-presets.ts';
import type { Violation } from '../index.ts';
import {
  asText,
  email,
  optionalText,
  requiredText,
  rule,
  run,
  saPhone,
  sent,
  slug,
  textOrNumber,
  ticked,
  type Validation,
} from './common.ts';
import {
  bookingDate,
  bookingTime,
  condition,
  mileage,
  modelYear,
  photos,
  registration,
  serviceType,
  VIN,
} from './enquiry-fields.ts';

export const ENQUIRY_MESSAGES = {
  first_name: 'First name is required',
  last_name: 'Last name is required',
  email: 'Email is required',
  cell_phone: 'Cell phone is required',
  manufacturer: 'Make is required',
  model: 'Model is required',
  dealer_slug: 'Dealership is required',
  special_slug: 'Special offer is required',
  form_name: 'Unknown enquiry form',
  preferred_date: 'Date is required',
  preferred_time: 'Time is required',
  service_type: 'Service type is required',
  registration: 'Registration is required',
  mileage: 'Mileage is required',
  partNo: 'A part number or a description of the part is required',
  year: 'Year is required',
  condition: 'Condition is required',
  contact: 'Please allow us to contact you',
  terms: 'Please accept the terms and conditions',
} as const;

/** Forms that book a dated visit: a date and a time slot are required (src/domain/booking.ts). */
const BOOKING_FORMS: ReadonlySet<EnquiryForm> = new Set<EnquiryForm>(['test-drive', 'service']);

export interface EnquiryContext {
  /** The form being sent; defaults to the payload's form_name (or the form its lead_type belongs to). */
  form?: EnquiryForm;
  /** True when no dealer comes from the URL and the visitor must choose one (the selector is shown). */
  requireDealer?: boolean;
  /** The clock the booking rules read (tests). */
  now?: Date;
  /**
   * The opening hours of the dealership a booking is for (empty: the group's). `null`: not known yet (the
   * API, before it has resolved the lead's dealership); only the rules that hold at every dealership are
   * checked, and bookingViolations is called again with the hours.
   */
  hours?: BookingHours | null;
}

export function enquiryFields(form: EnquiryForm, requireDealer: boolean) {
  const preset = LEAD_PRESETS[form];
  const M = ENQUIRY_MESSAGES;
  const booking = BOOKING_FORMS.has(form);
  const service = form === 'service';
  const valuation = form === 'valuation';
  return {
    first_name: requiredText(M.first_name, 'First name', 60),
    last_name: requiredText(M.last_name, 'Last name', 60),
    email: email(M.email),
    cell_phone: saPhone(M.cell_phone),
    // The make travels as `make` and is stored (and reported) as `manufacturer` (SPEC §3, §5).
    manufacturer: preset.needsVehicle ? requiredText(M.manufacturer, 'Make', 60) : optionalText('Make', 60),
    model: preset.needsVehicle ? requiredText(M.model, 'Model', 60) : optionalText('Model', 60),
    variant: optionalText('Variant', 100),
    dealer_slug: requireDealer ? slug('Dealership', M.dealer_slug) : slug('Dealership'),
    message: optionalText('Message', 2000),
    vinNo: v.optional(
      v.pipe(
        sent({ type: 'string', pattern: '^[A-HJ-NPR-Z0-9]{17}$' }),
        v.transform((x) => asText(x).toUpperCase()),
        v.union(
          [
            v.pipe(
              v.literal(''),
              v.transform(() => undefined),
            ),
            v.pipe(v.string(), v.regex(/^[A-HJ-NPR-Z0-9]{17}$/, VIN)),
          ],
          VIN,
        ),
      ),
    ),
    partNo: optionalText('Part number', 60),
    preferred_date: bookingDate(booking ? M.preferred_date : undefined),
    preferred_time: bookingTime(booking ? M.preferred_time : undefined),
    service_type: serviceType(service ? M.service_type : undefined),
    registration: registration(service ? M.registration : undefined),
    mileage: mileage(service || valuation ? M.mileage : undefined),
    year: modelYear(valuation ? M.year : undefined),
    condition: condition(valuation ? M.condition : undefined),
    photos: photos(),
    special_slug: preset.needsSpecial ? slug('Special offer', M.special_slug) : slug('Special offer'),
    vehicle_id: v.optional(
      v.pipe(
        sent({ type: ['integer', 'string'], description: 'Used vehicle; its dealer receives the lead.' }),
        textOrNumber('Vehicle'),
        v.transform(asText),
        v.union(
          [
            v.pipe(
              v.literal(''),
              v.transform(() => undefined),
            ),
            v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
          ],
          rule('invalid_vehicle', 'Vehicle is not valid'),
        ),
      ),
    ),
    uri: v.optional(
      v.pipe(
        sent({ type: 'string', maxLength: 500, description: 'The page the form was sent from.' }),
        v.transform(asText),
        v.maxLength(500, rule('too_long', 'Page address must be at most 500 characters')),
        v.check(
          (s) => s === '' || s.startsWith('/'),
          rule('invalid_uri', 'Page address must be a path on this site'),
        ),
        v.transform((s) => s || undefined),
      ),
    ),
  };
}

export type EnquiryData = v.InferOutput<v.ObjectSchema<ReturnType<typeof enquiryFields>, undefined>> & {
  form_name: EnquiryForm;
  contact: true;
  terms: true;
};

/**
 * The fields of each form, built once: building them was a third of validating a lead (profiled under
 * load, docs/performance.md issue 27). Valibot schemas keep no state between runs.
 */
const builtFields = new Map<string, ReturnType<typeof enquiryFields>>();
function fieldsOf(form: EnquiryForm, requireDealer: boolean) {
  const key = `${form} ${requireDealer}`;
  let fields = builtFields.get(key);
  if (!fields) {
    fields = enquiryFields(form, requireDealer);
    builtFields.set(key, fields);
  }
  return fields;
}
const CONTACT = { contact: ticked(ENQUIRY_MESSAGES.contact) };
const TERMS = { terms: ticked(ENQUIRY_MESSAGES.terms) };

/**
 * Validates an enquiry. Violations come in form order; of the two ticks only the first missing one is
 * reported (contact is checked before terms, SPEC §5).
 */
export function validateEnquiry(input: unknown, ctx: EnquiryContext = {}): Validation<EnquiryData> {
  const source = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<
    string,
    unknown
  >;
  const form = ctx.form ?? formOf(source);
  if (!form) {
    return {
      ok: false,
      violations: [
        {
          propertyPath: 'form_name',
          message: rule('invalid_choice', ENQUIRY_MESSAGES.form_name),
          code: 'invalid_choice',
        },
      ],
    };
  }
  const main = run(fieldsOf(form, ctx.requireDealer ?? false), {
    ...source,
    manufacturer: source.make ?? source.manufacturer,
  });
  const violations: Violation[] = main.ok ? [] : [...main.violations];
  violations.push(...crossFieldViolations(form, source, violations, ctx));
  const contact = run(CONTACT, source);
  if (!contact.ok) violations.push(...contact.violations);
  else {
    const terms = run(TERMS, source);
    if (!terms.ok) violations.push(...terms.violations);
  }
  if (violations.length || !main.ok) return { ok: false, violations };
  return { ok: true, data: { ...main.data, form_name: form, contact: true, terms: true } };
}

/**
 * A booking's date must be bookable at the dealership and its time a slot of that day there; with
 * `hours` null (dealership not known yet) only the rules that hold at every dealership. `found`: the
 * violations already found, whose fields are not checked again.
 */
export function bookingViolations(
  source: Record<string, unknown>,
  hours: BookingHours | null,
  now = new Date(),
  found: readonly Violation[] = [],
): Violation[] {
  const has = (path: string) => found.some((x) => x.propertyPath === path);
  const date = asText(source.preferred_date);
  const time = asText(source.preferred_time);
  if (!date || has('preferred_date')) return [];
  const problem = hours ? bookingDateProblem(date, now, hours) : bookingDayProblem(date, now);
  if (problem) return [{ propertyPath: 'preferred_date', message: problem, code: 'invalid_date' }];
  const late = hours && time && !has('preferred_time') ? bookingTimeProblem(date, time, now, hours) : null;
  return late ? [{ propertyPath: 'preferred_time', message: late, code: 'invalid_time' }] : [];
}

/**
 * Rules over more than one field: the booking's day and time (above); a parts request names a part
 * number or describes the part (in the message).
 */
function crossFieldViolations(
  form: EnquiryForm,
  source: Record<string, unknown>,
  found: readonly Violation[],
  ctx: EnquiryContext,
): Violation[] {
  const out = bookingViolations(source, ctx.hours === undefined ? [] : ctx.hours, ctx.now, found);
  if (
    form === 'parts' &&
    !asText(source.partNo) &&
    !asText(source.message) &&
    !found.some((x) => x.propertyPath === 'partNo')
  )
    out.push({ propertyPath: 'partNo', message: ENQUIRY_MESSAGES.partNo, code: 'required' });
  return out;
}
