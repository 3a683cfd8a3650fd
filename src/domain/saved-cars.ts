/**
 * Saved cars and the compare list, kept on the device (no account). Plain list work, shared by
 * the store (src/client/stores/saved.ts) and its tests. What is kept per car is only what a "no longer available"
 * row needs (its id, name and page); prices and details are always loaded fresh from the API.
 */

/** Most cars a device keeps; saving one more drops the oldest. */
export const SAVED_LIMIT = 50;
/** Cars side by side on the compare page. */
export const COMPARE_LIMIT = 3;

export const SAVED_STORAGE_KEY = 'saved_cars';
export const COMPARE_STORAGE_KEY = 'compare_cars';

export interface SavedCar {
  id: number;
  /** "2019 Subaru Forester 2.0i-S", as saved: shown when the car has gone. */
  name: string;
  /** Its page, without a dealer prefix (the API's `uri`). */
  uri: string;
}

const isId = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) > 0;

function parseJson(raw: string | null | undefined): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The saved list from storage: well-formed entries only, no duplicates, at most SAVED_LIMIT. */
export function parseSaved(raw: string | null | undefined): SavedCar[] {
  const data = parseJson(raw);
  if (!Array.isArray(data)) return [];
  const out: SavedCar[] = [];
  const seen = new Set<number>();
  for (const x of data) {
    if (!x || typeof x !== 'object') continue;
    const { id, name, uri } = x as Record<string, unknown>;
    if (!isId(id) || seen.has(id) || typeof name !== 'string' || typeof uri !== 'string') continue;
    if (!uri.startsWith('/')) continue; // only our own pages: never a link elsewhere
    seen.add(id);
    out.push({ id, name: name.slice(0, 120), uri: uri.slice(0, 200) });
    if (out.length === SAVED_LIMIT) break;
  }
  return out;
}

/** The compare list from storage: ids, no duplicates, at most COMPARE_LIMIT. */
export function parseCompare(raw: string | null | undefined): number[] {
  const data = parseJson(raw);
  if (!Array.isArray(data)) return [];
  return [...new Set(data.filter(isId))].slice(0, COMPARE_LIMIT);
}

/** Saves the car (newest first) or, when it is saved, removes it. */
export function toggleSavedIn(list: SavedCar[], car: SavedCar): SavedCar[] {
  if (list.some((c) => c.id === car.id)) return list.filter((c) => c.id !== car.id);
  return [{ id: car.id, name: car.name, uri: car.uri }, ...list].slice(0, SAVED_LIMIT);
}

export type CompareResult = { ok: true; ids: number[] } | { ok: false; ids: number[]; reason: 'full' };

/** Adds a car to the compare list, refusing a fourth; adding one already there changes nothing. */
export function addToCompareIn(ids: number[], id: number): CompareResult {
  if (ids.includes(id)) return { ok: true, ids };
  if (ids.length >= COMPARE_LIMIT) return { ok: false, ids, reason: 'full' };
  return { ok: true, ids: [...ids, id] };
}

/** The words a buyer reads when a fourth car is chosen. */
export const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_LIMIT} cars. Remove one from the comparison first.`;
