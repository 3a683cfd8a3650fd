/** A dealership of the group (SPEC §3 Dealer). */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';

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
    email: v.pipe(v.string(), v.email()),
    uri: v.string(),
    apiUri: v.string(),
  }),
);
export type Dealer = v.InferOutput<typeof Dealer>;
