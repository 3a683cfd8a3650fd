/**
 * Links that reach a dealership about one car: `tel:`, WhatsApp click-to-chat (wa.me) and the query
 * string that pre-fills the finance and test-drive forms (`?make=&model=&year=&price=&stock=&vehicle=`).
 * Plain string work, so an island can use it without a phone-number library.
 */
import type { VehicleSummary } from './contract.ts';
import { formatPrice } from './format.ts';

/** "011 958 1800" -> "tel:0119581800"; a leading + is kept. */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

/** A South African number in the digits-only international form wa.me wants: "011 958 1800" -> "27119581800". */
export function waNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.startsWith('27')) return digits;
  return digits.startsWith('0') ? `27${digits.slice(1)}` : digits;
}

export type LeadCar = Pick<
  VehicleSummary,
  'id' | 'year' | 'make' | 'model' | 'variant' | 'price' | 'stock_number'
>;

/** The stock number buyers quote to the dealer. */
export const stockNumber = (car: Pick<VehicleSummary, 'stock_number'>) => car.stock_number;

export const carTitle = (car: LeadCar) => `${car.year} ${car.make} ${car.model} ${car.variant}`.trim();

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

/** Query string that pre-fills a lead form with this car. */
export function carQuery(car: LeadCar & Pick<VehicleSummary, 'make_slug' | 'model_slug'>): string {
  return new URLSearchParams({
    make: car.make,
    model: car.model,
    year: String(car.year),
    price: String(car.price),
    stock: stockNumber(car),
    vehicle: String(car.id),
  }).toString();
}
