/**
 * South African phone numbers (DESIGN §2: a maintained library, not a regex): accepts what people type
 * ("082 123 4567", "+27 82 123 4567", "011-958-1800") and stores E.164 ("+27821234567").
 * libphonenumber-js runs on its own metadata cut to South Africa (scripts/phone-metadata.ts), so form
 * pages do not carry every country's rules; a foreign number is rejected either way.
 */
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from './phone-metadata-za.json' with { type: 'json' };

/** E.164 for a valid South African number, else undefined. */
export function toSaE164(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input, 'ZA', metadata as unknown as MetadataJson);
  if (parsed?.country !== 'ZA' || !parsed.isValid()) return undefined;
  return parsed.number;
}
