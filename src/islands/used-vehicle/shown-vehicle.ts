/**
 * What the car page's island reads of a car: the build passes only this in the island's props, which
 * every pre-built car page carries in its HTML. The API's record also has its JSON-LD names, a second copy
 * of the first photo, the instalment, the dates, the collections' counts and the photos' storage keys,
 * none of which the page shows: 1.3 KB of props, 137 bytes of brotli on every car page. The island's own
 * fetch still gives the whole record, which this type accepts.
 */
import type { Image, VehicleDetail } from '../../contract/index.ts';

/** A photo as the gallery shows it. */
export type ShownImage = Pick<Image, 'uri' | 'width' | 'height' | 'alt' | 'sources' | 'illustration'>;

const FIELDS = [
  'id',
  'uri',
  'make',
  'make_slug',
  'model',
  'model_slug',
  'variant',
  'transmission',
  'fuel_type',
  'exterior_color',
  'year',
  'state_of_vehicle',
  'price',
  'dealer_slug',
  'dealer_name',
  'dealer_province',
  'stock_number',
  'body_type',
  'vin',
  'description',
  'status',
] as const satisfies readonly (keyof VehicleDetail)[];

export type ShownVehicle = Pick<VehicleDetail, (typeof FIELDS)[number]> & {
  images: { 'hydra:member': ShownImage[] };
  mileage: { 'hydra:member': number[] };
};

/** `v` cut to what the island reads. */
export function shownVehicle(v: VehicleDetail): ShownVehicle {
  const shown = Object.fromEntries(FIELDS.map((k) => [k, v[k]])) as Pick<
    VehicleDetail,
    (typeof FIELDS)[number]
  >;
  return {
    ...shown,
    images: {
      'hydra:member': v.images['hydra:member'].map(({ uri, width, height, alt, sources, illustration }) => ({
        uri,
        width,
        height,
        alt,
        sources,
        illustration,
      })),
    },
    mileage: { 'hydra:member': v.mileage['hydra:member'] },
  };
}
