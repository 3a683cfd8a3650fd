/** Vehicle specials and service deals (SPEC §3 Special/deal), listed grouped by model. */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';

export const Special = named(
  'Special',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.picklist(['Special', 'ServiceDeal']),
    id: int,
    slug: v.string(),
    kind: v.picklist(['special', 'service']),
    dealer_slug: v.pipe(v.nullable(v.string()), v.description('null: offered by every dealer.')),
    model: v.string(),
    model_slug: v.string(),
    title: v.string(),
    introParagraph: v.string(),
    body: v.pipe(v.string(), v.description('HTML')),
    thumbnail: v.string(),
    thumbnailUri: v.string(),
    image: v.string(),
    imageUri: v.string(),
    source_code: v.string(),
    price: v.nullable(v.number()),
    valid_until: v.string(),
    terms: v.string(),
  }),
);
export type Special = v.InferOutput<typeof Special>;

export const SpecialGroup = named(
  'SpecialGroup',
  v.object({
    '@type': v.literal('SpecialGroup'),
    model: v.string(),
    slug: v.string(),
    thumbnail: v.string(),
    specials: v.array(Special),
  }),
);
export type SpecialGroup = v.InferOutput<typeof SpecialGroup>;
