/**
 * Shapes of the API's answers (SPEC §3, §7), shared by pages, islands, server and tests. Each is a
 * valibot schema under ./contract/ (one file per resource family); the types are taken from them.
 */
export type { Banner } from './banners.ts';
export type { BlogPost, BlogSummary } from './blog.ts';
export type { Dealer } from './dealers.ts';
export type { HydraCollection, Violation } from './hydra.ts';
export type { Image, Photo } from './media.ts';
export type { RangeModel, Variant, VariantColor } from './range.ts';
export type { Special, SpecialGroup } from './specials.ts';
export type {
  Facet,
  Filters,
  Make,
  VehicleDetail,
  VehicleSummary,
} from './vehicles.ts';
