/** What the saved and compare pages say about a car: its name, photo and the facts a buyer compares. */
import type { VehicleDetail } from '../../contract/index.ts';
import { FINANCE_DEFAULTS, financeSummary } from '../../domain/finance.ts';
import { formatMileage, formatMoney, formatPrice } from '../../domain/format.ts';
import { BODY_TYPE_LABELS } from '../../domain/vehicle-query.ts';

const bodyLabel = (v: VehicleDetail) =>
  BODY_TYPE_LABELS[v.body_type as keyof typeof BODY_TYPE_LABELS] ?? v.body_type;

/** The compare table's rows, in the order a buyer weighs them. */
export const COMPARE_ROWS: [label: string, value: (v: VehicleDetail) => string][] = [
  ['Price', (v) => formatPrice(v.price)],
  ['Instalment example', (v) => `${formatMoney(financeSummary({ price: v.price }).instalment)} p/m`],
  ['Year', (v) => String(v.year)],
  ['Mileage', (v) => formatMileage(v.mileage['hydra:member'][0] ?? 0)],
  ['Transmission', (v) => v.transmission],
  ['Fuel', (v) => v.fuel_type],
  ['Body type', bodyLabel],
  ['Colour', (v) => v.exterior_color],
  ['Dealership', (v) => `${v.dealer_name}, ${v.dealer_province}`],
];

const d = FINANCE_DEFAULTS;
/** The assumptions behind every instalment example on these pages. */
export const EXAMPLE_TERMS = `${d.depositPercent}% deposit, a ${d.balloonPercent}% balloon, ${d.interestRate}% interest a year and ${d.termMonths} months`;
