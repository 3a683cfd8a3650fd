import { describe, expect, it } from 'vitest';
import { checkSaIdNumber, luhnValid, maskSaIdNumber } from './sa-id.ts';

// Fixtures computed once with luhnCheckDigit and checked by hand against the Luhn rule.
const TODAY = new Date('2026-11-20T10:00:00Z');

describe('South African ID numbers', () => {
  it.each([
    ['8001015009087', '1980-01-01', 'male', true],
    ['0002295009084', '2000-02-29', 'male', true], // 2000 was a leap year
    ['8512310123084', '1985-12-31', 'female', true],
    ['7506158001189', '1975-06-15', 'male', false], // permanent resident (citizenship digit 1)
  ] as const)('accepts %s (born %s)', (id, dob, gender, citizen) => {
    expect(checkSaIdNumber(id, TODAY)).toMatchObject({ ok: true, dateOfBirth: dob, gender, citizen });
  });

  it('accepts an applicant on their 18th birthday and refuses one a day younger', () => {
    expect(checkSaIdNumber('0811205009087', TODAY)).toMatchObject({ ok: true, age: 18 });
    expect(checkSaIdNumber('0811215009085', TODAY)).toEqual({ ok: false, reason: 'minor' });
    expect(checkSaIdNumber('1001015009084', TODAY)).toEqual({ ok: false, reason: 'minor' });
  });

  it.each([
    ['800101500908', 'format'], // 12 digits
    ['80010150090877', 'format'], // 14 digits
    ['80010150090A7', 'format'],
    ['8001015009384', 'format'], // citizenship digit 3
    ['9002290123089', 'date'], // 29 February 1990 does not exist
    ['8013015009082', 'date'], // month 13
    ['8001015009088', 'checksum'],
    ['8001015009070', 'checksum'],
  ])('refuses %s (%s)', (id, reason) => {
    expect(checkSaIdNumber(id, TODAY)).toEqual({ ok: false, reason });
  });

  it('ignores spaces people type between groups', () => {
    expect(checkSaIdNumber('800101 5009 087', TODAY).ok).toBe(true);
  });

  it('runs the Luhn rule over all 13 digits', () => {
    expect(luhnValid('8001015009087')).toBe(true);
    expect(luhnValid('8001015009086')).toBe(false);
  });

  it('masks all but the last three digits', () => {
    expect(maskSaIdNumber('8001015009087')).toBe('**********087');
  });
});
