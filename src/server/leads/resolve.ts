/**
 * Checks what a lead refers to against the database (dealer, vehicle, special, make and model of the
 * range) and decides its dealership: the dealer that owns the used vehicle, else the chosen or URL
 * dealer, else the special's own dealer, else the default dealer. Unknown references are violations.
 */

import type { EnquiryData } from '../../contract/forms/enquiry.ts';
import { FINANCE_MAKE } from '../../contract/forms/finance.ts';
import type { Violation } from '../../contract/index.ts';
import { LEAD_PRESETS, SPECIAL_FALLBACK_SOURCE_CODE } from '../../domain/lead-presets.ts';
import { type OpeningPeriod, parseOpeningHours } from '../../domain/opening-hours.ts';
import type { Deps } from '../deps.ts';
import { MAX_ID } from '../http/params.ts';

const v = (propertyPath: string, message: string, code: string): Violation => ({
  propertyPath,
  message,
  code,
});
export const UNKNOWN_DEALER = 'Please choose a dealership from the list';

export async function findDealerSlug(deps: Deps, slugOrSite: string): Promise<string | undefined> {
  const row = await deps.db
    .selectFrom('dealers')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', slugOrSite), eb('site_name', '=', slugOrSite)]))
    .executeTakeFirst();
  return row?.slug;
}

/** A dealership's own opening hours as stored (empty when it has none or they cannot be read). */
export async function dealerHours(deps: Deps, slug: string): Promise<OpeningPeriod[]> {
  const row = await deps.db
    .selectFrom('dealers')
    .select('opening_hours')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return parseOpeningHours(row?.opening_hours);
}

export interface ResolvedEnquiry {
  dealer_slug: string;
  manufacturer: string | undefined;
  model: string | undefined;
  variant: string | undefined;
  vehicle_id: number | undefined;
  source_code: string;
}

const USED_URI = /^\/(?:dealer\/[^/]+\/)?pre-owned\/[^/]+\/[^/]+\/(\d{1,12})(?:\/|$)/;

export async function resolveEnquiry(
  deps: Deps,
  d: EnquiryData,
): Promise<{ ok: true; value: ResolvedEnquiry } | { ok: false; violations: Violation[] }> {
  const { db, config } = deps;
  const violations: Violation[] = [];
  const preset = LEAD_PRESETS[d.form_name];
  const out: ResolvedEnquiry = {
    dealer_slug: config.defaultDealerSlug,
    manufacturer: d.manufacturer,
    model: d.model,
    variant: d.variant,
    vehicle_id: d.vehicle_id,
    source_code: preset.source_code ?? SPECIAL_FALLBACK_SOURCE_CODE,
  };

  let chosen: string | undefined;
  if (d.dealer_slug) {
    chosen = await findDealerSlug(deps, d.dealer_slug);
    if (!chosen) violations.push(v('dealer_slug', UNKNOWN_DEALER, 'unknown_dealer'));
  }

  let owner: string | undefined;
  const vehicleId =
    d.vehicle_id ??
    (d.form_name === 'used' && d.uri ? Number(USED_URI.exec(d.uri)?.[1]) || undefined : undefined);
  if (vehicleId !== undefined) {
    // An id beyond 32 bits names no car (and PostgreSQL would refuse to compare it).
    const car =
      vehicleId <= MAX_ID
        ? await db
            .selectFrom('vehicles')
            .select(['id', 'dealer_slug', 'make', 'model', 'variant'])
            .where('id', '=', vehicleId)
            .executeTakeFirst()
        : undefined;
    if (!car) violations.push(v('vehicle_id', 'This vehicle could not be found', 'unknown_vehicle'));
    else {
      owner = car.dealer_slug;
      Object.assign(out, {
        vehicle_id: car.id,
        manufacturer: car.make,
        model: car.model,
        variant: d.variant ?? car.variant,
      });
    }
  }

  let specialDealer: string | undefined;
  if (d.special_slug) {
    const special = await db
      .selectFrom('specials')
      .select(['source_code', 'dealer_slug', 'model'])
      .where('slug', '=', d.special_slug)
      .executeTakeFirst();
    if (!special)
      violations.push(v('special_slug', 'This special offer could not be found', 'unknown_special'));
    else {
      specialDealer = special.dealer_slug ?? undefined;
      if (d.form_name === 'special') out.source_code = special.source_code || SPECIAL_FALLBACK_SOURCE_CODE;
      out.model ??= special.model;
    }
  }

  // New-car forms name a make and model of the range; canonical names are stored. A test drive of one
  // used car (its vehicle_id, from the vehicle page) names that car, which need not be of the range.
  if ((d.form_name === 'new' || d.form_name === 'test-drive') && d.manufacturer && d.model && !owner) {
    const models = await db
      .selectFrom('range_models')
      .select(['make', 'make_slug', 'model', 'model_slug'])
      .where((eb) =>
        eb.or([
          eb('make', '=', d.manufacturer as string),
          eb('make_slug', '=', (d.manufacturer as string).toLowerCase()),
        ]),
      )
      .execute();
    if (!models.length)
      violations.push(v('manufacturer', 'Please choose a make from the range', 'unknown_make'));
    else {
      const wanted = d.model.toLowerCase();
      const m = models.find((r) => r.model.toLowerCase() === wanted || r.model_slug === wanted);
      if (!m) violations.push(v('model', 'Please choose a model from the range', 'unknown_model'));
      else Object.assign(out, { manufacturer: m.make, model: m.model });
    }
  }

  if (violations.length) return { ok: false, violations };
  out.dealer_slug = owner ?? chosen ?? specialDealer ?? config.defaultDealerSlug;
  return { ok: true, value: out };
}

/** Model names of the new range a finance application may name. */
export async function financeModels(deps: Deps): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('range_models')
    .select('model')
    .where('make', '=', FINANCE_MAKE)
    .execute();
  return rows.map((r) => r.model);
}
