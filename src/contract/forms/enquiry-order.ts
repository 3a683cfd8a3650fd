/**
 * The order an enquiry form shows its fields in, and so lists its errors in (SPEC §5: the person
 * first, contact before terms). The island sorts its violations by it, and so does the server when it
 * answers a form sent without JavaScript with the page and its errors (src/server/forms/).
 */
import type { Violation } from '../index.ts';

export const ENQUIRY_FIELD_ORDER = [
  'first_name',
  'last_name',
  'email',
  'cell_phone',
  'manufacturer',
  'model',
  'variant',
  'year',
  'preferred_date',
  'preferred_time',
  'service_type',
  'registration',
  'mileage',
  'condition',
  'photos',
  'dealer_slug',
  'partNo',
  'vinNo',
  'message',
  'contact',
  'terms',
] as const;

/**
 * Violations in field order; those of no field (vehicle, special) first. A booking form asks for the
 * dealership before the day and time (its hours decide the times), and lists its error there too.
 */
export function inFieldOrder(violations: readonly Violation[], booking = false): Violation[] {
  const index = (path: string) => (ENQUIRY_FIELD_ORDER as readonly string[]).indexOf(path);
  const rank = (v: Violation) =>
    booking && v.propertyPath === 'dealer_slug' ? index('preferred_date') - 0.5 : index(v.propertyPath);
  return [...violations].sort((a, b) => rank(a) - rank(b));
}
