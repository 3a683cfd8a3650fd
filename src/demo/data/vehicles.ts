/**
 * 420 used and demo cars drawn from the catalogue with a seeded PRNG, plus one fixed showcase
 * car (id 100001) that API and browser tests can rely on (DESIGN §9). Prices follow age,
 * mileage and how well the model holds its value; photos come from a shared pool of
 * `{body}-{colour}-{view}.webp` images so 420 cars need only a couple of hundred pictures.
 */
import type { Insertable } from 'kysely';
import { monthlyInstalment } from '../../domain/finance.ts';
import { slugify } from '../../domain/slug.ts';
import { vinCheckDigit, vinYearCode } from '../../domain/vin.ts';
import type { VehiclesTable } from '../../server/db/schema.ts';
import type { ImageJob } from '../art/types.ts';
import { createRng, REFERENCE_DATE, type Rng } from '../random.ts';
import { type BodyType, USED_COLOURS, USED_VIEWS, usedPoolFile } from './common.ts';
import { DEFAULT_DEALER_SLUG } from './dealers.ts';
import {
  MPV_CATALOGUE,
  silhouetteOf,
  USED_CATALOGUE,
  type UsedMake,
  type UsedModel,
} from './vehicle-catalogue.ts';

/** Cars drawn from USED_CATALOGUE; MPV_COUNT people carriers follow them (ids 421..432), then the showcase. */
const VEHICLE_COUNT = 420;
const MPV_COUNT = 12;
export const SHOWCASE_VEHICLE_ID = 100001;
export const SHOWCASE_PRICE = 489_900;
const SEED = 20261101;
const MPV_SEED = 20261129;
const CURRENT_YEAR = 2026;

const DEALER_WEIGHTS: readonly (readonly [string, number])[] = [
  [DEFAULT_DEALER_SLUG, 28],
  ['motus-subaru-pretoria', 22],
  ['motus-subaru-cape-town', 20],
  ['motus-subaru-durban', 18],
  ['motus-subaru-gqeberha', 12],
];

/** White and silver dominate SA lots; bright colours are rarer. */
const COLOUR_WEIGHTS = USED_COLOURS.map((c) => {
  const w: Record<string, number> = { White: 26, Silver: 14, Grey: 14, Black: 10, Blue: 10, Red: 8 };
  return [c.name, w[c.name] ?? 3] as const;
});

const EXTRAS = [
  'Full service history and both keys.',
  'One owner, non-smoker, accident-free.',
  'Balance of the service plan applies.',
  'Inspected by our workshop and ready for the road.',
  'Trade-ins welcome and finance can be arranged in-house.',
  'New tyres fitted and a fresh service done before delivery.',
];

/** World manufacturer identifiers (VIN positions 1–3), the South African plant's where the model is built here. */
const WMI: Record<string, string> = {
  Subaru: 'JF1',
  Toyota: 'AHT',
  Volkswagen: 'AAV',
  Ford: 'AFA',
  Hyundai: 'KMH',
  Kia: 'KNA',
  Nissan: 'JN1',
  Mazda: 'JM1',
  Renault: 'VF1',
  Suzuki: 'MA3',
  BMW: 'WBA',
  'Mercedes-Benz': 'WDD',
  Haval: 'LGW',
  Honda: 'MRH',
  Mitsubishi: 'JA3',
};
const VIN_CHARS = /[^A-HJ-NPR-Z0-9]/g;

/**
 * The car's VIN, or null for one car in eight (traded in lately, not yet captured): a well-formed
 * ISO 3779 number with a valid check digit, made from the make, model, year and id (the id as serial,
 * so every car's is different), without drawing from the generator (every other field stays the same).
 */
export function demoVin(id: number, make: string, model: string, year: number): string | null {
  if (id % 8 === 0) return null;
  const wmi = WMI[make] ?? `${make.toUpperCase().replace(VIN_CHARS, '')}AAA`.slice(0, 3);
  const vds = `${model.toUpperCase().replace(VIN_CHARS, '')}ZZZZZ`.slice(0, 5);
  const vin = `${wmi}${vds}0${vinYearCode(year)}S${String(id % 1_000_000).padStart(6, '0')}`;
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

/** The showcase car's VIN (tests check the vehicle page's markup with it). */
export const SHOWCASE_VIN = demoVin(SHOWCASE_VEHICLE_ID, 'Subaru', 'Forester', 2022) as string;

/** "45200" -> "45 200", with a plain space so the text is the same on every ICU build. */
const groupThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** Round to a dealer-style price ending in 900, e.g. 189 900. */
const dealerPrice = (value: number): number => Math.max(49_900, Math.round(value / 1000) * 1000 - 100);

function pickYear(rng: Rng, m: UsedModel, demo: boolean): number {
  const last = Math.min(m.to ?? CURRENT_YEAR, demo ? CURRENT_YEAR : CURRENT_YEAR - 1);
  const first = demo ? Math.max(m.from, CURRENT_YEAR - 1) : Math.max(m.from, 2014);
  // Lean gently towards younger cars: half the time take the later of two draws.
  const year = rng.int(first, last);
  return rng.chance(0.5) ? Math.max(year, rng.int(first, last)) : year;
}

function priceFor(rng: Rng, m: UsedModel, age: number, mileage: number, demo: boolean): number {
  if (demo) return dealerPrice(m.newPrice * (0.86 + rng.next() * 0.06));
  const expectedKm = Math.max(age, 1) * 17_000;
  const mileageFactor = 1 - Math.max(-0.08, Math.min(0.12, ((mileage - expectedKm) / expectedKm) * 0.12));
  const factor = 0.84 * m.retention ** Math.max(age - 1, 0) * mileageFactor * (0.95 + rng.next() * 0.1);
  return dealerPrice(m.newPrice * Math.max(factor, 0.16));
}

function makeVehicle(
  rng: Rng,
  id: number,
  dealers: readonly (readonly [string, number])[],
  catalogue: readonly UsedMake[] = USED_CATALOGUE,
): Insertable<VehiclesTable> {
  const make = rng.weighted(catalogue.map((mk) => [mk, mk.weight] as const));
  const demoCapable = make.models.filter((m) => (m.to ?? CURRENT_YEAR) >= CURRENT_YEAR - 1);
  const demo = demoCapable.length > 0 && rng.chance(0.15);
  const model = rng.pick(demo ? demoCapable : make.models);
  const year = pickYear(rng, model, demo);
  const candidates = model.variants.filter(
    ([, , , from = 0, to = CURRENT_YEAR]) => from <= year && year <= to,
  );
  const [variant, transmission, fuel] = rng.pick(candidates.length ? candidates : model.variants);
  const age = CURRENT_YEAR - year;
  const perYear = model.body === 'bakkie' ? rng.int(18_000, 32_000) : rng.int(11_000, 24_000);
  const mileage = demo
    ? rng.int(10, 150) * 100
    : Math.max(1, Math.round((Math.max(age, 0.6) * perYear) / 100)) * 100;
  const price = priceFor(rng, model, age, mileage, demo);
  const colour = rng.weighted(COLOUR_WEIGHTS);
  const dealer = rng.weighted(dealers);
  const created = new Date(REFERENCE_DATE.getTime() - rng.int(60, 90 * 24 * 60) * 60_000);
  const intro = `${year} ${make.make} ${model.model} ${variant} in ${colour.toLowerCase()} with ${groupThousands(mileage)} km.`;
  const extra = demo
    ? 'Ex-demo with the balance of the factory warranty and service plan.'
    : rng.pick(EXTRAS);
  return {
    id,
    stock_number: `U${id}`, // as migration 008 numbers cars that predate stock numbers
    vin: demoVin(id, make.make, model.model, year),
    dealer_slug: dealer,
    make: make.make,
    make_slug: slugify(make.make),
    model: model.model,
    model_slug: slugify(model.model),
    variant,
    body_type: model.body,
    year,
    mileage,
    price,
    installment: monthlyInstalment({ price }), // FINANCE_DEFAULTS: no deposit, 40% balloon, 12%, 72 months
    transmission,
    fuel_type: fuel,
    exterior_color: colour,
    state_of_vehicle: demo ? 'Demo' : 'Used',
    images: JSON.stringify(USED_VIEWS.map((v) => usedPoolFile(model.art ?? model.body, colour, v))),
    description: `${intro} ${extra}`,
    status: 'available',
    created_at: created.toISOString(),
  };
}

/** The fixed record tests use: a 2022 Forester 2.5i-S ES in Sapphire Blue at West Rand. */
function showcase(): Insertable<VehiclesTable> {
  const price = SHOWCASE_PRICE;
  return {
    id: SHOWCASE_VEHICLE_ID,
    stock_number: `U${SHOWCASE_VEHICLE_ID}`,
    vin: SHOWCASE_VIN,
    dealer_slug: DEFAULT_DEALER_SLUG,
    make: 'Subaru',
    make_slug: 'subaru',
    model: 'Forester',
    model_slug: 'forester',
    variant: '2.5i-S ES',
    body_type: 'suv',
    year: 2022,
    mileage: 45_200,
    price,
    installment: monthlyInstalment({ price }), // FINANCE_DEFAULTS: no deposit, 40% balloon, 12%, 72 months
    transmission: 'Automatic',
    fuel_type: 'Petrol',
    exterior_color: 'Blue',
    state_of_vehicle: 'Used',
    images: JSON.stringify(USED_VIEWS.map((v) => usedPoolFile('suv', 'Blue', v))),
    description:
      'Sapphire Blue Pearl 2022 Subaru Forester 2.5i-S ES with 45 200 km and a full Subaru service history. EyeSight, leather, sunroof and the balance of the service plan.',
    status: 'available',
    created_at: '2026-10-20T08:30:00.000Z',
  };
}

/**
 * The demo stock (ids 1..VEHICLE_COUNT, then MPV_COUNT people carriers, then the showcase car), or `count`
 * cars spread over `dealerSlugs` for scale data (the same share of MPVs); the same output on every call.
 * Extra dealers get an average dealer's share; the five demo ones keep their weights.
 */
export function buildVehicles(
  opts: { count?: number; dealerSlugs?: readonly string[] } = {},
): Insertable<VehiclesTable>[] {
  const rng = createRng(SEED);
  const drawn = Math.max(1, (opts.count ?? VEHICLE_COUNT + MPV_COUNT + 1) - 1);
  // One car in 36 is a people carrier: 12 of the demo's 432 drawn cars.
  const mpvs = Math.round(drawn / 36);
  const count = Math.max(1, drawn - mpvs);
  const slugs = opts.dealerSlugs ?? DEALER_WEIGHTS.map(([slug]) => slug);
  const known = new Set(DEALER_WEIGHTS.map(([slug]) => slug));
  // The demo dealers first, in their order, so the demo data stays the same draw for draw.
  const dealers = [
    ...DEALER_WEIGHTS.filter(([slug]) => slugs.includes(slug)),
    ...slugs.filter((slug) => !known.has(slug)).map((slug) => [slug, 20] as const),
  ];
  const cars = Array.from({ length: count }, (_, i) => makeVehicle(rng, i + 1, dealers));
  // A few recently sold cars, so the "this car has been sold" page has something to show.
  for (const index of rng.shuffle(cars.map((_, i) => i)).slice(0, 8)) {
    const car = cars[index];
    if (car) car.status = 'sold';
  }
  // Drawn after the rest with their own generator, so the cars above are the same with or without them.
  const mpvRng = createRng(MPV_SEED);
  const people = Array.from({ length: mpvs }, (_, i) =>
    makeVehicle(mpvRng, count + i + 1, dealers, MPV_CATALOGUE),
  );
  return [...cars, ...people, showcase()];
}

/** Pool images the given cars reference (deduplicated): the model's shape, painted in the listed colour. */
export function vehicleImages(cars: readonly Insertable<VehiclesTable>[]): ImageJob[] {
  const jobs = new Map<string, ImageJob>();
  for (const car of cars) {
    const hex = USED_COLOURS.find((c) => c.name === car.exterior_color)?.hex ?? '#888888';
    const shape = silhouetteOf(car.make, car.model, car.body_type as BodyType);
    for (const view of USED_VIEWS) {
      const file = usedPoolFile(shape, car.exterior_color, view);
      jobs.set(file, { kind: 'used', file, art: { type: 'car', body: shape, color: hex, view } });
    }
  }
  return [...jobs.values()];
}
