import { describe, expect, it } from 'vitest';
import { hoursRows } from './opening-hours.ts';

describe('opening hours for people', () => {
  it('joins days of equal hours and says which are closed', () => {
    const weekday = (day: 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri') => ({
      day,
      opens: '07:30',
      closes: '17:00',
    });
    expect(
      hoursRows([
        weekday('Mon'),
        weekday('Tue'),
        weekday('Wed'),
        weekday('Thu'),
        { day: 'Fri', opens: '07:30', closes: '16:00' },
        { day: 'Sat', opens: '08:00', closes: '12:00' },
      ]),
    ).toEqual([
      { label: 'Monday – Thursday', hours: '07:30 – 17:00' },
      { label: 'Friday', hours: '07:30 – 16:00' },
      { label: 'Saturday', hours: '08:00 – 12:00' },
      { label: 'Sunday', hours: 'Closed' },
    ]);
  });
  it("uses the group's hours when the dealership has none, public holidays included", () => {
    expect(hoursRows([])).toEqual([
      { label: 'Monday – Friday', hours: '08:00 – 17:00' },
      { label: 'Saturday', hours: '08:00 – 13:00' },
      { label: 'Sunday', hours: 'Closed' },
      { label: 'Public holidays', hours: '08:00 – 13:00' },
    ]);
  });
  it('lists split days in time order', () => {
    expect(
      hoursRows([
        { day: 'Sat', opens: '14:00', closes: '16:00' },
        { day: 'Sat', opens: '08:00', closes: '12:00' },
      ])[0],
    ).toEqual({ label: 'Monday – Friday', hours: 'Closed' });
    expect(
      hoursRows([
        { day: 'Sat', opens: '14:00', closes: '16:00' },
        { day: 'Sat', opens: '08:00', closes: '12:00' },
      ])[1],
    ).toEqual({
      label: 'Saturday',
      hours: '08:00 – 12:00, 14:00 – 16:00',
    });
  });
});
