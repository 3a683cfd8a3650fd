import { describe, expect, it } from 'vitest';
import { imagesOfKind } from './images.ts';

describe('imagesOfKind', () => {
  it('lists each image of the kind once, by file name, without its width renditions or other folders', () => {
    const keys = [
      'specials/forester-fest.webp',
      'specials/forester-fest-480.webp',
      'specials/forester-fest-960.webp',
      'specials/forester-fest-1440.webp',
      'specials/ascent-deal.webp',
      'specials/notes.txt',
      'specials/old/x.webp',
      'banners/hero.webp',
    ];
    expect(imagesOfKind('special', keys)).toEqual(['ascent-deal.webp', 'forester-fest.webp']);
  });

  it('keeps a name that only looks like a width of another kind', () => {
    expect(imagesOfKind('special', ['specials/deal-1280.webp'])).toEqual(['deal-1280.webp']);
  });
});
