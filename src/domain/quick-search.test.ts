import { describe, expect, it } from 'vitest';
import { monthlyInstalment } from './finance.ts';
import { budgetChoices } from './quick-search.ts';

describe('budgetChoices', () => {
  it('offers the steps between the cheapest and the dearest instalment, each with the price it buys', () => {
    const choices = budgetChoices({ min: 2_500, max: 7_000 });
    expect(choices.map((c) => c.value)).toEqual([3_000, 4_000, 5_000, 6_000, 8_000]);
    for (const c of choices) {
      const price = Number(c.label.replace(/^.*about R\s?/, '').replace(/\D/g, ''));
      expect(monthlyInstalment({ price })).toBeLessThanOrEqual(c.value);
      expect(c.label).toMatch(/^Up to R\s?\d/);
    }
  });
  it('offers nothing when no car is in stock', () => {
    expect(budgetChoices({ min: null, max: null })).toEqual([]);
  });
  it('keeps every step above the cheapest when the dearest is beyond them all', () => {
    expect(budgetChoices({ min: 9_000, max: 90_000 }).map((c) => c.value)).toEqual([10_000, 15_000]);
  });
});
