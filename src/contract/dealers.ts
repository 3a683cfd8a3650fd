/** A dealership of the group (SPEC §3 Dealer). */
import * as v from 'valibot';
import { OPENING_DAYS } from '../domain/opening-hours.ts';
import { context, int, named } from './hydra.ts';

const time = v.pipe(
  v.string(),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  v.description('24-hour time, e.g. 08:00'),
);

/** One opening period of a dealership (schema.org OpeningHoursSpecification); a day not listed is closed. */
const OpeningPeriod = named(
  'OpeningPeriod',
  v.object({ day: v.picklist(OPENING_DAYS), opens: time, closes: time }),
  'One opening period; a day not listed is closed.',
);

export const Dealer = named(
  'Dealer',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('Dealer'),
    id: int,
    slug: v.string(),
    dealerName: v.string(),
    siteName: v.pipe(v.string(), v.description('The /dealer/{siteName} prefix of its pages.')),
    address: v.pipe(v.string(), v.description('street, suburb, city, postal code')),
    street: v.string(),
    suburb: v.string(),
    city: v.string(),
    province: v.string(),
    postalCode: v.string(),
    latitude: v.number(),
    longitude: v.number(),
    location: v.pipe(v.string(), v.url(), v.description('Map embed URL.')),
    dealer_contact_no: v.string(),
    // Beyond SPEC §3: WhatsApp click-to-chat and the hours shown with a dealership's cars.
    whatsapp_no: v.pipe(
      v.nullable(v.string()),
      v.description(
        'WhatsApp number in E.164 (+27…); null when the dealership has none (use dealer_contact_no).',
      ),
    ),
    opening_hours: v.pipe(
      v.array(OpeningPeriod),
      v.description("The dealership's own opening hours; empty when it keeps the group's hours."),
    ),
    email: v.pipe(v.string(), v.email()),
    uri: v.string(),
    apiUri: v.string(),
  }),
);
export type Dealer = v.InferOutput<typeof Dealer>;
