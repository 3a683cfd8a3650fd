import { describe, expect, it } from 'vitest';
import { affordablePrice, financeSummary, monthlyInstalment } from './finance.ts';

describe('finance maths (DESIGN §5)', () => {
  it('matches the test vector: R500 000, no deposit, 40% balloon, 12%, 72 months → R7 865,06', () => {
    expect(monthlyInstalment({ price: 500_000 })).toBe(7865.06);
  });

  it('discloses instalments, their total, the rate and the balloon', () => {
    const s = financeSummary({ price: 500_000 });
    expect(s).toMatchObject({ instalments: 72, balloon: 200_000, interestRate: 12, principal: 500_000 });
    expect(s.totalOfInstalments).toBeCloseTo(7865.06 * 72, 2);
    expect(s.totalRepayable).toBeCloseTo(7865.06 * 72 + 200_000, 2);
  });

  it('lowers the instalment when a deposit is paid and handles a zero rate', () => {
    expect(monthlyInstalment({ price: 500_000, deposit: 50_000 })).toBeLessThan(7865.06);
    expect(monthlyInstalment({ price: 120_000, interestRate: 0, balloonPercent: 0, termMonths: 12 })).toBe(
      10_000,
    );
  });

  it('never answers a negative or non-finite instalment for odd input', () => {
    expect(monthlyInstalment({ price: 100_000, deposit: 200_000 })).toBe(0);
    expect(monthlyInstalment({ price: Number.NaN })).toBe(0);
  });
});

describe('affordablePrice', () => {
  it('is the highest rounded price whose default instalment fits the budget', () => {
    for (const budget of [2_000, 3_000, 5_000, 8_000, 15_000]) {
      const price = affordablePrice(budget);
      expect(price % 5_000).toBe(0);
      expect(monthlyInstalment({ price })).toBeLessThanOrEqual(budget);
      expect(monthlyInstalment({ price: price + 5_000 })).toBeGreaterThan(budget);
    }
  });
  it('is 0 for a budget of nothing', () => {
    expect(affordablePrice(0)).toBe(0);
    expect(affordablePrice(Number.NaN)).toBe(0);
  });
});
