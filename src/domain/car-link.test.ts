import { describe, expect, it } from 'vitest';
import { carLinkQuery, parseCarLink } from './car-link.ts';

describe('car links (vehicle page → finance wizard, test drive)', () => {
  it('round-trips the agreed query names', () => {
    const car = {
      vehicle: 100001,
      stock: 'WR-0042',
      make: 'Subaru',
      model: 'Forester',
      year: 2021,
      price: 389900,
      used: true,
      dealer: 'motus-subaru-durban',
    };
    const q = carLinkQuery(car);
    expect(q).toBe(
      '?vehicle=100001&stock=WR-0042&make=Subaru&model=Forester&year=2021&price=389900&used=true&dealer=motus-subaru-durban',
    );
    expect(parseCarLink(q)).toEqual(car);
  });

  it('drops what is not usable instead of guessing', () => {
    expect(parseCarLink('?vehicle=abc&year=19999&price=R1+000&make=%20%20&used=no&model=Outback')).toEqual({
      model: 'Outback',
      used: false,
    });
    expect(parseCarLink('')).toEqual({});
    expect(parseCarLink('?dealer=Not%20A%20Slug')).toEqual({});
  });
});
