/**
 * Used stock as the back office edits it: every SPEC §3 used-car field plus the stock
 * number and VIN, and the car's status. One schema validates the editor's input (422 messages name the
 * field), types the admin's forms, and documents /api/editor/vehicles in /api/docs.json.
 */
import * as v from 'valibot';
import { BODY_TYPES, FUEL_TYPES, TRANSMISSION_TYPES, VEHICLE_STATES } from '../domain/vehicle-query.ts';
import { oneOf, optionalText, text, typed, integer as whole } from './fields.ts';
import { context, int, named } from './hydra.ts';

export const STOCK_STATUSES = ['available', 'reserved', 'sold'] as const;

/** Letters, digits, '-', '/' and '.', as dealer-management systems print them. */
const STOCK_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9./-]*$/;
/** ISO 3779: 17 characters, digits and capitals without I, O and Q (they read as 1 and 0). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

const StockNumber = v.pipe(
  text('Stock number', 40),
  v.regex(STOCK_NUMBER_PATTERN, 'Stock number may only contain letters, digits, -, / and .'),
);
const Vin = v.pipe(
  v.string(typed('VIN', 'text')),
  v.trim(),
  v.toUpperCase(),
  v.length(17, 'VIN must be exactly 17 characters'),
  v.regex(VIN_PATTERN, 'VIN may only contain digits and letters other than I, O and Q'),
);

const thisYear = () => new Date().getUTCFullYear();

/** The fields as a plain object schema (for v.partial in PATCH); StockVehicleInput names it. */
export const StockVehicleFields = v.object({
  stock_number: StockNumber,
  vin: v.optional(v.nullable(Vin), null),
  dealer_slug: text('Dealership', 120),
  make: text('Make', 60),
  model: text('Model', 60),
  variant: optionalText('Variant', 120),
  body_type: oneOf('Body type', BODY_TYPES),
  year: v.pipe(
    whole('Year', 1950, 2100),
    v.check((y) => y <= thisYear() + 1, 'Year cannot be more than a year ahead'),
  ),
  mileage: whole('Mileage', 0, 2_000_000),
  price: whole('Price', 1, 100_000_000),
  transmission: oneOf('Transmission', TRANSMISSION_TYPES),
  fuel_type: oneOf('Fuel type', FUEL_TYPES),
  exterior_color: text('Colour', 60),
  state_of_vehicle: oneOf('State', VEHICLE_STATES),
  description: optionalText('Description', 5000),
  status: v.optional(oneOf('Status', STOCK_STATUSES), 'available'),
});
export const StockVehicleInput = named(
  'StockVehicleInput',
  StockVehicleFields,
  'A used or demo car as staff enter it; the instalment is worked out by the server.',
);
export type StockVehicleInput = v.InferOutput<typeof StockVehicleInput>;

export const StockVehicle = named(
  'StockVehicle',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('StockVehicle'),
    id: int,
    stock_number: v.string(),
    vin: v.nullable(v.string()),
    dealer_slug: v.string(),
    dealer_name: v.string(),
    make: v.string(),
    make_slug: v.string(),
    model: v.string(),
    model_slug: v.string(),
    variant: v.string(),
    body_type: v.string(),
    year: int,
    mileage: int,
    price: int,
    installment: v.pipe(v.number(), v.description('Monthly instalment (rand) at the SPEC §9 defaults.')),
    transmission: v.string(),
    fuel_type: v.string(),
    exterior_color: v.string(),
    state_of_vehicle: v.string(),
    description: v.string(),
    status: v.picklist(STOCK_STATUSES),
    photo_count: v.pipe(int, v.description('Uploaded photos; manage them at {@id}/images.')),
    uri: v.pipe(v.string(), v.description('Its page on the public site (once built).')),
    created_at: v.string(),
  }),
);
export type StockVehicle = v.InferOutput<typeof StockVehicle>;

/** Filters of GET /api/editor/vehicles besides page, itemsPerPage, order[…] and q. */
export const STOCK_SORTS = ['id', 'stock_number', 'make', 'year', 'mileage', 'price', 'created_at'] as const;
