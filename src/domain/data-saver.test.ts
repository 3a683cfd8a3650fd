import { describe, expect, it } from 'vitest';
import { dataSaverOn, narrowestCandidate } from './data-saver.ts';

describe('data saver', () => {
  it('is on with Save-Data: on, and the visitor’s cookie wins either way', () => {
    expect(dataSaverOn('on', undefined)).toBe(true);
    expect(dataSaverOn(' On ', '')).toBe(true);
    expect(dataSaverOn(undefined, undefined)).toBe(false);
    expect(dataSaverOn(undefined, 'a=b; data_saver=1')).toBe(true);
    expect(dataSaverOn('on', 'data_saver=0; x=y')).toBe(false);
    expect(dataSaverOn(undefined, 'not_data_saver=1')).toBe(false);
  });

  it('keeps the narrowest candidate of a srcset', () => {
    expect(narrowestCandidate('/a-960.webp 960w, /a-480.webp 480w, /a-1440.webp 1440w')).toBe(
      '/a-480.webp 480w',
    );
    expect(narrowestCandidate('/only.webp 640w')).toBe('/only.webp 640w');
  });
});
