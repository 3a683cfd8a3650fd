/** A valuation photo as POST /api/lead_photos answers it (issue #11): the id the valuation sends. */
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
