import { describe, expect, it } from 'vitest';
import { isSlug, SLUG_MAX_LENGTH, slugify } from './slug.ts';

describe('slugs', () => {
  it('slugifies names into URL-safe slugs', () => {
    expect(slugify('Mercedes-Benz C-Class')).toBe('mercedes-benz-c-class');
    expect(slugify('2.5i Sport ES')).toBe('2-5i-sport-es');
    expect(slugify('  Crosstrek — Édition  ')).toBe('crosstrek-edition');
  });
  it('accepts lower-case runs joined by single hyphens, up to the maximum length', () => {
    expect(isSlug('outback-2-5i-sport')).toBe(true);
    expect(isSlug('a'.repeat(SLUG_MAX_LENGTH))).toBe(true);
    for (const bad of ['', 'Outback', 'out--back', '-outback', 'outback-', 'out back', 'a'.repeat(81)])
      expect(isSlug(bad), bad).toBe(false);
  });
});
