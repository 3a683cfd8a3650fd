import { describe, expect, it } from 'vitest';
import { haversineKm, nearest } from './geo.ts';

const JOHANNESBURG = { latitude: -26.2041, longitude: 28.0473 };
const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };
const DURBAN = { latitude: -29.8587, longitude: 31.0218 };

describe('geo', () => {
  it('measures Johannesburg to Cape Town at about 1 260 km', () => {
    expect(haversineKm(JOHANNESBURG, CAPE_TOWN)).toBeGreaterThan(1250);
    expect(haversineKm(JOHANNESBURG, CAPE_TOWN)).toBeLessThan(1275);
    expect(haversineKm(DURBAN, DURBAN)).toBe(0);
  });
  it('picks the closest place', () => {
    const places = [
      { slug: 'cpt', ...CAPE_TOWN },
      { slug: 'dbn', ...DURBAN },
    ];
    expect(nearest(places, { latitude: -29.7, longitude: 30.9 })?.place.slug).toBe('dbn');
    expect(nearest([], JOHANNESBURG)).toBeUndefined();
  });
});
