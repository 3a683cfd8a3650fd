/**
 * The enquiry forms (SPEC §3, §5): one schema for every form, with the form deciding whether make and
 * model (vehicle forms) or the special are required. Used by the islands before submit and by the API.
 */
import * as v from 'valibot';
import type { Violation } from '../contract.ts';
import { type EnquiryForm, formOf, LEAD_PRESETS } from '../lead-presets.ts';
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
  ticked,
  type Validation,
} from './common.ts';

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
  contact: 'Please allow us to contact you',
  terms: 'Please accept the terms and conditions',
} as const;

export interface EnquiryContext {
  /** The form being sent; defaults to the payload's form_name (or the form its lead_type belongs to). */
  form?: EnquiryForm;
  /** True when no dealer comes from the URL and the visitor must choose one (the selector is shown). */
  requireDealer?: boolean;
}

const VIN = rule('invalid_vin', 'VIN must be 17 letters and digits');

export function enquiryFields(form: EnquiryForm, requireDealer: boolean) {
  const preset = LEAD_PRESETS[form];
  const M = ENQUIRY_MESSAGES;
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
    special_slug: preset.needsSpecial ? slug('Special offer', M.special_slug) : slug('Special offer'),
    vehicle_id: v.optional(
      v.pipe(
        sent({ type: ['integer', 'string'], description: 'Used vehicle; its dealer receives the lead.' }),
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
  const main = run(enquiryFields(form, ctx.requireDealer ?? false), {
    ...source,
    manufacturer: source.make ?? source.manufacturer,
  });
  const violations: Violation[] = main.ok ? [] : [...main.violations];
  const contact = run({ contact: ticked(ENQUIRY_MESSAGES.contact) }, source);
  if (!contact.ok) violations.push(...contact.violations);
  else {
    const terms = run({ terms: ticked(ENQUIRY_MESSAGES.terms) }, source);
    if (!terms.ok) violations.push(...terms.violations);
  }
  if (violations.length || !main.ok) return { ok: false, violations };
  return { ok: true, data: { ...main.data, form_name: form, contact: true, terms: true } };
}
