import { describe, expect, it } from 'vitest';
import { parseVehicleQuery, vehicleQueryString } from './vehicle-query.ts';

const parse = (qs: string) => parseVehicleQuery(new URLSearchParams(qs));

describe('vehicle listing query', () => {
  it('reads every SPEC §7 parameter', () => {
    const r = parse(
      'page=3&make_slug=toyota&model_slug=hilux&order[price]=desc&fuelType[]=Diesel&transmissionType[]=Manual&vehicle_state[]=Used',
    );
    expect(r).toEqual({
      ok: true,
      query: {
        page: 3,
        make_slug: 'toyota',
        model_slug: 'hilux',
        order: [{ field: 'price', direction: 'desc' }],
        fuelType: ['Diesel'],
        transmissionType: ['Manual'],
        vehicle_state: ['Used'],
      },
    });
  });
  it('drops empty values and Any', () => {
    const r = parse('page=&make_slug=&fuelType[]=Any&fuelType[]=&order[year]=');
    expect(r.ok && r.query).toEqual({
      page: 1,
      order: [],
      fuelType: [],
      transmissionType: [],
      vehicle_state: [],
    });
  });
  it('names every malformed parameter', () => {
    const r = parse('page=abc&order[price]=sideways&fuelType[]=Steam');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.param)).toEqual(['page', 'order[price]', 'fuelType[]']);
  });
  it('round-trips through the query string the island sends', () => {
    const q = {
      page: 2,
      make_slug: 'subaru',
      order: [{ field: 'mileage' as const, direction: 'asc' as const }],
      fuelType: ['Petrol', 'Hybrid'],
      transmissionType: [],
      vehicle_state: ['Demo'],
    };
    const back = parseVehicleQuery(new URLSearchParams(vehicleQueryString(q)));
    expect(back).toEqual({ ok: true, query: q });
  });
  it('reads the filters beyond SPEC §7 and sends them back the same', () => {
    const r = parse(
      'price[gte]=100000&price[lte]=300000&instalment[lte]=4500.50&year[gte]=2019&mileage[lte]=80000&body_type[]=SUV&colour[]=white&province[]=Gauteng&dealer[]=motus-subaru-durban&q=Forester%20%20ES forester',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.query).toMatchObject({
      range: {
        price: { gte: 100000, lte: 300000 },
        instalment: { lte: 4500.5 },
        year: { gte: 2019 },
        mileage: { lte: 80000 },
      },
      body_type: ['suv'],
      colour: ['White'],
      province: ['Gauteng'],
      dealers: ['motus-subaru-durban'],
      words: ['forester', 'es'],
    });
    expect(parseVehicleQuery(new URLSearchParams(vehicleQueryString(r.query)))).toEqual(r);
  });
});
