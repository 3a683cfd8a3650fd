/**
 * The check digit of a vehicle identification number (ISO 3779, position 9, as North America requires
 * and most makers write everywhere): each character's value (digits as themselves, letters by the
 * standard transliteration; I, O and Q never occur) times its position's weight, summed modulo 11, with
 * 10 written as X.
 */
const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit of a 17-character VIN of the ISO 3779 alphabet (its own position 9 is ignored). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i] ?? '0';
    sum += (/\d/.test(c) ? Number(c) : (VALUES[c] ?? 0)) * (WEIGHTS[i] ?? 0);
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** Model-year codes (position 10) from 2001, in their 30-year cycle: 1–9, then A–Y without I, O, Q, U, Z. */
const YEAR_CODES = '123456789ABCDEFGHJKLMNPRSTVWXY';

export function vinYearCode(year: number): string {
  return YEAR_CODES[(((year - 2001) % 30) + 30) % 30] as string;
}
