/**
 * Links that reach a dealership about one car: `tel:` and WhatsApp click-to-chat (wa.me) with a message
 * naming the car and its stock number (the lead forms' query string is src/domain/car-link.ts).
 * Plain string work, so an island can use it without a phone-number library.
 */
import type { VehicleSummary } from '../contract/index.ts';
import { carTitle, formatPrice } from './format.ts';

import { waNumber } from './phone-links.ts';

export { telHref, waNumber } from './phone-links.ts';

export type LeadCar = Pick<
  VehicleSummary,
  'id' | 'year' | 'make' | 'model' | 'variant' | 'price' | 'stock_number'
>;

/** The stock number buyers quote to the dealer. */
export const stockNumber = (car: Pick<VehicleSummary, 'stock_number'>) => car.stock_number;

/** The WhatsApp link with a first message that names the car, its stock number and price. */
export function whatsappHref(number: string, car: LeadCar, pageUrl?: string): string {
  const text = [
    `Hi, I'm interested in the ${carTitle(car)} (stock no. ${stockNumber(car)}) at ${formatPrice(car.price)}.`,
    pageUrl,
  ]
    .filter(Boolean)
    .join(' ');
  return `https://wa.me/${waNumber(number)}?text=${encodeURIComponent(text)}`;
}
