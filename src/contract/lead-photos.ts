/** A valuation photo as POST /api/lead_photos answers it: the id the valuation sends. */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';

export const LeadPhoto = named(
  'LeadPhoto',
  v.object({
    ...context,
    '@id': v.pipe(v.string(), v.description('Staff-only address of the stored JPEG.')),
    '@type': v.literal('LeadPhoto'),
    id: v.pipe(v.string(), v.uuid(), v.description('Send it in the valuation’s `photos`.')),
    width: int,
    height: int,
    bytes: int,
  }),
  'A checked, EXIF-free JPEG kept privately until a valuation names it.',
);

export const LeadPhotoLink = named(
  'LeadPhotoLink',
  v.object({
    ...context,
    '@id': v.pipe(v.string(), v.description('Staff-only address of the stored JPEG.')),
    '@type': v.literal('LeadPhotoLink'),
    url: v.pipe(
      v.string(),
      v.url(),
      v.description('Shows the photo without signing in until `expires` (for a colleague or a CRM).'),
    ),
    expires: v.pipe(v.string(), v.isoTimestamp(), v.description('When the link stops working.')),
  }),
  'A short-lived signed link to a valuation photo.',
);
