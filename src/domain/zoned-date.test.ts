import { describe, expect, it } from 'vitest';
import { dayIn, endOfDay, isCalendarDay, startOfDay } from './zoned-date.ts';

describe('calendar days in a time zone', () => {
  it('starts a Johannesburg day two hours before UTC midnight', () => {
    expect(startOfDay('2026-11-25', 'Africa/Johannesburg').toISOString()).toBe('2026-11-24T22:00:00.000Z');
    expect(endOfDay('2026-11-25', 'Africa/Johannesburg').toISOString()).toBe('2026-11-25T22:00:00.000Z');
    expect(endOfDay('2026-12-31', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('follows daylight saving time where a zone has it', () => {
    // London: GMT in January, BST (UTC+1) in July.
    expect(startOfDay('2026-01-15', 'Europe/London').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(startOfDay('2026-07-15', 'Europe/London').toISOString()).toBe('2026-07-14T23:00:00.000Z');
  });

  it("names the zone's day of an instant", () => {
    expect(dayIn(new Date('2026-11-25T22:30:00Z'), 'Africa/Johannesburg')).toBe('2026-11-26');
    expect(dayIn(new Date('2026-11-25T21:30:00Z'), 'Africa/Johannesburg')).toBe('2026-11-25');
  });

  it('tells real calendar days from look-alikes', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('26-02-01')).toBe(false);
  });
});
