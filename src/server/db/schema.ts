/**
 * The database schema as Kysely sees it. One schema for SQLite and PostgreSQL:
 * booleans are stored as integers 0/1, structured values (colours, images) as JSON text,
 * dates as ISO text, money as whole rands (integer) or cents precision doubles.
 */
import type { Generated } from 'kysely';
import type { BuildTables } from './schema-builds.ts';
import type { MediaTables } from './schema-media.ts';
import type { RevisionTables } from './schema-revisions.ts';
import type { StaffTables } from './schema-staff.ts';

export interface DealersTable {
  id: number;
  slug: string; // e.g. motus-subaru-west-rand
  site_name: string; // URL-safe name used in /dealer/{site_name}
  dealer_name: string; // e.g. "Subaru West Rand"
  address: string;
  suburb: string;
  city: string;
  province: string;
  postal_code: string;
  latitude: number;
  longitude: number;
  location: string; // map embed URL
  dealer_contact_no: string;
  email: string;
  sort_order: number;
  whatsapp_no: Generated<string>; // '' when the dealership has none
  opening_hours: Generated<string>; // JSON: {day, opens, closes}[] (a day not listed is closed)
}

export interface BannersTable {
  id: number;
  type: 'Car' | 'Motorcycle';
  title: string;
  subtitle: string;
  image: string; // file under /uploads/banners/
  button_text: string | null; // null means the default 'Explore more'
  button_url: string;
  sort_order: number;
  publish_from: string | null; // YYYY-MM-DD: first day on the site; null: at once (080)
}

export interface RangeModelsTable {
  id: number;
  make: string;
  make_slug: string;
  model: string;
  model_slug: string;
  type: 'car' | 'motorcycle';
  tagline: string;
  description: string;
  main_image: string; // file under /uploads/
  gallery: string; // JSON: string[] of files under /uploads/gallery/
  sort_order: number;
}

export interface RangeVariantsTable {
  id: number;
  model_id: number;
  variant: string;
  variant_slug: string;
  description: string;
  main_image: string; // file under /uploads/
  power: number; // kW
  torque: number; // Nm
  transmission: number; // number of speeds (CVTs: their stepped ratios, e.g. 8; EVs: 1)
  transmission_type: string; // e.g. 'Lineartronic CVT', '6-speed manual'
  fuel_type: string;
  body_type: string;
  engine: string;
  drivetrain: string;
  term: number; // months
  interest: number; // percent per year
  model_price: number; // rands
  brochure: string; // file under /uploads/files/
  colors: string; // JSON: {name, hex_code, image}[] (image under /uploads/range/)
  features: string; // JSON: string[]
  sort_order: number;
}

export interface VehiclesTable {
  id: number;
  dealer_slug: string;
  make: string;
  make_slug: string;
  model: string;
  model_slug: string;
  variant: string;
  body_type: string;
  year: number;
  mileage: number; // km
  price: number; // rands
  installment: number; // rands per month, DESIGN §5 defaults
  transmission: string; // 'Automatic' | 'Manual'
  fuel_type: string; // 'Petrol' | 'Diesel' | 'Hybrid'
  exterior_color: string;
  state_of_vehicle: string; // 'Used' | 'Demo'
  images: string; // JSON: string[] of files under /uploads/used/
  description: string;
  status: 'available' | 'reserved' | 'sold';
  created_at: string; // ISO date-time
  stock_number: string; // unique; the dealer-management system's key (CSV imports match on it)
  vin: string | null; // unique when known
}

export interface SpecialsTable {
  id: number;
  kind: 'special' | 'service'; // vehicle offer | service deal
  slug: string;
  dealer_slug: string | null; // null: offered by every dealer of the group
  model: string; // grouping label, e.g. 'Forester' or 'Servicing'
  model_slug: string;
  title: string;
  intro_paragraph: string;
  body: string; // HTML
  thumbnail: string; // file under /uploads/specials/
  image: string; // file under /uploads/specials/
  source_code: string;
  price: number | null;
  valid_until: string; // YYYY-MM-DD
  terms: string;
  sort_order: number;
}

export interface BlogPostsTable {
  id: number;
  slug: string;
  title: string;
  description: string;
  image: string; // file under /uploads/blog/
  publish_date: string; // YYYY-MM-DD
  author: string;
  body: string; // HTML
  meta_title: string;
  meta_description: string;
  keywords: string;
  publish_from: string | null; // YYYY-MM-DD: first day on the site; null: at once (080)
}

/** The fraud-warning page's text blocks (one row; HTML in the rich ones). */
interface FraudPageTable {
  id: number;
  title: string;
  description: string;
  intro: string;
  never_do: string;
  check_details: string;
  report: string;
}

export interface Database extends BuildTables, MediaTables, StaffTables, RevisionTables {
  dealers: DealersTable;
  banners: BannersTable;
  range_models: RangeModelsTable;
  range_variants: RangeVariantsTable;
  vehicles: VehiclesTable;
  specials: SpecialsTable;
  blog_posts: BlogPostsTable;
  fraud_page: FraudPageTable;
}
