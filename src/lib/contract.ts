/** Shapes of the API's answers (SPEC §3, §7), shared by pages, islands and tests. */
export interface HydraCollection<T> {
  '@context'?: string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
}

export interface Dealer {
  '@id': string;
  id: number;
  slug: string;
  dealerName: string;
  siteName: string;
  address: string;
  street: string;
  suburb: string;
  city: string;
  province: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  location: string;
  dealer_contact_no: string;
  email: string;
  uri: string;
  apiUri: string;
}

export interface Banner {
  '@id': string;
  id: number;
  type: 'Car' | 'Motorcycle';
  title: string;
  subtitle: string;
  image: { uri: string; file: string };
  button: { text: string; url: string };
}

export interface MakeModel {
  name: string;
  slug: string;
  count: number;
}
export interface Make extends MakeModel {
  models: MakeModel[];
}

export interface RangeModel {
  '@id': string;
  id: number;
  make: string;
  model: string;
  make_slug: string;
  model_slug: string;
  type: 'car' | 'motorcycle';
  tagline: string;
  description: string;
  mainImage: string;
  gallery: { image: string }[];
  minPrice: number;
  modelPrice: number;
  variantCount: number;
}

export interface VariantColor {
  name: string;
  hex_code: string;
  image: string;
}

export interface Variant {
  '@id': string;
  id: number;
  make: string;
  model: string;
  make_slug: string;
  model_slug: string;
  variant: string;
  variant_slug: string;
  type: 'car' | 'motorcycle';
  description: string;
  mainImage: string;
  power: number;
  torque: number;
  transmission: number;
  transmission_type: string;
  fuel_type: string;
  body_type: string;
  engine: string;
  drivetrain: string;
  term: number;
  interest: number;
  modelPrice: number;
  brochure: string;
  color: VariantColor[];
  gallery: { image: string }[];
  features: string[];
}

export interface VehicleSummary {
  '@id': string;
  id: number;
  uri: string;
  image: { uri: string; file: string } | null;
  make: string;
  make_slug: string;
  model: string;
  model_slug: string;
  variant: string;
  transmission: string;
  fuel_type: string;
  exterior_color: string;
  year: number;
  mileage: { value: number; unit: 'km' };
  state_of_vehicle: 'Used' | 'Demo';
  price: number;
  installment: number;
  dealer_slug: string;
  dealer_name: string;
  dealer_province: string;
}

export interface VehicleDetail extends Omit<VehicleSummary, 'mileage'> {
  images: HydraCollection<{ uri: string; file: string }>;
  mileage: { 'hydra:member': number[]; 'hydra:totalItems': number; unit: 'km' };
  body_type: string;
  description: string;
  status: 'available' | 'sold';
  available: boolean;
  created_at: string;
}

export interface Special {
  '@id': string;
  id: number;
  slug: string;
  kind: 'special' | 'service';
  dealer_slug: string | null;
  model: string;
  model_slug: string;
  title: string;
  introParagraph: string;
  body: string;
  thumbnail: string;
  thumbnailUri: string;
  image: string;
  imageUri: string;
  source_code: string;
  price: number | null;
  valid_until: string;
  terms: string;
}

export interface SpecialGroup {
  model: string;
  slug: string;
  thumbnail: string;
  specials: Special[];
}

export interface Facet {
  value: string;
  count: number;
}
export interface Filters {
  makes: Make[];
  fuelType: Facet[];
  transmissionType: Facet[];
  vehicle_state: Facet[];
}

export interface BlogSummary {
  '@id': string;
  slug: string;
  title: string;
  description: string;
  image: { uri: string; file: string };
  publish_date: string;
  author: string;
}

export interface BlogPost extends BlogSummary {
  id: number;
  body: string;
  meta_title: string;
  meta_description: string;
  keywords: string;
}

export interface Violation {
  propertyPath: string;
  message: string;
  code?: string;
}
