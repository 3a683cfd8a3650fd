/**
 * What editors send for the site's content: blog posts, specials and service deals,
 * banners, range models and variants, dealerships. One schema each validates the editor API's input (its
 * messages are the 422s), documents /api/editor/* in /api/docs.json, types the answer, and gives the admin's
 * forms the same messages. How a row is stored and the checks that need the database stay in
 * src/server/editor/.
 */
import * as v from 'valibot';
import { OPENING_DAYS } from '../domain/opening-hours.ts';
import { toSaE164 } from '../domain/phone.ts';
import { sanitizeBody } from '../domain/sanitize.ts';
import { PROVINCES } from '../domain/vehicle-query.ts';
import * as f from './fields.ts';
import { VEHICLE_TYPES } from './range.ts';

/** HTML from the editor, reduced to the allow-list of src/domain/sanitize.ts (scripts, styles, handlers dropped). */
export function html(label: string, max = 100_000) {
  return v.pipe(
    f.text(label, max),
    v.transform(sanitizeBody),
    v.check(
      (s) => s.replace(/<[^>]*>/g, '').trim().length > 0,
      `${label} has no text once unsafe HTML is removed`,
    ),
  );
}

export const BlogPostInput = v.object({
  slug: f.slug('Web address'),
  title: f.text('Title', 200),
  description: f.text('Description', 500),
  image: f.imageFile('Image'),
  publish_date: f.date('Publish date'),
  author: f.text('Author', 100),
  body: html('Body'),
  meta_title: f.optionalText('Meta title', 200),
  meta_description: f.optionalText('Meta description', 500),
  keywords: f.optionalText('Keywords', 500),
  publish_from: f.publishFrom(),
});
export type BlogPostInput = v.InferOutput<typeof BlogPostInput>;

/** A special or a service deal: one shape, told apart by the path it is sent to. */
export const OfferInput = v.object({
  slug: f.slug('Web address'),
  dealer_slug: v.optional(v.nullable(f.slug('Dealership')), null),
  model: f.text('Model', 100),
  model_slug: f.slug('Model'),
  title: f.text('Title', 200),
  intro_paragraph: f.text('Intro paragraph', 1000),
  body: html('Body'),
  thumbnail: f.imageFile('Thumbnail'),
  image: f.imageFile('Image'),
  source_code: v.pipe(
    f.optionalText('Source code', 200),
    v.description(
      "The CRM's source code of its enquiries; empty: the group's specials code (Group Website Subaru-Specials).",
    ),
  ),
  price: v.optional(v.nullable(f.integer('Price', 0, 100_000_000)), null),
  valid_until: f.date('Valid until'),
  terms: f.optionalText('Terms', 5000),
  sort_order: f.sortOrder(),
});
export type OfferInput = v.InferOutput<typeof OfferInput>;

export const BannerInput = v.object({
  type: v.picklist(['Car', 'Motorcycle'], "Type must be 'Car' or 'Motorcycle'"),
  title: f.text('Title', 200),
  subtitle: f.optionalText('Subtitle', 500),
  image: f.imageFile('Image'),
  button_text: v.optional(v.nullable(f.text('Button text', 60)), null),
  button_url: v.pipe(
    f.text('Button URL', 500),
    v.regex(/^(\/|https:\/\/)/, 'Button URL must start with / or https://'),
  ),
  sort_order: f.sortOrder(),
  publish_from: f.publishFrom(),
});
export type BannerInput = v.InferOutput<typeof BannerInput>;

const color = v.object({
  name: f.text('Colour name', 100),
  hex_code: v.pipe(
    f.text('Colour code', 7),
    v.regex(/^#[0-9a-fA-F]{6}$/, 'Colour code must look like #1a2b3c'),
  ),
  image: f.imageFile('Drawn colour image'),
  /** Keys the colour's uploaded images; made from the name when missing, kept on rename (src/domain/variant-colours.ts). */
  slug: v.optional(v.nullable(f.slug('Colour slug'))),
});

export const RangeVariantInput = v.object({
  model_id: f.integer('Model', 1),
  variant: f.text('Variant', 200),
  variant_slug: f.slug('Web address'),
  description: f.text('Description', 5000),
  main_image: f.imageFile('Drawn main image'),
  power: f.integer('Power (kW)', 1, 2000),
  torque: f.integer('Torque (Nm)', 1, 5000),
  transmission: f.integer('Transmission speeds', 1, 20),
  transmission_type: f.text('Transmission type', 100),
  fuel_type: f.text('Fuel type', 50),
  body_type: f.text('Body type', 50),
  engine: f.text('Engine', 100),
  drivetrain: f.text('Drivetrain', 50),
  term: f.integer('Term (months)', 6, 120),
  interest: f.decimal('Interest rate', 0, 50),
  model_price: f.integer('Price', 1, 100_000_000),
  brochure: v.pipe(
    f.text('Brochure', 200),
    v.regex(
      /^[a-z0-9][a-z0-9._-]*\.pdf$/i,
      'Brochure must be a PDF file such as subaru-forester-brochure.pdf',
    ),
  ),
  colors: v.pipe(
    v.array(color, 'Colours must be a list'),
    v.minLength(1, 'Add at least one colour'),
    v.check((list) => {
      const slugs = list.map((c) => c.slug).filter(Boolean);
      return new Set(slugs).size === slugs.length;
    }, 'Two colours have the same colour slug'),
  ),
  features: v.array(f.text('Feature', 200), 'Features must be a list of texts'),
  sort_order: f.sortOrder(),
});
export type RangeVariantInput = v.InferOutput<typeof RangeVariantInput>;

export const RangeModelInput = v.object({
  make: f.text('Make', 60),
  make_slug: f.slug("Make's web address"),
  model: f.text('Model', 100),
  model_slug: f.slug('Web address'),
  type: f.oneOf('Type', VEHICLE_TYPES),
  tagline: f.optionalText('Tagline', 200),
  description: f.text('Description', 5000),
  main_image: f.imageFile('Drawn main image'),
  gallery: v.optional(v.array(f.imageFile('Gallery image'), 'Gallery must be a list of images'), []),
  sort_order: f.sortOrder(),
});
export type RangeModelInput = v.InferOutput<typeof RangeModelInput>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (label: string) => v.pipe(f.text(label, 5), v.regex(TIME, `${label} must be a time like 08:00`));

/** One opening period; a day not listed is closed. Maps onto schema.org OpeningHoursSpecification. */
const openingPeriod = v.pipe(
  v.object({
    day: f.oneOf('Day', OPENING_DAYS),
    opens: time('Opening time'),
    closes: time('Closing time'),
  }),
  v.check((p) => p.opens < p.closes, 'Closing time must be after the opening time'),
);

/** A South African number, stored as E.164 (+27…). */
const phone = (label: string) =>
  v.pipe(
    f.text(label, 30),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const e164 = toSaE164(dataset.value);
      if (!e164) {
        addIssue({ message: `${label} must be a South African phone number, e.g. 082 123 4567` });
        return NEVER;
      }
      return e164;
    }),
  );

export const DealershipInput = v.object({
  slug: f.slug('Short name'),
  site_name: f.slug('Web address'),
  dealer_name: f.text('Name', 120),
  address: f.text('Street address', 200),
  suburb: f.text('Suburb', 100),
  city: f.text('City', 100),
  province: f.oneOf('Province', PROVINCES),
  postal_code: v.pipe(f.text('Postal code', 4), v.regex(/^\d{4}$/, 'Postal code must be 4 digits')),
  latitude: f.decimal('Latitude', -35, -22),
  longitude: f.decimal('Longitude', 16, 33),
  location: v.pipe(
    f.text('Map link', 1000),
    v.regex(/^https:\/\//, 'Map link must be an https:// address (a map embed URL)'),
  ),
  dealer_contact_no: phone('Phone'),
  whatsapp_no: v.optional(v.union([v.literal(''), phone('WhatsApp number')]), ''),
  email: v.pipe(f.text('E-mail', 200), v.email('E-mail must be an e-mail address')),
  opening_hours: v.optional(v.array(openingPeriod, 'Opening hours must be a list of periods'), []),
  sort_order: f.sortOrder(),
});
export type DealershipInput = v.InferOutput<typeof DealershipInput>;
