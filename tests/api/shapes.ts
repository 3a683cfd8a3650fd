/** Response shapes pinned as valibot schemas: a renamed or missing field fails the API tests. */
import * as v from 'valibot';

const str = v.string();
const num = v.number();
const int = v.pipe(v.number(), v.integer());
const upload = v.pipe(v.string(), v.regex(/^\/uploads\/.+\.webp$/));

export const collectionOf = <T extends v.GenericSchema>(member: T) =>
  v.object({
    '@context': str,
    '@id': v.pipe(str, v.startsWith('/api/')),
    '@type': v.literal('hydra:Collection'),
    'hydra:member': v.array(member),
    'hydra:totalItems': int,
    'hydra:view': v.optional(v.object({ '@id': str, '@type': v.literal('hydra:PartialCollectionView') })),
  });

export const Dealer = v.object({
  '@id': v.pipe(str, v.startsWith('/api/dealers/')),
  '@type': v.literal('Dealer'),
  id: int,
  slug: str,
  dealerName: str,
  address: str,
  province: str,
  latitude: v.pipe(num, v.minValue(-35), v.maxValue(-22)),
  longitude: v.pipe(num, v.minValue(16), v.maxValue(33)),
  location: v.pipe(str, v.url()),
  dealer_contact_no: v.pipe(str, v.regex(/^0\d{2} \d{3} \d{4}$/)),
  uri: v.pipe(str, v.regex(/^\/dealer\/[a-z0-9-]+$/)),
  apiUri: v.pipe(str, v.startsWith('/api/dealers/')),
});

export const Banner = v.object({
  '@id': str,
  '@type': v.literal('Banner'),
  type: v.picklist(['Car', 'Motorcycle']),
  title: str,
  image: v.object({ uri: upload }),
  button: v.object({ text: v.pipe(str, v.minLength(1)), url: str }),
});

export const Make = v.object({
  name: str,
  slug: str,
  count: int,
  models: v.array(v.object({ name: str, slug: str, count: int })),
});

export const Variant = v.object({
  '@id': v.pipe(str, v.startsWith('/api/vehicle_range/')),
  '@type': v.literal('Variant'),
  id: int,
  make: str,
  model: str,
  variant: str,
  variant_slug: str,
  type: v.picklist(['car', 'motorcycle']),
  description: str,
  mainImage: v.pipe(str, v.endsWith('.webp')),
  power: int,
  torque: int,
  transmission: int,
  transmission_type: str,
  term: int,
  interest: num,
  modelPrice: int,
  brochure: v.pipe(str, v.endsWith('.pdf')),
  color: v.pipe(
    v.array(v.object({ name: str, hex_code: v.pipe(str, v.hexColor()), image: str })),
    v.minLength(4),
  ),
  gallery: v.array(v.object({ image: str })),
});

export const RangeModel = v.object({
  '@id': str,
  id: int,
  make: str,
  model: str,
  make_slug: str,
  model_slug: str,
  type: v.picklist(['car', 'motorcycle']),
  mainImage: str,
  minPrice: int,
  modelPrice: int,
});

export const VehicleSummary = v.object({
  '@id': v.pipe(str, v.startsWith('/api/vehicles/')),
  '@type': v.literal('Vehicle'),
  id: int,
  uri: v.pipe(str, v.regex(/^\/pre-owned\/[a-z0-9-]+\/[a-z0-9-]+\/\d+$/)),
  image: v.object({ uri: upload }),
  make: str,
  model: str,
  transmission: v.picklist(['Automatic', 'Manual']),
  fuel_type: v.picklist(['Petrol', 'Diesel', 'Hybrid']),
  exterior_color: str,
  year: int,
  mileage: v.object({ value: int }),
  state_of_vehicle: v.picklist(['Used', 'Demo']),
  price: int,
  installment: num,
  dealer_name: str,
  dealer_province: str,
});

export const VehicleDetail = v.object({
  ...VehicleSummary.entries,
  images: v.object({
    'hydra:member': v.pipe(v.array(v.object({ uri: upload })), v.minLength(2)),
    'hydra:totalItems': int,
  }),
  mileage: v.object({ 'hydra:member': v.tuple([int]) }),
  status: v.picklist(['available', 'sold']),
});

export const Special = v.object({
  '@id': v.pipe(str, v.startsWith('/api/specials/')),
  slug: str,
  title: str,
  model: str,
  introParagraph: str,
  thumbnail: str,
  image: str,
  source_code: str,
});

export const SpecialGroup = v.object({
  model: str,
  slug: str,
  thumbnail: str,
  specials: v.pipe(v.array(Special), v.minLength(1)),
});

export const Facet = v.array(v.object({ value: str, count: int }));
export const Filters = v.object({
  makes: v.array(Make),
  fuelType: Facet,
  transmissionType: Facet,
  vehicle_state: Facet,
});

export const BlogSummary = v.object({
  '@id': str,
  slug: str,
  title: str,
  description: str,
  image: v.object({ uri: upload }),
  publish_date: v.pipe(str, v.isoDate()),
  author: str,
});
export const BlogPost = v.object({
  ...BlogSummary.entries,
  body: v.pipe(str, v.includes('<p>')),
  meta_title: str,
  meta_description: str,
  keywords: str,
});

export const ProblemBody = v.object({
  title: str,
  status: int,
  detail: str,
  'hydra:title': str,
  'hydra:description': str,
});

/** Asserts a value has the shape, with a readable list of what differs. */
export function expectShape<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const r = v.safeParse(schema, value);
  if (!r.success) {
    throw new Error(
      `shape mismatch:\n${r.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('\n')}`,
    );
  }
  return r.output;
}

/** Loose types for reading list answers in tests. */
export interface Car {
  price: number;
  year: number;
  mileage: { value: number };
  make: string;
  dealer_name: string;
}
export interface Collection {
  'hydra:member': Car[];
  'hydra:totalItems': number;
}
