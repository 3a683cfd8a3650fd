import { describe, expect, it } from 'vitest';
import {
  boundariesOf,
  crossedBoundary,
  dayAfter,
  isLiveOn,
  statusLabel,
  statusOn,
  todayIn,
} from './content-window.ts';

describe('isLiveOn', () => {
  const special = { valid_until: '2026-11-30' };
  it('shows a special on its valid_until day and not the day after', () => {
    expect(isLiveOn(special, '2026-11-29')).toBe(true);
    expect(isLiveOn(special, '2026-11-30')).toBe(true);
    expect(isLiveOn(special, '2026-12-01')).toBe(false);
  });
  it('holds a scheduled post back until its publish_from day', () => {
    const post = { publish_from: '2026-12-03' };
    expect(isLiveOn(post, '2026-12-02')).toBe(false);
    expect(isLiveOn(post, '2026-12-03')).toBe(true);
    expect(isLiveOn({ publish_from: null }, '2000-01-01')).toBe(true);
    expect(isLiveOn({ publish_from: '' }, '2000-01-01')).toBe(true);
  });
});

describe('todayIn', () => {
  it('is the Johannesburg calendar day, two hours ahead of UTC', () => {
    expect(todayIn(new Date('2026-11-30T21:59:59Z'))).toBe('2026-11-30');
    expect(todayIn(new Date('2026-11-30T22:00:00Z'))).toBe('2026-12-01');
  });
  it('dayAfter crosses months and years', () => {
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
  });
});

describe('statusOn', () => {
  it('reads as the admin shows it', () => {
    expect(statusLabel(statusOn({ publish_from: '2026-12-03' }, '2026-11-27'))).toBe(
      'Scheduled from 3 Dec 2026',
    );
    expect(statusLabel(statusOn({ valid_until: '2026-11-30' }, '2026-12-01'))).toBe('Expired 30 Nov 2026');
    expect(statusLabel(statusOn({ valid_until: '2026-11-30' }, '2026-11-30'))).toBe('Live');
  });
});

describe('boundaries', () => {
  it('a special leaves at Johannesburg midnight after valid_until (22:00 UTC)', () => {
    expect(boundariesOf({ valid_until: '2026-11-30' }).map((d) => d.toISOString())).toEqual([
      '2026-11-30T22:00:00.000Z',
    ]);
  });
  it('counts a boundary once between a build and now', () => {
    const items = [{ valid_until: '2026-11-30' }, { publish_from: '2026-12-05' }];
    const built = new Date('2026-11-30T10:00:00Z');
    expect(crossedBoundary(items, built, new Date('2026-11-30T21:59:00Z'))).toBe(false);
    expect(crossedBoundary(items, built, new Date('2026-11-30T22:05:00Z'))).toBe(true);
    expect(crossedBoundary(items, new Date('2026-11-30T22:06:00Z'), new Date('2026-12-01T22:05:00Z'))).toBe(
      false,
    );
  });
});
