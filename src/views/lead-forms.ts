/**
 * Build-time props for the lead-form islands (src/islands/enquiry-form): the range a new-car form
 * offers, the used car an enquiry is about, and the page's dealer (only under /dealer/{name}).
 */

import type { RangeModel, VehicleDetail } from '../contract/index.ts';
import { toUsedCar, type UsedCar, type VehicleChoice } from '../islands/enquiry-form/config.ts';
import type { DealerOption } from '../islands/form-kit/useDealers.ts';
import { data } from './data.ts';
import type { SiteCtx } from './site.ts';

/** The dealer a page's forms send to: the prefix's dealer; none on the group site (the visitor chooses). */
export const pageDealerSlug = (ctx: SiteCtx): string | null => (ctx.site ? ctx.dealer.slug : null);

/** Make, model and variants of the page's car, and every model of the new range to choose from. */
export async function vehicleChoice(
  model: Pick<RangeModel, 'make' | 'model' | 'make_slug' | 'model_slug'>,
  variant?: string,
): Promise<VehicleChoice> {
  const [models, variants] = await Promise.all([
    data.rangeModels(),
    data.variantsOf(model.make_slug, model.model_slug),
  ]);
  return {
    make: model.make,
    model: model.model,
    ...(variant ? { variant } : {}),
    models: models.map((m) => ({ make: m.make, model: m.model })),
    variants: variants.map((v) => v.variant),
  };
}

/** The dealerships a form offers (as useDealers loads them), in the page from the build. */
export async function dealerOptions(): Promise<DealerOption[]> {
  return (await data.dealers())
    .map((d) => ({ value: d.slug, label: d.dealerName, hours: d.opening_hours }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export const usedCarOf = (v: VehicleDetail): UsedCar => toUsedCar(v);
