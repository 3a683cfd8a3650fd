/**
 * Database rows → API shapes of SPEC §3 (src/contract/). One place, so every route answers with the
 * same fields; the return types are the contract's, so a field the contract does not name fails to compile.
 */
import type { Selectable } from 'kysely';
import type {
  Banner,
  BlogPost,
  BlogSummary,
  Dealer,
  Image,
  RangeModel,
  Special,
  Variant,
  VariantColor,
  VehicleDetail,
  VehicleSummary,
} from '../contract/index.ts';
import { imageUrl } from '../domain/images.ts';
import { parseOpeningHours } from '../domain/opening-hours.ts';
import { drawnImage } from '../domain/photos.ts';
import { paths } from '../domain/urls.ts';
import { withColourSlugs } from '../domain/variant-colours.ts';
import type {
  BannersTable,
  BlogPostsTable,
  DealersTable,
  RangeModelsTable,
  RangeVariantsTable,
  SpecialsTable,
  VehiclesTable,
} from './db/schema.ts';
import { type ContentPhotoRow, type PhotoRow, photoImage, type StoredPhoto } from './media/photos.ts';

type Row<T> = Selectable<T>;

/**
 * The columns an answer passes on under their own names, in the order given (answers keep their field
 * order, which the built pages' island props repeat).
 */
export function columns<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = row[k];
  return out;
}

export function presentDealer(d: Row<DealersTable>): Dealer {
  return {
    '@id': `/api/dealers/${d.slug}`,
    '@type': 'Dealer',
    ...columns(d, ['id', 'slug']),
    dealerName: d.dealer_name,
    siteName: d.site_name,
    address: `${d.address}, ${d.suburb}, ${d.city}, ${d.postal_code}`,
    street: d.address,
    ...columns(d, ['suburb', 'city', 'province']),
    postalCode: d.postal_code,
    ...columns(d, ['latitude', 'longitude', 'location', 'dealer_contact_no']),
    whatsapp_no: d.whatsapp_no || null,
    opening_hours: parseOpeningHours(d.opening_hours),
    email: d.email,
    uri: `/dealer/${d.site_name}`,
    apiUri: `/api/dealers/${d.slug}`,
  };
}

/** `photo`: the banner's uploaded image (media/photos.ts photosOfContent), shown instead of the drawn file. */
export function presentBanner(b: Row<BannersTable>, photo?: StoredPhoto): Banner {
  return {
    '@id': `/api/banners/${b.id}`,
    '@type': 'Banner',
    ...columns(b, ['id', 'type', 'title', 'subtitle']),
    image: photo ? photoImage(photo) : drawnImage('banner', b.image),
    button: { text: b.button_text ?? 'Explore more', url: b.button_url },
  };
}

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function presentRangeModel(
  m: Row<RangeModelsTable>,
  minPrice: number,
  variantCount: number,
  photos: StoredPhoto[] = [],
): RangeModel {
  const [main, ...rest] = photos; // main photo first (photosOfContent)
  return {
    '@id': `/api/ranges/${m.make_slug}/${m.model_slug}`,
    '@type': 'RangeModel',
    ...columns(m, ['id', 'make', 'model', 'make_slug', 'model_slug', 'type', 'tagline', 'description']),
    mainImage: m.main_image,
    gallery: parseJson<string[]>(m.gallery, []).map((image) => ({ image })),
    image: main ? photoImage(main) : drawnImage('main', m.main_image),
    photos: rest.map(photoImage),
    minPrice,
    modelPrice: minPrice,
    variantCount,
  };
}

/**
 * A variant with its uploads (docs/decisions/185-variant-colour-images.md): `photos` are the variant's and
 * its colours' content_images rows, main first then in order (photosOfContent). The variant's main photo is
 * its hero, else the drawn mainImage; each colour's main photo is its picture, else its drawn image.
 */
export function presentVariant(
  v: Row<RangeVariantsTable>,
  m: Pick<Row<RangeModelsTable>, 'make' | 'model' | 'make_slug' | 'model_slug' | 'type' | 'gallery'>,
  photos: ContentPhotoRow[] = [],
): Variant {
  const [main, ...rest] = photos.filter((p) => p.owner_type === 'range_variant');
  const colours = withColourSlugs(
    parseJson<Omit<VariantColor, 'slug' | 'picture' | 'photos'>[]>(v.colors, []),
  );
  const color = colours.map((c): VariantColor => {
    const [first, ...others] = photos.filter(
      (p) => p.owner_type === 'range_variant_colour' && p.owner_key === c.slug,
    );
    return {
      name: c.name,
      hex_code: c.hex_code,
      image: c.image,
      slug: c.slug,
      picture: first ? photoImage(first) : c.image ? drawnImage('range', c.image) : null,
      photos: others.map(photoImage),
    };
  });
  return {
    '@id': `/api/vehicle_range/${v.id}`,
    '@type': 'Variant',
    id: v.id,
    ...columns(m, ['make', 'model', 'make_slug', 'model_slug']),
    ...columns(v, ['variant', 'variant_slug']),
    type: m.type,
    description: v.description,
    mainImage: v.main_image,
    image: main ? photoImage(main) : drawnImage('main', v.main_image),
    photos: rest.map(photoImage),
    ...columns(v, [
      'power',
      'torque',
      'transmission',
      'transmission_type',
      'fuel_type',
      'body_type',
      'engine',
      'drivetrain',
      'term',
      'interest',
    ]),
    modelPrice: v.model_price,
    brochure: v.brochure,
    color,
    gallery: parseJson<string[]>(m.gallery, []).map((image) => ({ image })),
    features: parseJson<string[]>(v.features, []),
  };
}

type VehicleWithDealer = Row<VehiclesTable> & { dealer_name: string; dealer_province: string };

/** Uploaded photos (main first) when the car has them, else its drawn demo images. */
function vehicleImages(v: Pick<VehiclesTable, 'images'>, photos: PhotoRow[] | undefined): Image[] {
  if (photos?.length) return photos.map(photoImage);
  return parseJson<string[]>(v.images, []).map((file) => drawnImage('used', file));
}

/** `photos`: the car's main photo (or all of them); see media/photos.ts photosByVehicle. */
export function presentVehicleSummary(v: VehicleWithDealer, photos?: PhotoRow[]): VehicleSummary {
  return summary(v, vehicleImages(v, photos)[0] ?? null);
}

function summary(v: VehicleWithDealer, image: Image | null): VehicleSummary {
  return {
    '@id': `/api/vehicles/${v.id}`,
    '@type': 'Vehicle',
    id: v.id,
    uri: paths.usedCar(v),
    image,
    ...columns(v, ['make', 'make_slug', 'model', 'model_slug', 'variant']),
    // Plain text columns, filled only with the contract's values by the seed and the stock filters.
    transmission: v.transmission as VehicleSummary['transmission'],
    fuel_type: v.fuel_type as VehicleSummary['fuel_type'],
    ...columns(v, ['exterior_color', 'year']),
    mileage: { value: v.mileage, unit: 'km' },
    state_of_vehicle: v.state_of_vehicle as VehicleSummary['state_of_vehicle'],
    ...columns(v, ['price', 'installment', 'dealer_slug', 'dealer_name', 'dealer_province', 'stock_number']),
  };
}

/** `photos`: every photo of the car, main first then gallery order. */
export function presentVehicleDetail(v: VehicleWithDealer, photos?: PhotoRow[]): VehicleDetail {
  const images = vehicleImages(v, photos);
  return {
    ...summary(v, images[0] ?? null),
    images: {
      '@type': 'hydra:Collection',
      'hydra:member': images,
      'hydra:totalItems': images.length,
    },
    mileage: { '@type': 'hydra:Collection', 'hydra:member': [v.mileage], 'hydra:totalItems': 1, unit: 'km' },
    ...columns(v, ['body_type', 'vin', 'description', 'status']),
    available: v.status === 'available',
    created_at: v.created_at,
  };
}

export function presentSpecial(s: Row<SpecialsTable>, rewrite: (t: string) => string): Special {
  return {
    '@id': `/api/specials/${s.slug}`,
    '@type': s.kind === 'service' ? 'ServiceDeal' : 'Special',
    ...columns(s, ['id', 'slug', 'kind', 'dealer_slug', 'model', 'model_slug']),
    title: rewrite(s.title),
    introParagraph: rewrite(s.intro_paragraph),
    body: rewrite(s.body),
    thumbnail: s.thumbnail,
    thumbnailUri: imageUrl('special', s.thumbnail),
    image: s.image,
    imageUri: imageUrl('special', s.image),
    source_code: rewrite(s.source_code),
    ...columns(s, ['price', 'valid_until']),
    terms: rewrite(s.terms),
  };
}

export function presentBlogSummary(
  p: Pick<Row<BlogPostsTable>, 'slug' | 'title' | 'description' | 'image' | 'publish_date' | 'author'>,
  photo?: StoredPhoto,
): BlogSummary {
  return {
    '@id': `/api/blog/${p.slug}`,
    '@type': 'BlogPosting',
    ...columns(p, ['slug', 'title', 'description']),
    image: photo ? photoImage(photo) : drawnImage('blog', p.image),
    ...columns(p, ['publish_date', 'author']),
  };
}

export function presentBlogPost(p: Row<BlogPostsTable>, photo?: StoredPhoto): BlogPost {
  return {
    ...presentBlogSummary(p, photo),
    ...columns(p, ['id', 'body', 'meta_title', 'meta_description', 'keywords']),
  };
}
