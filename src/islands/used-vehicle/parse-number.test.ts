import { describe, expect, it } from 'vitest';
import { parseNumber } from './parse-number.ts';

describe('calculator number parsing', () => {
  it('reads plain and South African formatted numbers', () => {
    expect(parseNumber('489900')).toBe(489900);
    expect(parseNumber('R 489 900')).toBe(489900);
    expect(parseNumber('489,900')).toBe(489900);
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber('12.5%')).toBe(12.5);
    expect(parseNumber('1\u00a0000,50')).toBe(1000.5);
  });
  it('returns null for text that is not a number', () => {
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('12a')).toBeNull();
    expect(parseNumber('1.2.3')).toBeNull();
  });
});
