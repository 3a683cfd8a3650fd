/** Used and demo stock (SPEC §3 used car list item and detail), makes and the filter facets. */
import * as v from 'valibot';
import { FUEL_TYPES, TRANSMISSION_TYPES, VEHICLE_STATES } from '../domain/vehicle-query.ts';
import { context, int, named } from './hydra.ts';
import { Image } from './media.ts';
import { STOCK_STATUSES } from './stock.ts';

const summaryEntries = {
  ...context,
  '@id': v.string(),
  '@type': v.literal('Vehicle'),
  id: int,
  uri: v.pipe(v.string(), v.description('Its page on the site.')),
  image: v.nullable(Image),
  make: v.string(),
  make_slug: v.string(),
  model: v.string(),
  model_slug: v.string(),
  variant: v.string(),
  transmission: v.picklist(TRANSMISSION_TYPES),
  fuel_type: v.picklist(FUEL_TYPES),
  exterior_color: v.string(),
  year: int,
  mileage: v.object({ value: int, unit: v.literal('km') }),
  state_of_vehicle: v.picklist(VEHICLE_STATES),
  price: v.number(),
  installment: v.pipe(v.number(), v.description('Monthly instalment (rand) at the SPEC §9 defaults.')),
  dealer_slug: v.string(),
  dealer_name: v.string(),
  dealer_province: v.string(),
  stock_number: v.pipe(v.string(), v.description("The dealer's stock number, quoted by buyers.")),
};

export const VehicleSummary = named('VehicleSummary', v.object(summaryEntries));
export type VehicleSummary = v.InferOutput<typeof VehicleSummary>;

export const VehicleDetail = named(
  'VehicleDetail',
  v.object({
    ...summaryEntries,
    images: v.object({
      '@type': v.literal('hydra:Collection'),
      'hydra:member': v.array(Image),
      'hydra:totalItems': int,
    }),
    mileage: v.object({
      '@type': v.literal('hydra:Collection'),
      'hydra:member': v.pipe(v.array(int), v.description('One value: the odometer reading in km.')),
      'hydra:totalItems': int,
      unit: v.literal('km'),
    }),
    body_type: v.string(),
    vin: v.pipe(v.nullable(v.string()), v.description('Vehicle identification number, when known.')),
    description: v.string(),
    status: v.picklist(STOCK_STATUSES),
    available: v.boolean(),
    created_at: v.string(),
  }),
);
export type VehicleDetail = v.InferOutput<typeof VehicleDetail>;

const MakeModel = v.object({ name: v.string(), slug: v.string(), count: int });

/** A make in stock with its models and how many cars each has. */
const MakeCount = named('MakeCount', v.object({ ...MakeModel.entries, models: v.array(MakeModel) }));

export const Make = named(
  'Make',
  v.object({ '@id': v.string(), '@type': v.literal('Make'), ...MakeCount.entries }),
);
export type Make = v.InferOutput<typeof Make>;

export const Facet = v.object({ value: v.string(), count: int });
export type Facet = v.InferOutput<typeof Facet>;

/** A facet value with the words a buyer reads (a dealership's name, "Hatchback" for hatch). */
const LabelledFacet = v.object({ value: v.string(), label: v.string(), count: int });

/** Lowest and highest value in the listing; null when nothing matches. */
const Range = named(
  'Range',
  v.object({ min: v.nullable(v.number()), max: v.nullable(v.number()) }),
  'Bounds of the listing with every other filter applied.',
);

export const Filters = named(
  'Filters',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('Filters'),
    makes: v.array(MakeCount),
    fuelType: v.array(Facet),
    transmissionType: v.array(Facet),
    vehicle_state: v.array(Facet),
    body_type: v.array(LabelledFacet),
    colour: v.array(Facet),
    province: v.array(Facet),
    dealer: v.pipe(v.array(LabelledFacet), v.description('Dealerships (slug and name) in scope.')),
    ranges: v.object({ price: Range, year: Range, mileage: Range, instalment: Range }),
  }),
);
export type Filters = v.InferOutput<typeof Filters>;
