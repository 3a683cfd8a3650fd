/**
 * What the car page's island reads of a car and of its dealership: the build passes only this in the
 * island's props, which every pre-built car page carries in its HTML. The API's record also has its JSON-LD
 * names, a second copy of the first photo, the instalment, the dates, the collections' counts and the
 * photos' storage keys, none of which the page shows: 1.3 KB of props, 137 bytes of brotli on every car
 * page. The island's own fetch still gives the whole record, which these types accept.
 */
import type { Dealer, Image, VehicleDetail } from '../../contract/index.ts';

/** `from` with only `keys`: each list below is both the props' fields and their type. */
function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;
}

const IMAGE_FIELDS = ['uri', 'width', 'height', 'alt', 'sources', 'illustration'] as const;
/** A photo as the gallery shows it. */
export type ShownImage = Pick<Image, (typeof IMAGE_FIELDS)[number]>;

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
] as const;

export type ShownVehicle = Pick<VehicleDetail, (typeof FIELDS)[number]> & {
  images: { 'hydra:member': ShownImage[] };
  mileage: { 'hydra:member': number[] };
};

/** `v` cut to what the island reads. */
export function shownVehicle(v: VehicleDetail): ShownVehicle {
  return {
    ...pick(v, FIELDS),
    images: { 'hydra:member': v.images['hydra:member'].map((image) => pick(image, IMAGE_FIELDS)) },
    mileage: { 'hydra:member': v.mileage['hydra:member'] },
  };
}

const DEALER_FIELDS = ['slug', 'address', 'dealer_contact_no', 'whatsapp_no', 'opening_hours'] as const;
/** What the dealer panel (DealerPanel.tsx) reads of a dealership. */
export type DealerContact = Pick<Dealer, (typeof DEALER_FIELDS)[number]>;

export const dealerContact = (d: Dealer): DealerContact => pick(d, DEALER_FIELDS);
