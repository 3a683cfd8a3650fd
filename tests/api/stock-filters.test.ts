/**
 * Issue #11 search filters on the used-stock listing and /api/filters, on every engine: each bounds
 * the listing, the facets and ranges agree with it, and a bad value is a 400 naming the parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filters, HydraCollection, VehicleSummary } from '../../src/contract/index.ts';
import { MPV_CATALOGUE } from '../../src/demo/data/vehicle-catalogue.ts';
import { SHOWCASE } from '../../src/demo/fixtures.ts';
import { monthlyInstalment } from '../../src/domain/finance.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';

type Collection = HydraCollection<VehicleSummary>;
const LIST = '/api/motus-subaru/vehicles';

describe.each(ENGINES)('stock filters on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine);
  });
  afterAll(() => api.close());

  const list = async (qs: string) => {
    const r = await api.json<Collection>(`${LIST}?${qs}`);
    expect(r.status).toBe(200);
    return r.body;
  };
  const total = async (qs: string) => (await list(qs))['hydra:totalItems'];
  const filters = async (qs: string) => {
    const r = await api.json<Filters>(`/api/filters?${qs}`);
    expect(r.status).toBe(200);
    return r.body;
  };

  it('bounds price, year and mileage, both ends included', async () => {
    const qs = 'price[gte]=150000&price[lte]=350000&year[gte]=2019&year[lte]=2023&mileage[lte]=90000';
    const cheapest = await list(`${qs}&order[price]=asc`);
    const dearest = await list(`${qs}&order[price]=desc`);
    expect(cheapest['hydra:totalItems']).toBeGreaterThan(0);
    for (const car of [...cheapest['hydra:member'], ...dearest['hydra:member']]) {
      expect(car.price).toBeGreaterThanOrEqual(150000);
      expect(car.price).toBeLessThanOrEqual(350000);
      expect(car.year).toBeGreaterThanOrEqual(2019);
      expect(car.year).toBeLessThanOrEqual(2023);
      expect(car.mileage.value).toBeLessThanOrEqual(90000);
    }
    const exact = cheapest['hydra:member'][0]?.price ?? 0;
    expect(await total(`price[gte]=${exact}&price[lte]=${exact}`)).toBeGreaterThan(0);
  });

  it('keeps to a monthly budget worked out with the shared finance maths', async () => {
    const r = await list('instalment[lte]=4000&order[price]=desc');
    expect(r['hydra:totalItems']).toBeGreaterThan(0);
    for (const car of r['hydra:member']) {
      expect(car.installment).toBeLessThanOrEqual(4000);
      expect(car.installment).toBe(monthlyInstalment({ price: car.price }));
    }
    expect(r['hydra:totalItems']).toBeLessThan(await total(''));
  });

  it('narrows by body type, colour, province and dealership', async () => {
    const suvs = await list('body_type[]=suv&colour[]=White&colour[]=silver');
    expect(suvs['hydra:totalItems']).toBeGreaterThan(0);
    for (const car of suvs['hydra:member']) expect(['White', 'Silver']).toContain(car.exterior_color);
    const kzn = await list('province[]=KwaZulu-Natal');
    expect(kzn['hydra:totalItems']).toBeGreaterThan(0);
    for (const car of kzn['hydra:member']) expect(car.dealer_province).toBe('KwaZulu-Natal');
    const two = await list('dealer[]=motus-subaru-durban&dealer[]=motus-subaru-pretoria');
    for (const car of two['hydra:member'])
      expect(['motus-subaru-durban', 'motus-subaru-pretoria']).toContain(car.dealer_slug);
    expect(two['hydra:totalItems']).toBe(
      (await total('dealer[]=motus-subaru-durban')) + (await total('dealer[]=motus-subaru-pretoria')),
    );
  });

  it('offers people carriers as a body type of their own, counted like the listing', async () => {
    const mpvs = await list('body_type[]=mpv');
    expect(mpvs['hydra:totalItems']).toBeGreaterThan(0);
    const carriers = MPV_CATALOGUE.flatMap((make) => make.models.map((m) => m.model));
    for (const car of mpvs['hydra:member']) expect(carriers).toContain(car.model);
    const facet = (await filters('')).body_type.find((b) => b.value === 'mpv');
    expect(facet).toEqual({ value: 'mpv', label: 'MPV', count: mpvs['hydra:totalItems'] });
  });

  it('finds every keyword in make, model, variant or description, in any letter case', async () => {
    const r = await list('q=FORESTER%20sapphire');
    expect(r['hydra:member'].map((c) => c.id)).toContain(SHOWCASE.id);
    for (const car of r['hydra:member']) expect(car.model).toBe('Forester');
    expect(await total('q=%25')).toBe(0); // a literal %, not a wildcard
    expect(await total('q=zzzz-no-such-car')).toBe(0);
    expect(await total('q=%20%20')).toBe(await total(''));
  });

  it('gives facet counts and ranges that agree with the listing', async () => {
    const base = 'year[gte]=2020';
    const f = await filters(base);
    for (const name of ['body_type', 'colour', 'province', 'dealer'] as const) {
      expect(f[name].reduce((n, x) => n + x.count, 0)).toBe(await total(base));
      for (const { value, count } of f[name].filter((x) => x.count > 0).slice(0, 3))
        expect(await total(`${base}&${name}[]=${encodeURIComponent(value)}`)).toBe(count);
    }
    expect(f.body_type.find((b) => b.value === 'suv')?.label).toBe('SUV');
    const ranged = await filters('body_type[]=suv&price[lte]=300000');
    // A range leaves out its own bound (so a slider can widen again) and keeps every other filter.
    const cheapest = (await list('body_type[]=suv&order[price]=asc'))['hydra:member'][0];
    const dearest = (await list('body_type[]=suv&order[price]=desc'))['hydra:member'][0];
    expect(ranged.ranges.price).toEqual({ min: cheapest?.price, max: dearest?.price });
    const newest = (await list('body_type[]=suv&price[lte]=300000&order[year]=desc'))['hydra:member'][0];
    expect(ranged.ranges.year.max).toBe(newest?.year);
    const none = await filters('q=zzzz-no-such-car');
    expect(none.ranges.price).toEqual({ min: null, max: null });
  });

  it('scopes facets to one dealer and checks dealer slugs', async () => {
    const f = await filters('dealer=durban');
    expect(f.dealer.map((d) => d.value)).toEqual(['motus-subaru-durban']);
    expect(f.dealer[0]?.label).toBe('Subaru Durban');
  });

  it.each([
    ['price[gte]=cheap', 'price[gte]'],
    ['price[lte]=-5', 'price[lte]'],
    ['price[between]=1', 'price[between]'],
    ['instalment[lte]=4000.123', 'instalment[lte]'],
    ['year[gte]=20x0', 'year[gte]'],
    ['mileage[lte]=1e5', 'mileage[lte]'],
    ['body_type[]=boat', 'body_type[]'],
    ['colour[]=Plaid', 'colour[]'],
    ['province[]=Mars', 'province[]'],
    ['dealer[]=Not%20A%20Slug!', 'dealer[]'],
    ['dealer[]=motus-subaru-atlantis', 'dealer[]'],
    [`q=${'a'.repeat(101)}`, 'q'],
  ])('answers 400 naming the parameter for %s', async (query, param) => {
    for (const path of [LIST, '/api/filters']) {
      const r = await api.json<{ detail: string }>(`${path}?${query}`);
      expect(r.status).toBe(400);
      expect(r.body.detail.startsWith(`${param}: `)).toBe(true);
    }
  });
});

describe.each(ENGINES)('similar cars on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine);
  });
  afterAll(() => api.close());

  it('offers at most 4 other cars, the same model first, then the same body type in the price band', async () => {
    const r = await api.json<Collection>(`/api/vehicles/${SHOWCASE.id}/similar`);
    expect(r.status).toBe(200);
    const cars = r.body['hydra:member'];
    expect(cars.length).toBeGreaterThan(0);
    expect(cars.length).toBeLessThanOrEqual(4);
    expect(cars.map((c) => c.id)).not.toContain(SHOWCASE.id);
    const foresters = (await api.json<Collection>(`${LIST}?make_slug=subaru&model_slug=forester`)).body;
    const others = foresters['hydra:totalItems'] - 1;
    const sameModel = cars.findIndex((c) => c.model_slug !== 'forester');
    if (others >= 4) expect(cars.every((c) => c.model_slug === 'forester')).toBe(true);
    else {
      expect(sameModel).toBe(others);
      for (const car of cars.slice(others)) {
        expect(car.price).toBeGreaterThanOrEqual(489900 * 0.75);
        expect(car.price).toBeLessThanOrEqual(489900 * 1.25);
      }
    }
  });

  it('gives the stock number buyers quote, and the VIN slot', async () => {
    const car = (await api.json<{ stock_number: string; vin: string | null }>(`/api/vehicles/${SHOWCASE.id}`))
      .body;
    expect(car.stock_number).toBe(SHOWCASE.stockNumber);
    expect(car).toHaveProperty('vin');
  });

  it('404s an unknown car', async () => {
    expect((await api.fetch('/api/vehicles/999999/similar')).status).toBe(404);
  });
});
