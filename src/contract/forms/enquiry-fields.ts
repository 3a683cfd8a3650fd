/**
 * The building blocks of the enquiry forms' schema (enquiry.ts puts them together per form): the trade-in,
 * booking, photo and service fields, each blank → undefined or checked after trimming, with messages that
 * name the field.
 */
import * as v from 'valibot';
import { LEAD_PHOTO_LIMITS } from '../../domain/lead-photos.ts';
import { asText, isTextOrNumber, rule, sent } from './common.ts';

/** What a service booking can be for (the workshop plans the bay and the time by it). */
export const SERVICE_TYPES = [
  'Scheduled service',
  'Minor service',
  'Major service',
  'Repair or diagnosis',
  'Warranty work',
  'Tyres, brakes or alignment',
  'Other',
] as const;

/** How a trade-in looks, in ADF's words (lower-cased there). */
export const CAR_CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor'] as const;

/** Oldest model year a valuation takes; the newest is next year's. */
const OLDEST_YEAR = 1950;
const newestYear = () => new Date().getUTCFullYear() + 1;

export const VIN = rule('invalid_vin', 'VIN must be 17 letters and digits');
const REGISTRATION = rule('invalid_registration', 'Registration must be 2 to 10 letters and digits');
const MILEAGE = rule('invalid_mileage', 'Mileage must be a whole number of kilometres');
const SERVICE_TYPE = rule('invalid_choice', 'Please choose a service type from the list');

/** Optional or required text that is blank → undefined, else checked by `pipe` after trimming. */
function field<T>(
  json: Record<string, unknown>,
  required: string | undefined,
  invalid: string,
  check: v.GenericSchema<string, T>,
) {
  const base = v.pipe(sent(json), v.transform(asText));
  if (required !== undefined) return v.pipe(base, v.nonEmpty(rule('required', required)), check);
  return v.optional(
    v.pipe(
      sent(json),
      v.check(isTextOrNumber, invalid), // an object or a list is wrong, not blank
      v.transform(asText),
      v.union(
        [
          v.pipe(
            v.literal(''),
            v.transform(() => undefined),
          ),
          check,
        ],
        invalid,
      ),
    ),
  );
}

/** A date (YYYY-MM-DD) or time (HH:MM) as typed; whether it can be booked is checked with the other. */
export const bookingDate = (required?: string) =>
  field(
    {
      type: 'string',
      format: 'date',
      description:
        'Test drive and service: from today to 60 days ahead, not a Sunday or SA public holiday, a day the dealership is open.',
    },
    required,
    'Date must be a real date',
    v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, rule('invalid_date', 'Date must be a real date'))),
  );
export const bookingTime = (required?: string) =>
  field(
    {
      type: 'string',
      pattern: '^\\d{2}:\\d{2}$',
      description:
        "HH:MM, a slot of the dealership's opening hours (its opening_hours on /api/dealers, else the group's): every 30 minutes from opening, the last an hour before closing.",
    },
    required,
    'Time must be a time such as 09:30',
    v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/, rule('invalid_time', 'Time must be a time such as 09:30'))),
  );
export const registration = (required?: string) =>
  field(
    { type: 'string', maxLength: 20, description: 'Number plate; spaces and dashes are dropped.' },
    required,
    REGISTRATION,
    v.pipe(
      v.string(),
      v.transform((s) => s.replace(/[\s-]/g, '').toUpperCase()),
      v.regex(/^[A-Z0-9]{2,10}$/, REGISTRATION),
    ),
  );
export const mileage = (required?: string) =>
  field(
    {
      type: ['integer', 'string'],
      minimum: 0,
      maximum: 2_000_000,
      description: 'Kilometres: 85000 or "85 000 km".',
    },
    required,
    MILEAGE,
    v.pipe(
      v.string(),
      v.transform((s) => s.replace(/[\s\u00a0,]/g, '').replace(/km$/i, '')),
      v.regex(/^\d{1,7}$/, MILEAGE),
      v.transform(Number),
      v.maxValue(2_000_000, MILEAGE),
    ),
  );
export const modelYear = (required?: string) => {
  const invalid = rule('invalid_year', `Year must be a year from ${OLDEST_YEAR} to ${newestYear()}`);
  return field(
    { type: ['integer', 'string'], minimum: OLDEST_YEAR, description: 'Model year, e.g. 2019.' },
    required,
    invalid,
    v.pipe(
      v.string(),
      v.regex(/^\d{4}$/, invalid),
      v.transform(Number),
      v.check((y) => y >= OLDEST_YEAR && y <= newestYear(), invalid),
    ),
  );
};
export const condition = (required?: string) => {
  const invalid = rule('invalid_choice', 'Please choose a condition from the list');
  return field(
    { type: 'string', enum: CAR_CONDITIONS },
    required,
    invalid,
    v.pipe(v.string(), v.picklist(CAR_CONDITIONS, invalid)),
  );
};
const TOO_MANY_PHOTOS = rule('too_many_photos', `Please send at most ${LEAD_PHOTO_LIMITS.maxPhotos} photos`);
const BAD_PHOTO = rule(
  'invalid_photo',
  'A photo was not uploaded properly; please remove it and add it again',
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids of photos uploaded to POST /api/lead_photos; the API checks each was stored. */
export const photos = () =>
  v.optional(
    v.pipe(
      sent({
        type: 'array',
        maxItems: LEAD_PHOTO_LIMITS.maxPhotos,
        items: { type: 'string', format: 'uuid' },
        description: 'Valuation: ids answered by POST /api/lead_photos.',
      }),
      v.transform((x) => (x === undefined || x === null || x === '' ? [] : x)),
      v.array(v.unknown(), BAD_PHOTO),
      v.maxLength(LEAD_PHOTO_LIMITS.maxPhotos, TOO_MANY_PHOTOS),
      v.check((a) => a.every((id) => typeof id === 'string' && UUID.test(id)), BAD_PHOTO),
      v.transform((a) => (a.length ? [...new Set(a as string[])] : undefined)),
    ),
  );
export const serviceType = (required?: string) =>
  field(
    { type: 'string', enum: SERVICE_TYPES },
    required,
    SERVICE_TYPE,
    v.pipe(v.string(), v.picklist(SERVICE_TYPES, SERVICE_TYPE)),
  );
