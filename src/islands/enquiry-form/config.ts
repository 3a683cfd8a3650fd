/**
 * What differs between the enquiry forms (SPEC §2, §7): the vehicle or offer they are about, extra
 * fields, the message hint and the button. The preset (lead_type, source_code) is the shared
 * LEAD_PRESETS; the server applies it again, so nothing here is trusted.
 */
import type { VehicleDetail } from '../../contract/index.ts';
import type { EnquiryForm } from '../../domain/lead-presets.ts';

interface RangeOption {
  make: string;
  model: string;
}

/** New-car forms (new, test drive): the page's car and the range to choose from. */
export interface VehicleChoice {
  make: string;
  model: string;
  variant?: string;
  /** Every model of the new range. */
  models: RangeOption[];
  /** Variants of the page's model. */
  variants: string[];
}

/** The used car an enquiry is about (from the build, or loaded by the shell page). */
export interface UsedCar {
  id: number;
  make: string;
  model: string;
  variant: string;
  year: number;
  price: number;
  mileage: number;
  dealer_name: string;
  sold: boolean;
}

export function toUsedCar(v: VehicleDetail): UsedCar {
  return {
    id: v.id,
    make: v.make,
    model: v.model,
    variant: v.variant,
    year: v.year,
    price: v.price,
    mileage: v.mileage['hydra:member'][0] ?? 0,
    dealer_name: v.dealer_name,
    sold: v.status === 'sold' || v.available === false,
  };
}

export interface FormCopy {
  label: string;
  submit: string;
  messageLabel: string;
  messageHint?: string;
}

export const COPY: Record<EnquiryForm, FormCopy> = {
  contact: { label: 'Contact form', submit: 'Send message', messageLabel: 'Your message' },
  new: {
    label: 'New vehicle enquiry',
    submit: 'Send enquiry',
    messageLabel: 'Message',
    messageHint: 'Anything we should know: trade-in, finance, colour, when you would like to buy.',
  },
  used: {
    label: 'Pre-owned vehicle enquiry',
    submit: 'Send enquiry',
    messageLabel: 'Message',
    messageHint: 'Questions about the car, a trade-in or finance.',
  },
  special: { label: 'Special offer enquiry', submit: 'Send enquiry', messageLabel: 'Message' },
  parts: {
    label: 'Parts enquiry',
    submit: 'Request a quote',
    messageLabel: 'Part description',
    messageHint:
      'What the part is, your model and year, and how many you need. Needed when there is no part number.',
  },
  service: {
    label: 'Service booking',
    submit: 'Book my service',
    messageLabel: 'About your car',
    messageHint: 'Your model and year, and anything that needs attention.',
  },
  valuation: {
    label: 'Trade-in valuation',
    submit: 'Get my valuation',
    messageLabel: 'Anything else',
    messageHint: 'Service history, extras, damage, or finance still owing on the car.',
  },
  'test-drive': {
    label: 'Test drive booking',
    submit: 'Book my test drive',
    messageLabel: 'Message',
    messageHint: 'Anything we should know: trade-in, finance, who will drive.',
  },
};

/** The order fields appear in and errors are listed in: shared with the server's answer to a form post. */
export { ENQUIRY_FIELD_ORDER as FIELD_ORDER, inFieldOrder } from '../../contract/forms/enquiry-order.ts';
