/** Uploaded photos (migration 007_vehicle_images). */
import type { Generated } from 'kysely';
import type { ContentImageOwner } from '../../domain/photos.ts';

export interface VehicleImagesTable {
  id: string; // UUID; also the folder of its files: photos/{id}/
  vehicle_id: number;
  position: number; // 0-based order in the gallery
  is_main: number; // 1 for the car's main photo (at most one per car)
  alt: string; // '' = the page describes it from the car
  width: number; // after auto-orientation
  height: number;
  renditions: string; // JSON: Rendition[] (src/domain/photos.ts)
  created_at: string; // ISO date-time
}

/**
 * Uploaded images of banners, blog posts, range models and variants (migration 016_content_images), and of
 * a variant's colours: owner_key is the colour's slug, '' for every other owner (017_colour_images).
 */
export interface ContentImagesTable extends Omit<VehicleImagesTable, 'vehicle_id'> {
  owner_type: ContentImageOwner | 'range_variant_colour';
  owner_id: number;
  owner_key: Generated<string>;
}

/** CSV stock imports (migration 009_stock_imports): a dry run, then maybe its apply. */
interface StockImportsTable {
  id: string; // UUID, the token the apply step names
  actor_id: string | null;
  scope: string | null; // JSON: dealer slugs the importer may touch; null: the whole group
  csv: string;
  plan: string; // JSON: the plan the dry run showed (src/server/stock/csv-import.ts Plan)
  plan_hash: string; // sha256 of the plan shown; apply refuses when the plan differs now
  created_at: string;
  applied_at: string | null;
  undone_at: string | null;
}

export interface MediaTables {
  vehicle_images: VehicleImagesTable;
  content_images: ContentImagesTable;
  stock_imports: StockImportsTable;
}
