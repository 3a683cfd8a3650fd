import { describe, expect, it } from 'vitest';
import { VIN_PATTERN } from '../contract/stock.ts';
import { buildVehicles, demoVin } from '../demo/data/vehicles.ts';
import { vinCheckDigit, vinYearCode } from './vin.ts';

describe('VIN check digit and year code', () => {
  it('computes the check digit of known VINs', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
  });

  it('codes model years in the 30-year cycle', () => {
    expect(vinYearCode(2009)).toBe('9');
    expect(vinYearCode(2010)).toBe('A');
    expect(vinYearCode(2018)).toBe('J');
    expect(vinYearCode(2022)).toBe('N');
    expect(vinYearCode(2026)).toBe('T');
  });
});

describe('demo stock VINs', () => {
  const cars = buildVehicles();
  const vins = cars.flatMap((c) => (c.vin ? [c.vin] : []));

  it('most cars have one, each different, well-formed and with a valid check digit', () => {
    expect(vins.length / cars.length).toBeGreaterThan(0.8);
    expect(vins.length).toBeLessThan(cars.length);
    expect(new Set(vins).size).toBe(vins.length);
    for (const vin of vins) {
      expect(vin).toMatch(VIN_PATTERN);
      expect(vin[8]).toBe(vinCheckDigit(vin));
    }
  });

  it('encodes the car’s model year and is the same on every build', () => {
    for (const car of cars.filter((c) => c.vin)) expect(car.vin?.[9]).toBe(vinYearCode(car.year as number));
    expect(buildVehicles().map((c) => c.vin)).toEqual(cars.map((c) => c.vin));
    expect(demoVin(8, 'Subaru', 'Outback', 2020)).toBeNull();
  });
});
