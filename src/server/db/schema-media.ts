/** Uploaded photos (migration 007_vehicle_images). */

export interface VehicleImagesTable {
  id: string; // UUID; also the folder of its files: photos/{id}/
  vehicle_id: number;
  position: number; // 0-based order in the gallery
  is_main: number; // 1 for the car's main photo (at most one per car)
  alt: string; // '' = the page describes it from the car
  width: number; // after auto-orientation
  height: number;
  renditions: string; // JSON: Rendition[] (src/lib/photos.ts)
  created_at: string; // ISO date-time
}

export interface MediaTables {
  vehicle_images: VehicleImagesTable;
}
