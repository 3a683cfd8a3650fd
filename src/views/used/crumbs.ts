/** Breadcrumbs of a used car's page and its enquiry: make, model and the car by name, not by slug and id. */
import type { VehicleDetail } from '../../contract/index.ts';
import { paths } from '../../domain/urls.ts';

export function usedCarCrumbs(vehicle: VehicleDetail): Record<string, string> {
  const make = `${paths.preOwned()}/${vehicle.make_slug}`;
  const model = `${make}/${vehicle.model_slug}`;
  return {
    [make]: vehicle.make,
    [model]: vehicle.model,
    [`${model}/${vehicle.id}`]: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
  };
}
