/**
 * South African phone numbers (DESIGN §2: a maintained library, not a regex): accepts what people type
 * ("082 123 4567", "+27 82 123 4567", "011-958-1800") and stores E.164 ("+27821234567").
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** E.164 for a valid South African number, else undefined. */
export function toSaE164(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input, 'ZA');
  if (parsed?.country !== 'ZA' || !parsed.isValid()) return undefined;
  return parsed.number;
}
