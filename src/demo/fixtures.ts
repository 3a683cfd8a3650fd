/**
 * Facts of the demo data that tests rely on, exported so that no test spells an id or searches the
 * data for a case and skips when there is none (DESIGN §9). All of it follows from the seeded data.
 */
import { DEFAULT_DEALER_SLUG } from './data/dealers.ts';
import { buildVehicles, SHOWCASE_PRICE, SHOWCASE_VEHICLE_ID, SHOWCASE_VIN } from './data/vehicles.ts';

/** The fixed showcase car: a 2022 Subaru Forester 2.5i-S ES at the default dealer. */
export const SHOWCASE = {
  id: SHOWCASE_VEHICLE_ID,
  stockNumber: `U${SHOWCASE_VEHICLE_ID}`,
  dealer: DEFAULT_DEALER_SLUG,
  path: `/pre-owned/subaru/forester/${SHOWCASE_VEHICLE_ID}`,
  price: SHOWCASE_PRICE,
  vin: SHOWCASE_VIN,
} as const;

/** Ids of the demo cars for sale whose VIN is not known (one in eight, as the seed draws them). */
export function vehiclesWithoutVin(): number[] {
  return buildVehicles()
    .filter((car) => car.vin === null && car.status === 'available')
    .map((car) => car.id as number);
}

/** Ids of the demo cars the seed marks as sold (not listed, but their pages say "sold"). */
export function soldVehicleIds(): number[] {
  return buildVehicles()
    .filter((car) => car.status === 'sold')
    .map((car) => car.id as number);
}
