/**
 * What each lead form sends along (SPEC §7 presets): lead_type and source_code per form, and which
 * reference the form needs. The server applies these by form name; what a client sends is not trusted.
 */
export interface LeadPreset {
  form_name: string;
  lead_type: string;
  /** null: taken from the special the enquiry is about. */
  source_code: string | null;
  /** make and model are required (vehicle enquiry forms, SPEC §5). */
  needsVehicle: boolean;
  /** the special's slug is required. */
  needsSpecial: boolean;
}

export const LEAD_PRESETS = {
  contact: {
    form_name: 'contact',
    lead_type: 'General Enquiry',
    source_code: 'Group Website Contact Form',
    needsVehicle: false,
    needsSpecial: false,
  },
  new: {
    form_name: 'new',
    lead_type: 'New Vehicles',
    source_code: 'Group Website Subaru-NewCarListings',
    needsVehicle: true,
    needsSpecial: false,
  },
  used: {
    form_name: 'used',
    lead_type: 'Used Vehicles',
    source_code: 'Group Website Subaru-UsedCarListings',
    needsVehicle: true,
    needsSpecial: false,
  },
  special: {
    form_name: 'special',
    lead_type: 'Specials Enquiry',
    source_code: null,
    needsVehicle: false,
    needsSpecial: true,
  },
  parts: {
    form_name: 'parts',
    lead_type: 'Parts Enquiry',
    source_code: 'Dealer Website Subaru - Parts Form',
    needsVehicle: false,
    needsSpecial: false,
  },
  service: {
    form_name: 'service',
    lead_type: 'Book Service',
    source_code: 'Group Website Service Enquiry',
    needsVehicle: false,
    needsSpecial: false,
  },
  'test-drive': {
    form_name: 'test-drive',
    lead_type: 'Book Test Drive',
    source_code: 'Group Website Book Test Drive',
    needsVehicle: true,
    needsSpecial: false,
  },
  valuation: {
    form_name: 'valuation',
    lead_type: 'Trade-In Valuation',
    source_code: 'Group Website Trade-In Valuation',
    needsVehicle: true,
    needsSpecial: false,
  },
} as const satisfies Record<string, LeadPreset>;

export type EnquiryForm = keyof typeof LEAD_PRESETS;
export const ENQUIRY_FORMS = Object.keys(LEAD_PRESETS) as EnquiryForm[];

/** Every form a lead can come from: the enquiry forms and the finance application (the inbox's Form filter). */
export const LEAD_FORMS: readonly string[] = [...ENQUIRY_FORMS, 'finance'];

/** Used when a special has no source code of its own. */
export const SPECIAL_FALLBACK_SOURCE_CODE = 'Group Website Subaru-Specials';

export const FINANCE_PRESET = {
  sourceCode: 'Group Website Subaru-Online Fin App',
  lead_type: 'Finance Application',
} as const;

export function isEnquiryForm(x: unknown): x is EnquiryForm {
  return typeof x === 'string' && Object.hasOwn(LEAD_PRESETS, x);
}

/** The form a payload belongs to: its form_name, else the form whose lead_type it carries, else contact. */
export function formOf(input: { form_name?: unknown; lead_type?: unknown }): EnquiryForm | undefined {
  if (input.form_name !== undefined && input.form_name !== null && input.form_name !== '') {
    return isEnquiryForm(input.form_name) ? input.form_name : undefined;
  }
  const byType = ENQUIRY_FORMS.find((f) => LEAD_PRESETS[f].lead_type === input.lead_type);
  return byType ?? 'contact';
}

/** SPEC §3: is_used is 1 when the lead type contains 'Used'. */
export const isUsedLeadType = (leadType: string): 0 | 1 => (leadType.includes('Used') ? 1 : 0);
