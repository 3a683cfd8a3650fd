/**
 * Shapes of the API's answers (SPEC §3, §7), shared by pages, islands, server and tests. Each is a
 * valibot schema under ./contract/ (one file per resource family); the types are taken from them.
 */
export type { Banner } from './contract/banners.ts';
export type { BlogPost, BlogSummary } from './contract/blog.ts';
export type { Build } from './contract/builds.ts';
export type { Dealer } from './contract/dealers.ts';
export type { HydraCollection, Violation } from './contract/hydra.ts';
export type { Image, Photo, Upload } from './contract/media.ts';
export type { RangeModel, Variant, VariantColor } from './contract/range.ts';
export type { Special, SpecialGroup } from './contract/specials.ts';
export type {
  Facet,
  Filters,
  Make,
  MakeCount,
  MakeModel,
  VehicleDetail,
  VehicleSummary,
} from './contract/vehicles.ts';
