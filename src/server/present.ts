/**
 * Database rows → API shapes of SPEC §3 (src/lib/contract/). One place, so every route answers with the
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
} from '../lib/contract.ts';
import { imageUrl } from '../lib/images.ts';
import { OPENING_DAYS } from '../lib/opening-hours.ts';
import { drawnImage } from '../lib/photos.ts';
import type {
  BannersTable,
  BlogPostsTable,
  DealersTable,
  RangeModelsTable,
  RangeVariantsTable,
  SpecialsTable,
  VehiclesTable,
} from './db/schema.ts';
import { type PhotoRow, photoImage, type StoredPhoto } from './media/photos.ts';

type Row<T> = Selectable<T>;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The stored opening-hours JSON (written by the editor, validated there); anything malformed is left out. */
function openingHours(json: string): Dealer['opening_hours'] {
  let list: unknown;
  try {
    list = JSON.parse(json || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is Dealer['opening_hours'][number] =>
      typeof p === 'object' &&
      p !== null &&
      (OPENING_DAYS as readonly string[]).includes(p.day) &&
      HH_MM.test(String(p.opens)) &&
      HH_MM.test(String(p.closes)),
  );
}

export function presentDealer(d: Row<DealersTable>): Dealer {
  return {
    '@id': `/api/dealers/${d.slug}`,
    '@type': 'Dealer',
    id: d.id,
    slug: d.slug,
    dealerName: d.dealer_name,
    siteName: d.site_name,
    address: `${d.address}, ${d.suburb}, ${d.city}, ${d.postal_code}`,
    street: d.address,
    suburb: d.suburb,
    city: d.city,
    province: d.province,
    postalCode: d.postal_code,
    latitude: d.latitude,
    longitude: d.longitude,
    location: d.location,
    dealer_contact_no: d.dealer_contact_no,
    whatsapp_no: d.whatsapp_no || null,
    opening_hours: openingHours(d.opening_hours),
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
    id: b.id,
    type: b.type,
    title: b.title,
    subtitle: b.subtitle,
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
    id: m.id,
    make: m.make,
    model: m.model,
    make_slug: m.make_slug,
    model_slug: m.model_slug,
    type: m.type,
    tagline: m.tagline,
    description: m.description,
    mainImage: m.main_image,
    gallery: parseJson<string[]>(m.gallery, []).map((image) => ({ image })),
    image: main ? photoImage(main) : drawnImage('main', m.main_image),
    photos: rest.map(photoImage),
    minPrice,
    modelPrice: minPrice,
    variantCount,
  };
}

export function presentVariant(
  v: Row<RangeVariantsTable>,
  m: Pick<Row<RangeModelsTable>, 'make' | 'model' | 'make_slug' | 'model_slug' | 'type' | 'gallery'>,
): Variant {
  return {
    '@id': `/api/vehicle_range/${v.id}`,
    '@type': 'Variant',
    id: v.id,
    make: m.make,
    model: m.model,
    make_slug: m.make_slug,
    model_slug: m.model_slug,
    variant: v.variant,
    variant_slug: v.variant_slug,
    type: m.type,
    description: v.description,
    mainImage: v.main_image,
    power: v.power,
    torque: v.torque,
    transmission: v.transmission,
    transmission_type: v.transmission_type,
    fuel_type: v.fuel_type,
    body_type: v.body_type,
    engine: v.engine,
    drivetrain: v.drivetrain,
    term: v.term,
    interest: v.interest,
    modelPrice: v.model_price,
    brochure: v.brochure,
    color: parseJson<VariantColor[]>(v.colors, []),
    gallery: parseJson<string[]>(m.gallery, []).map((image) => ({ image })),
    features: parseJson<string[]>(v.features, []),
  };
}

type VehicleWithDealer = Row<VehiclesTable> & { dealer_name: string; dealer_province: string };

export function vehiclePath(v: Pick<VehiclesTable, 'make_slug' | 'model_slug' | 'id'>): string {
  return `/pre-owned/${v.make_slug}/${v.model_slug}/${v.id}`;
}

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
    uri: vehiclePath(v),
    image,
    make: v.make,
    make_slug: v.make_slug,
    model: v.model,
    model_slug: v.model_slug,
    variant: v.variant,
    // Plain text columns, filled only with the contract's values by the seed and the stock filters.
    transmission: v.transmission as VehicleSummary['transmission'],
    fuel_type: v.fuel_type as VehicleSummary['fuel_type'],
    exterior_color: v.exterior_color,
    year: v.year,
    mileage: { value: v.mileage, unit: 'km' },
    state_of_vehicle: v.state_of_vehicle as VehicleSummary['state_of_vehicle'],
    price: v.price,
    installment: v.installment,
    dealer_slug: v.dealer_slug,
    dealer_name: v.dealer_name,
    dealer_province: v.dealer_province,
    stock_number: v.stock_number,
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
    body_type: v.body_type,
    vin: v.vin,
    description: v.description,
    status: v.status,
    available: v.status === 'available',
    created_at: v.created_at,
  };
}

export function presentSpecial(s: Row<SpecialsTable>, rewrite: (t: string) => string): Special {
  return {
    '@id': `/api/specials/${s.slug}`,
    '@type': s.kind === 'service' ? 'ServiceDeal' : 'Special',
    id: s.id,
    slug: s.slug,
    kind: s.kind,
    dealer_slug: s.dealer_slug,
    model: s.model,
    model_slug: s.model_slug,
    title: rewrite(s.title),
    introParagraph: rewrite(s.intro_paragraph),
    body: rewrite(s.body),
    thumbnail: s.thumbnail,
    thumbnailUri: imageUrl('special', s.thumbnail),
    image: s.image,
    imageUri: imageUrl('special', s.image),
    source_code: rewrite(s.source_code),
    price: s.price,
    valid_until: s.valid_until,
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
    slug: p.slug,
    title: p.title,
    description: p.description,
    image: photo ? photoImage(photo) : drawnImage('blog', p.image),
    publish_date: p.publish_date,
    author: p.author,
  };
}

export function presentBlogPost(p: Row<BlogPostsTable>, photo?: StoredPhoto): BlogPost {
  return {
    ...presentBlogSummary(p, photo),
    id: p.id,
    body: p.body,
    meta_title: p.meta_title,
    meta_description: p.meta_description,
    keywords: p.keywords,
  };
}
