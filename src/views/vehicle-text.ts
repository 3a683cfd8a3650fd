/** Small text helpers for vehicle pages. */
import type { Variant } from '../contract/index.ts';
import { kwToHp } from '../domain/format.ts';

/** "6-speed manual"; a type that already names its speeds ("6-speed manual", "Single-speed …") stands alone. */
export const transmissionText = (v: Pick<Variant, 'transmission' | 'transmission_type'>): string =>
  v.transmission > 0 && !/speed/i.test(v.transmission_type)
    ? `${v.transmission}-speed ${v.transmission_type}`
    : v.transmission_type;

export const powerText = (kw: number): string => `${kw} kW (${kwToHp(kw)} hp)`;

const BODY_NAMES: Record<string, string> = {
  suv: 'SUV',
  hatch: 'Hatchback',
  sedan: 'Sedan',
  wagon: 'Wagon',
  coupe: 'Coupé',
  bakkie: 'Bakkie',
};

export const bodyText = (body: string): string =>
  BODY_NAMES[body.toLowerCase()] ?? body.charAt(0).toUpperCase() + body.slice(1);
