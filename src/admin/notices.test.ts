import { describe, expect, it } from 'vitest';
import { notice } from './notices.ts';

describe('notice', () => {
  it('names the kind of item and the item', () => {
    expect(notice('specials', 'Forester Fest', 'saved')).toBe('Special “Forester Fest” saved');
    expect(notice('blog_posts', 'Winter driving', 'deleted')).toBe('Blog post “Winter driving” deleted');
    expect(notice('vehicles', 'WR1234', 'added')).toBe('Car “WR1234” added');
  });

  it('says the kind alone when the item has no name, and "Item" for a kind it does not know', () => {
    expect(notice('banners', '  ', 'saved')).toBe('Banner saved');
    expect(notice('banners', undefined, 'saved')).toBe('Banner saved');
    expect(notice('widgets', 'x', 'saved')).toBe('Item “x” saved');
  });
});
