import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatDate,
  formatMileage,
  formatMoney,
  formatPrice,
  kwToHp,
  rewriteMotus,
  stripBrand,
} from './format.ts';

// en-ZA uses narrow no-break spaces as group separators; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formats', () => {
  it('formats money in ZAR the en-ZA way', () => {
    expect(plain(formatMoney(7865.06))).toBe('R 7 865,06');
    expect(plain(formatPrice(489_900))).toBe('R 489 900');
  });
  it('formats dates as DD.MM.YYYY without a time-zone shift', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('31.12.2026');
  });
  it('formats mileage in km and converts kW to hp with 1.34102', () => {
    expect(plain(formatMileage(45_200))).toBe('45 200 km');
    expect(kwToHp(136)).toBe(182);
  });
  it('strips the brand from a dealer name and rewrites "{Brand} Motus"', () => {
    expect(stripBrand('Subaru West Rand', 'Subaru')).toBe('West Rand');
    expect(rewriteMotus('Subaru Motus Forester deal', 'Subaru')).toBe('Motus Subaru Forester deal');
  });
  it('counts with the noun in the right number', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(countOf(3, 'car')).toBe('3 cars');
    expect(countOf(2, 'address', 'addresses')).toBe('2 addresses');
  });
});
