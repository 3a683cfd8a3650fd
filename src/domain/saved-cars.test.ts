import { describe, expect, it } from 'vitest';
import {
  addToCompareIn,
  COMPARE_LIMIT,
  parseCompare,
  parseSaved,
  SAVED_LIMIT,
  type SavedCar,
  toggleSavedIn,
} from './saved-cars.ts';

const car = (id: number): SavedCar => ({
  id,
  name: `2020 Subaru Forester ${id}`,
  uri: `/pre-owned/subaru/forester/${id}`,
});

describe('parseSaved', () => {
  it('keeps well-formed cars and drops everything else', () => {
    const raw = JSON.stringify([
      car(1),
      { id: 1, name: 'duplicate', uri: '/pre-owned/x/y/1' },
      { id: '2', name: 'string id', uri: '/x' },
      { id: 3, name: 'offsite', uri: 'https://evil.example/' },
      { id: -4, name: 'negative', uri: '/x' },
      null,
      car(5),
    ]);
    expect(parseSaved(raw)).toEqual([car(1), car(5)]);
  });

  it('answers an empty list for missing, broken or foreign storage', () => {
    expect(parseSaved(null)).toEqual([]);
    expect(parseSaved('{not json')).toEqual([]);
    expect(parseSaved('{"id":1}')).toEqual([]);
  });

  it('keeps at most SAVED_LIMIT cars', () => {
    const raw = JSON.stringify(Array.from({ length: SAVED_LIMIT + 5 }, (_, i) => car(i + 1)));
    expect(parseSaved(raw)).toHaveLength(SAVED_LIMIT);
  });
});

describe('toggleSavedIn', () => {
  it('adds newest first, and removes a saved car', () => {
    const one = toggleSavedIn([], car(1));
    const two = toggleSavedIn(one, car(2));
    expect(two.map((c) => c.id)).toEqual([2, 1]);
    expect(toggleSavedIn(two, car(1)).map((c) => c.id)).toEqual([2]);
  });

  it('drops the oldest beyond the limit', () => {
    let list: SavedCar[] = [];
    for (let i = 1; i <= SAVED_LIMIT + 1; i++) list = toggleSavedIn(list, car(i));
    expect(list).toHaveLength(SAVED_LIMIT);
    expect(list.at(-1)?.id).toBe(2);
  });
});

describe('compare list', () => {
  it(`takes up to ${COMPARE_LIMIT} cars and refuses one more`, () => {
    let ids: number[] = [];
    for (const id of [1, 2, 3]) {
      const r = addToCompareIn(ids, id);
      expect(r.ok).toBe(true);
      ids = r.ids;
    }
    const fourth = addToCompareIn(ids, 4);
    expect(fourth).toEqual({ ok: false, ids: [1, 2, 3], reason: 'full' });
    expect(addToCompareIn(ids, 2)).toEqual({ ok: true, ids: [1, 2, 3] });
  });

  it('parses ids only, without duplicates, at most three', () => {
    expect(parseCompare('[1, 1, "2", 3, 4.5, 5, 6]')).toEqual([1, 3, 5]);
    expect(parseCompare('nope')).toEqual([]);
  });
});
