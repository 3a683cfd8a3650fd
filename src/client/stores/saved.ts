/**
 * Saved cars and the compare list, shared by every island on a page and kept in localStorage
 * (`saved_cars`, `compare_cars`; src/domain/saved-cars.ts). Loaded on first use in the browser, never during
 * the server render, so a page's HTML is the same for everyone; other tabs' changes arrive through the
 * `storage` event.
 */
import { atom } from 'nanostores';
import {
  addToCompareIn,
  COMPARE_STORAGE_KEY,
  type CompareResult,
  parseCompare,
  parseSaved,
  SAVED_STORAGE_KEY,
  type SavedCar,
  toggleSavedIn,
} from '../../domain/saved-cars.ts';

export const $saved = atom<SavedCar[]>([]);
export const $compare = atom<number[]>([]);
/** False until the device's lists have been read (pages show "loading" rather than "nothing saved"). */
export const $savedReady = atom(false);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy mode): the lists still work for this page
  }
}

function write(key: string, value: unknown[]): void {
  try {
    if (value.length) storage()?.setItem(key, JSON.stringify(value));
    else storage()?.removeItem(key);
  } catch {
    // storage full or blocked: the choice holds for this page only
  }
}

function load(): void {
  const s = storage();
  $saved.set(parseSaved(s?.getItem(SAVED_STORAGE_KEY)));
  $compare.set(parseCompare(s?.getItem(COMPARE_STORAGE_KEY)));
}

let started = false;
/** Reads the lists once per page, and follows changes made in other tabs. */
export function startSaved(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  load();
  $savedReady.set(true);
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === SAVED_STORAGE_KEY || e.key === COMPARE_STORAGE_KEY) load();
  });
}

export function isSaved(id: number): boolean {
  return $saved.get().some((c) => c.id === id);
}

/** Saves or un-saves a car; un-saving also takes it out of the comparison. */
export function toggleSaved(car: SavedCar): void {
  const next = toggleSavedIn($saved.get(), car);
  $saved.set(next);
  write(SAVED_STORAGE_KEY, next);
  if (!next.some((c) => c.id === car.id)) removeFromCompare(car.id);
}

export function removeSaved(id: number): void {
  const next = $saved.get().filter((c) => c.id !== id);
  $saved.set(next);
  write(SAVED_STORAGE_KEY, next);
  removeFromCompare(id);
}

export function addToCompare(id: number): CompareResult {
  const r = addToCompareIn($compare.get(), id);
  if (r.ok) {
    $compare.set(r.ids);
    write(COMPARE_STORAGE_KEY, r.ids);
  }
  return r;
}

export function removeFromCompare(id: number): void {
  const cur = $compare.get();
  if (!cur.includes(id)) return;
  const next = cur.filter((x) => x !== id);
  $compare.set(next);
  write(COMPARE_STORAGE_KEY, next);
}
