import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  changeSearch,
  EMPTY_SEARCH,
  listingHeading,
  pageCount,
  pageWindow,
  parseSearch,
  searchUrl,
  toggleFilter,
} from './used-search.ts';

const BASE = '/pre-owned';

describe('used search URL state', () => {
  it('reads make and model from the path and the rest from the query', () => {
    const s = parseSearch(
      '/pre-owned/toyota/hilux',
      '?fuelType=Diesel&transmissionType=manual&sortBy=price,asc&page=3',
      BASE,
    );
    expect(s).toEqual({
      ...EMPTY_SEARCH,
      make: 'toyota',
      model: 'hilux',
      page: 3,
      sort: 'price,asc',
      fuelType: ['Diesel'],
      transmissionType: ['Manual'],
    });
  });

  it('ignores unknown values instead of failing a shared URL', () => {
    const s = parseSearch('/pre-owned', '?fuelType=Steam&sortBy=colour,asc&page=-2&vehicle_state=Any', BASE);
    expect(s).toEqual(EMPTY_SEARCH);
  });

  it('round-trips through the URL, under a dealer prefix too', () => {
    const base = '/dealer/west-rand/pre-owned';
    const s = {
      ...EMPTY_SEARCH,
      make: 'subaru',
      page: 2,
      sort: 'mileage,desc' as const,
      fuelType: ['Petrol', 'Hybrid'],
    };
    const url = searchUrl(s, base);
    expect(url).toBe(
      '/dealer/west-rand/pre-owned/subaru?fuelType=Petrol&fuelType=Hybrid&sortBy=mileage,desc&page=2',
    );
    const u = new URL(url, 'http://x');
    expect(parseSearch(u.pathname, u.search, base)).toEqual(s);
    expect(searchUrl(EMPTY_SEARCH, BASE)).toBe('/pre-owned');
  });

  it('builds the SPEC §7 API query', () => {
    const q = apiQuery({
      ...EMPTY_SEARCH,
      make: 'bmw',
      page: 4,
      sort: 'price,desc',
      vehicle_state: ['Demo'],
    });
    expect(q).toMatchObject({
      page: 4,
      make_slug: 'bmw',
      order: [{ field: 'price', direction: 'desc' }],
      vehicle_state: ['Demo'],
    });
  });
});

describe('used search rules (SPEC §4)', () => {
  it("'Any' is exclusive and unchecking the last value returns to Any", () => {
    expect(toggleFilter(['Diesel'], null, true)).toEqual([]);
    expect(toggleFilter([], 'Diesel', true)).toEqual(['Diesel']);
    expect(toggleFilter(['Diesel'], 'Diesel', false)).toEqual([]);
  });

  it('a filter or sort change returns to page 1; a new make clears the model', () => {
    const s = { ...EMPTY_SEARCH, make: 'toyota', model: 'hilux', page: 5 };
    expect(changeSearch(s, { sort: 'price,asc' })).toMatchObject({ page: 1, model: 'hilux' });
    expect(changeSearch(s, { make: 'ford' })).toMatchObject({ make: 'ford', model: null, page: 1 });
    expect(changeSearch(s, { fuelType: ['Hybrid', 'Petrol'] }).fuelType).toEqual(['Petrol', 'Hybrid']);
  });

  it('counts pages with ceil, so the last partial page is reachable', () => {
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(0, 12)).toBe(1);
    expect(pageWindow(1, 35)).toEqual([1, 2, null, 35]);
    expect(pageWindow(5, 35)).toEqual([1, null, 4, 5, 6, null, 35]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes the heading', () => {
    expect(listingHeading(null, null)).toBe('Used Cars For Sale');
    expect(listingHeading('Toyota', 'Hilux')).toBe('Used Toyota Hilux For Sale');
  });

  it('keeps the filters beyond SPEC §7 in the URL and sends them to the API', () => {
    const qs =
      '?price[gte]=100000&price[lte]=300000&instalment[lte]=5000&year[gte]=2020&mileage[lte]=80000&body_type[]=suv&province[]=Gauteng&dealer[]=motus-subaru-durban&colour[]=White&q=forester';
    const s = parseSearch('/pre-owned', qs, BASE);
    expect(s.range).toEqual({
      price: { gte: 100000, lte: 300000 },
      instalment: { lte: 5000 },
      year: { gte: 2020 },
      mileage: { lte: 80000 },
    });
    expect(s).toMatchObject({
      body_type: ['suv'],
      province: ['Gauteng'],
      dealers: ['motus-subaru-durban'],
      colour: ['White'],
      q: 'forester',
    });
    const url = searchUrl(s, BASE);
    expect(url).toContain('instalment[lte]=5000');
    const back = parseSearch('/pre-owned', url.slice(url.indexOf('?')), BASE);
    expect(back).toEqual(s);
    expect(apiQuery(s)).toMatchObject({ range: s.range, words: ['forester'] });
  });

  it('drops only the bad one of several new filters', () => {
    const s = parseSearch('/pre-owned', '?price[lte]=cheap&year[gte]=2020&body_type[]=boat', BASE);
    expect(s.range).toEqual({ year: { gte: 2020 } });
    expect(s.body_type).toEqual([]);
  });
});

describe('the quick search form in the query (home page)', () => {
  it('reads make, a make/model pair and the budget, and gives the canonical URL', () => {
    const s = parseSearch(
      '/pre-owned',
      '?make=subaru&model=subaru%2Fforester&instalment%5Blte%5D=5000',
      BASE,
    );
    expect(s).toMatchObject({ make: 'subaru', model: 'forester', range: { instalment: { lte: 5000 } } });
    expect(searchUrl(s, BASE)).toBe('/pre-owned/subaru/forester?instalment[lte]=5000');
  });
  it('takes the make from the model when no make was chosen, and ignores empty choices', () => {
    expect(
      parseSearch('/pre-owned', '?make=&model=toyota%2Fcorolla&instalment%5Blte%5D=', BASE),
    ).toMatchObject({
      make: 'toyota',
      model: 'corolla',
      range: {},
    });
    expect(searchUrl(parseSearch('/pre-owned', '?make=&model=', BASE), BASE)).toBe('/pre-owned');
  });
  it('keeps the chosen make when the model belongs to another, and the path wins over the query', () => {
    expect(parseSearch('/pre-owned', '?make=subaru&model=toyota%2Fcorolla', BASE)).toMatchObject({
      make: 'subaru',
      model: null,
    });
    expect(parseSearch('/pre-owned/mazda', '?make=subaru', BASE)).toMatchObject({ make: 'mazda' });
  });
});
