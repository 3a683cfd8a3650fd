import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('shows an instant on the Johannesburg clock as DD.MM.YYYY HH:mm', () => {
    expect(formatDateTime('2026-11-25T22:30:00Z')).toBe('26.11.2026 00:30');
    expect(formatDateTime(new Date('2026-01-05T07:04:59Z'))).toBe('05.01.2026 09:04');
  });
  it('leaves nothing as nothing and an unreadable value as it was', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as written, and an instant as its day in Johannesburg', () => {
    expect(formatDate('2026-12-31')).toBe('31.12.2026');
    expect(formatDate('2026-11-25T22:30:00Z')).toBe('26.11.2026');
  });
  it('leaves nothing as nothing', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
  });
});
