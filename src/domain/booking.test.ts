import { describe, expect, it } from 'vitest';
import {
  bookingDateProblem,
  bookingDayProblem,
  bookingTimeProblem,
  firstBookableDate,
  saNow,
  timeSlots,
} from './booking.ts';
import { GROUP_PERIODS, type OpeningPeriod, parseOpeningHours } from './opening-hours.ts';

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

describe("a dealership's own hours", () => {
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
  // Opens at 07:30 on weekdays, closes for lunch on Wednesdays, is closed on Saturdays.
  const own: OpeningPeriod[] = [
    ...weekdays
      .filter((day) => day !== 'Wed')
      .map((day) => ({ day, opens: '07:30', closes: '16:30' }) as OpeningPeriod),
    { day: 'Wed', opens: '08:00', closes: '12:00' },
    { day: 'Wed', opens: '13:00', closes: '17:00' },
    { day: 'Public holidays', opens: '09:00', closes: '12:00' },
  ];

  it('offers its slots, not the group’s', () => {
    const thursday = timeSlots('2026-12-03', now, own);
    expect(thursday[0]).toBe('07:30');
    expect(thursday.at(-1)).toBe('15:30');
    expect(bookingTimeProblem('2026-12-03', '07:30', now, own)).toBeNull();
    expect(bookingTimeProblem('2026-12-03', '16:00', now, own)).toBe(
      'Please choose a time from 07:30 to 15:30',
    );
    // The group's hours would refuse 07:30 and take 16:00.
    expect(bookingTimeProblem('2026-12-03', '07:30', now)).toBe('Please choose a time from 08:00 to 16:00');
    expect(bookingTimeProblem('2026-12-03', '16:00', now)).toBeNull();
  });

  it('joins the periods of a day, leaving out the break', () => {
    const wednesday = timeSlots('2026-12-02', now, own);
    expect(wednesday).toContain('11:00');
    expect(wednesday).not.toContain('11:30');
    expect(wednesday).not.toContain('12:30');
    expect(wednesday).toContain('13:00');
    expect(wednesday.at(-1)).toBe('16:00');
  });

  it('refuses a day it is closed, in the API’s words, but not at another dealership', () => {
    expect(bookingDateProblem('2026-12-05', now, own)).toBe(
      'This dealership is closed on Saturdays; please choose another day',
    );
    expect(timeSlots('2026-12-05', now, own)).toEqual([]);
    expect(bookingDateProblem('2026-12-05', now, GROUP_PERIODS)).toBeNull();
    expect(bookingDateProblem('2026-12-05', now, [])).toBeNull();
    // The calendar rules hold whatever the hours.
    expect(bookingDayProblem('2026-12-05', now)).toBeNull();
    expect(bookingDateProblem('2026-12-06', now, [{ day: 'Sun', opens: '09:00', closes: '13:00' }])).toBe(
      'We are closed on Sundays; please choose another day',
    );
    // Open on public holidays is not a reason to book on one.
    expect(bookingDateProblem('2026-12-16', now, own)).toBe(
      'Day of Reconciliation is a public holiday; please choose another day',
    );
  });

  it('refuses a day whose hours are too short for a booking as closed', () => {
    const short: OpeningPeriod[] = [{ day: 'Sat', opens: '08:00', closes: '08:45' }];
    expect(bookingDateProblem('2026-12-05', now, short)).toBe(
      'This dealership is closed on Saturdays; please choose another day',
    );
  });

  it('keeps the group’s hours when it has none, and reads stored hours leniently', () => {
    expect(timeSlots('2026-12-02', now, [])).toEqual(timeSlots('2026-12-02', now, GROUP_PERIODS));
    expect(parseOpeningHours('not json')).toEqual([]);
    expect(parseOpeningHours('{"day":"Mon"}')).toEqual([]);
    expect(
      parseOpeningHours(
        JSON.stringify([
          { day: 'Mon', opens: '07:30', closes: '16:30', note: 'x' },
          { day: 'Mon', opens: 'eight', closes: '17:00' },
          { day: 'Someday', opens: '08:00', closes: '17:00' },
        ]),
      ),
    ).toEqual([{ day: 'Mon', opens: '07:30', closes: '16:30' }]);
  });

  it('finds the first day the dealership takes bookings', () => {
    // Friday 4 December, 17:00: Saturday is closed there, Sunday always.
    const friday = new Date('2026-12-04T15:00:00Z');
    expect(firstBookableDate(friday, 1, own)).toBe('2026-12-07');
    expect(firstBookableDate(friday, 1)).toBe('2026-12-05');
  });
});
