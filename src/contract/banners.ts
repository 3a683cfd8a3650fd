/** Home-page banners (SPEC §3 Banner). */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';
import { Image } from './media.ts';

export const BANNER_TYPES = ['Car', 'Motorcycle'] as const;

export const Banner = named(
  'Banner',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('Banner'),
    id: int,
    type: v.picklist(BANNER_TYPES),
    title: v.string(),
    subtitle: v.string(),
    image: v.pipe(
      Image,
      v.description('The uploaded image when there is one, else the drawn file named by the banner.'),
    ),
    button: v.object({ text: v.string(), url: v.string() }),
  }),
);
export type Banner = v.InferOutput<typeof Banner>;
