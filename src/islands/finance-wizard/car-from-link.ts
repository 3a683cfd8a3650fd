/**
 * The wizard's vehicle fields from a vehicle page's "Apply for finance on this car" link
 * (?make=&model=&used=true&price=, src/domain/car-link.ts). A used car fills the pre-owned make, model and
 * price; a new one only a make the wizard offers (Subaru) and its model. The car's dealership (&dealer=)
 * is chosen, so the application goes where the car is.
 */

import { FINANCE_MAKE } from '../../contract/forms/finance.ts';
import { parseCarLink } from '../../domain/car-link.ts';

export function carFromLink(search: string): Record<string, string> {
  const car = parseCarLink(search);
  const out: Record<string, string> = {};
  if (car.used !== undefined) out.variant = car.used ? 'used' : 'new';
  const used = car.used === true;
  if (car.make && (used || car.make.toLowerCase() === FINANCE_MAKE.toLowerCase()))
    out.make = used ? car.make : FINANCE_MAKE;
  if (car.model) out.model = car.model;
  if (used && car.price !== undefined) out.vehiclePrice = String(car.price);
  if (car.dealer) out.dealership = car.dealer;
  return out;
}
