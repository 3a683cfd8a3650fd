import { describe, expect, it } from 'vitest';
import { bookingDateProblem, bookingTimeProblem, firstBookableDate, saNow, timeSlots } from './booking.ts';

// Tuesday 1 December 2026, 09:10 in South Africa (07:10 UTC).
const now = new Date('2026-12-01T07:10:00Z');

describe('booking dates', () => {
  it('reads today in South African time, not UTC', () => {
    expect(saNow(new Date('2026-11-30T23:30:00Z'))).toEqual({ date: '2026-12-01', time: '01:30' });
  });

  it.each([
    ['2026-12-01', null],
    ['2026-11-30', 'Date cannot be in the past'],
    ['2027-01-30', null],
    ['2027-01-31', 'Date must be within 60 days from today'],
    ['2027-02-01', 'Date must be within 60 days from today'],
    ['2026-12-06', 'We are closed on Sundays; please choose another day'],
    ['2026-12-16', 'Day of Reconciliation is a public holiday; please choose another day'],
    ['2026-12-25', 'Christmas Day is a public holiday; please choose another day'],
    ['2026-12-26', 'Day of Goodwill is a public holiday; please choose another day'],
    ['2027-01-01', "New Year's Day is a public holiday; please choose another day"],
    ['2026-02-30', 'Date must be a real date'],
    ['1 Dec', 'Date must be a real date'],
  ])('%s → %s', (date, problem) => {
    expect(bookingDateProblem(date, now)).toBe(problem);
  });

  it('offers half-hour slots within opening hours, the last an hour before closing', () => {
    expect(timeSlots('2026-12-02', now)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect(timeSlots('2026-12-05', now)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
    expect(timeSlots('2026-12-06', now)).toEqual([]);
    // Later today: only the slots still ahead.
    expect(timeSlots('2026-12-01', now)[0]).toBe('09:30');
  });

  it('names the day’s range when a time is outside it', () => {
    expect(bookingTimeProblem('2026-12-05', '12:00', now)).toBeNull();
    expect(bookingTimeProblem('2026-12-05', '14:00', now)).toBe('Please choose a time from 08:00 to 12:00');
    expect(bookingTimeProblem('2026-12-02', '07:00', now)).toBe('Please choose a time from 08:00 to 16:00');
    expect(bookingTimeProblem('2026-12-02', '8am', now)).toBe('Time must be a time such as 09:30');
    expect(bookingTimeProblem('2026-12-01', '09:00', now)).toBe('Please choose a time from 09:30 to 16:00');
  });

  it('finds the next bookable day, skipping Sundays and holidays', () => {
    expect(firstBookableDate(new Date('2026-12-15T10:00:00Z'))).toBe('2026-12-17');
    expect(firstBookableDate(new Date('2026-12-05T10:00:00Z'))).toBe('2026-12-07');
  });
});
