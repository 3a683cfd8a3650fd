/** Distances on the globe, for "nearest dealership" from the browser's own location (no lookup service). */

export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The place closest to `from`, with its distance; undefined for an empty list. */
export function nearest<T extends LatLon>(
  places: readonly T[],
  from: LatLon,
): { place: T; km: number } | undefined {
  let best: { place: T; km: number } | undefined;
  for (const place of places) {
    const km = haversineKm(from, place);
    if (!best || km < best.km) best = { place, km };
  }
  return best;
}
