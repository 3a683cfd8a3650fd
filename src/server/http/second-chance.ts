/**
 * Eviction for the server's bounded caches (micro-cache.ts, static-files.ts): "second chance", the
 * CLOCK approximation of least recently used. A hit only marks its entry (`used`); when the cache is
 * over its bound, the oldest entry goes unless it was used since it was last passed over, in which case
 * it is unmarked and moved to the newest end, and the next oldest is looked at.
 *
 * Why not move every hit to the newest end (delete and set again, exact LRU): each such move leaves a
 * hole in V8's table for the Map, and the table is copied whenever it fills with holes. Under tens of
 * thousands of hits a second those copies outlived the young generation and piled up in the old one:
 * 8 s of one cached API answer grew the server from 193 to 364 MB
 * (docs/decisions/340-second-chance-eviction.md). Here a Map changes only when an entry is added,
 * dropped or passed over.
 */

/** A cache entry that can be marked as used since eviction last passed it over. */
export interface Marked {
  used?: boolean;
}

/**
 * While `over()` holds, takes entries from the oldest end of `map`: an entry marked as used is unmarked and
 * moved to the newest end; any other is deleted and given to `dropped` (for the caller's byte count).
 * Ends: each pass unmarks every entry it moves, so at most one pass over the map goes by between drops.
 */
export function evictSecondChance<K, V extends Marked>(
  map: Map<K, V>,
  over: () => boolean,
  dropped: (key: K, value: V) => void,
): void {
  while (over() && map.size) {
    const [key, value] = map.entries().next().value as [K, V];
    map.delete(key);
    if (value.used) {
      value.used = false;
      map.set(key, value);
      continue;
    }
    dropped(key, value);
  }
}

/**
 * Makes room in `map` for one more entry of `size` bytes, within `bounds`, the map holding `held()` bytes;
 * false when the entry can never fit (bigger than the whole cache, or no entries allowed), and nothing is
 * evicted then. Room is made before the entry is added, so the new entry is never the one left at the
 * oldest end once the others had their second chance.
 */
export function makeRoom<K, V extends Marked>(
  map: Map<K, V>,
  bounds: { maxEntries: number; maxBytes: number },
  held: () => number,
  size: number,
  dropped: (key: K, value: V) => void,
): boolean {
  if (size > bounds.maxBytes || bounds.maxEntries <= 0) return false;
  evictSecondChance(map, () => map.size >= bounds.maxEntries || held() + size > bounds.maxBytes, dropped);
  return true;
}
