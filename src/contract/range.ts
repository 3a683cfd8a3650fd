/** The new-vehicle range: models (SPEC §3 New-range car) and their variants. */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';
import { Image } from './media.ts';

export const VEHICLE_TYPES = ['car', 'motorcycle'] as const;
const GalleryImage = v.object({ image: v.string() });

export const RangeModel = named(
  'RangeModel',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('RangeModel'),
    id: int,
    make: v.string(),
    model: v.string(),
    make_slug: v.string(),
    model_slug: v.string(),
    type: v.picklist(VEHICLE_TYPES),
    tagline: v.string(),
    description: v.string(),
    mainImage: v.string(),
    gallery: v.array(GalleryImage),
    image: v.pipe(
      Image,
      v.description('The hero: the main uploaded photo when there is one, else the drawn mainImage.'),
    ),
    photos: v.pipe(
      v.array(Image),
      v.description(
        'Uploaded photos other than the main one, in gallery order; when the model has uploaded photos the pages show these instead of the drawn gallery.',
      ),
    ),
    minPrice: v.pipe(v.number(), v.description('Lowest variant price (rand).')),
    modelPrice: v.pipe(v.number(), v.description('Same as minPrice.')),
    variantCount: int,
  }),
);
export type RangeModel = v.InferOutput<typeof RangeModel>;

export const VariantColor = v.object({
  name: v.string(),
  hex_code: v.string(),
  image: v.pipe(
    v.string(),
    v.description('File name of the drawn colour image (under /uploads/range/), or empty.'),
  ),
  slug: v.pipe(
    v.string(),
    v.description("The colour's stable key: its uploaded images stay with it on rename."),
  ),
  picture: v.pipe(
    v.nullable(Image),
    v.description(
      "The colour's main uploaded photo, else its drawn image; null when it has neither (pages show the variant's image).",
    ),
  ),
  photos: v.pipe(v.array(Image), v.description("The colour's other uploaded photos, in order.")),
});
export type VariantColor = v.InferOutput<typeof VariantColor>;

export const Variant = named(
  'Variant',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('Variant'),
    id: int,
    make: v.string(),
    model: v.string(),
    make_slug: v.string(),
    model_slug: v.string(),
    variant: v.string(),
    variant_slug: v.string(),
    type: v.picklist(VEHICLE_TYPES),
    description: v.string(),
    mainImage: v.string(),
    image: v.pipe(
      Image,
      v.description(
        "The hero: the variant's main uploaded photo when there is one, else the drawn mainImage.",
      ),
    ),
    photos: v.pipe(v.array(Image), v.description("The variant's other uploaded photos, in gallery order.")),
    power: v.pipe(v.number(), v.description('kW')),
    torque: v.pipe(v.number(), v.description('Nm')),
    transmission: v.pipe(int, v.description('Number of speeds.')),
    transmission_type: v.string(),
    fuel_type: v.string(),
    body_type: v.string(),
    engine: v.string(),
    drivetrain: v.string(),
    term: v.pipe(int, v.description('Months.')),
    interest: v.pipe(v.number(), v.description('Percent a year.')),
    modelPrice: v.number(),
    brochure: v.string(),
    color: v.array(VariantColor),
    gallery: v.array(GalleryImage),
    features: v.array(v.string()),
  }),
);
export type Variant = v.InferOutput<typeof Variant>;
