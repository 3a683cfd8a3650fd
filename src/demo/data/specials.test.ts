import { describe, expect, it } from 'vitest';
import { buildSpecials, stillRunning } from './specials.ts';

describe('demo offers stay current', () => {
  it('keeps an end date that is far enough ahead', () => {
    expect(stillRunning('2027-01-31', new Date('2026-11-27T10:00:00Z'))).toBe('2027-01-31');
  });

  it('moves an end date on by whole years until it is 45 days past the seed day', () => {
    expect(stillRunning('2026-12-15', new Date('2026-11-27T10:00:00Z'))).toBe('2027-12-15');
    expect(stillRunning('2026-12-31', new Date('2029-03-01T10:00:00Z'))).toBe('2029-12-31');
  });

  it('seeds no offer that has already ended, whenever the demo is seeded', () => {
    const today = new Date('2031-06-30T12:00:00Z');
    const ends = buildSpecials(['motus-subaru-west-rand'], today).map((s) => String(s.valid_until));
    expect(ends.length).toBeGreaterThanOrEqual(10);
    for (const end of ends) expect(end >= '2031-08-14').toBe(true);
  });
});
