/**
 * Links that reach a dealership about one car: `tel:` and WhatsApp click-to-chat (wa.me) with a message
 * naming the car and its stock number (the lead forms' query string is src/domain/car-link.ts).
 * Plain string work, so an island can use it without a phone-number library.
 */
import { carTitle, formatPrice } from './format.ts';

import { waNumber } from './phone-links.ts';

export { telHref, waNumber } from './phone-links.ts';

/** What a lead link says about a car (the fields of the contract's VehicleSummary it uses). */
export interface LeadCar {
  id: number;
  year: number;
  make: string;
  model: string;
  variant: string;
  price: number;
  stock_number: string;
}

/** The stock number buyers quote to the dealer. */
export const stockNumber = (car: Pick<LeadCar, 'stock_number'>) => car.stock_number;

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
