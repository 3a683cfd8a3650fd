import { describe, expect, it } from 'vitest';
import { easterSunday, saPublicHoliday, saPublicHolidays } from './sa-holidays.ts';

describe('South African public holidays', () => {
  it('finds Easter Sunday for known years', () => {
    const iso = (y: number) => easterSunday(y).toISOString().slice(0, 10);
    expect(iso(2024)).toBe('2024-03-31');
    expect(iso(2025)).toBe('2025-04-20');
    expect(iso(2026)).toBe('2026-04-05');
    expect(iso(2027)).toBe('2027-03-28');
    expect(iso(2038)).toBe('2038-04-25');
  });

  it('lists 2026 as gazetted: Good Friday, Family Day, and Monday after the Sunday holidays', () => {
    expect(saPublicHolidays(2026)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-03-21', name: 'Human Rights Day' },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Family Day' },
      { date: '2026-04-27', name: 'Freedom Day' },
      { date: '2026-05-01', name: "Workers' Day" },
      { date: '2026-06-16', name: 'Youth Day' },
      { date: '2026-08-09', name: "National Women's Day" },
      { date: '2026-08-10', name: "National Women's Day (observed)" },
      { date: '2026-09-24', name: 'Heritage Day' },
      { date: '2026-12-16', name: 'Day of Reconciliation' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-26', name: 'Day of Goodwill' },
    ]);
  });

  it('moves a Sunday holiday to the Monday (Freedom Day 2025, Human Rights Day 2027)', () => {
    expect(saPublicHoliday('2025-04-28')?.name).toBe('Freedom Day (observed)');
    expect(saPublicHoliday('2027-03-22')?.name).toBe('Human Rights Day (observed)');
    expect(saPublicHoliday('2027-03-26')?.name).toBe('Good Friday');
    expect(saPublicHoliday('2027-03-29')?.name).toBe('Family Day');
    expect(saPublicHoliday('2026-03-23')).toBeUndefined();
  });

  it('moves Christmas on a Sunday to the Tuesday, Monday being Day of Goodwill (as declared in 2022)', () => {
    const dec = saPublicHolidays(2022).filter((h) => h.date >= '2022-12-25');
    expect(dec).toEqual([
      { date: '2022-12-25', name: 'Christmas Day' },
      { date: '2022-12-26', name: 'Day of Goodwill' },
      { date: '2022-12-27', name: 'Christmas Day (observed)' },
    ]);
  });
});
