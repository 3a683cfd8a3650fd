/** What a date field shows for the values a form can hold (DateInput.tsx). */
import { describe, expect, it } from 'vitest';
import { toDateText } from './date-text.ts';

describe('toDateText', () => {
  it('keeps a bare day as it is, whatever the time zone', () => {
    expect(toDateText('2030-01-31')).toBe('2030-01-31');
  });

  it('gives a Date, a timestamp or a longer date string as its day in the browser’s time zone', () => {
    const late = new Date(2030, 0, 31, 23, 30);
    expect(toDateText(late)).toBe('2030-01-31');
    expect(toDateText(late.getTime())).toBe('2030-01-31');
    expect(toDateText('2030-02-01T00:15:00')).toBe('2030-02-01');
  });

  it('shows nothing for no value, and an empty field for one that is no date', () => {
    expect(toDateText(null)).toBeNull();
    expect(toDateText(undefined)).toBeNull();
    expect(toDateText('')).toBeNull();
    expect(toDateText('not a date')).toBe('');
  });
});
