import { describe, expect, it } from 'vitest';
import { changesOf, textOf, when } from './diff.ts';

const snap = (
  fields: Record<string, unknown>,
  photos: { id: string; alt?: string; is_main?: number }[] = [],
) => ({
  fields,
  photos: photos.map((p, i) => ({
    owner_type: null,
    owner_key: '',
    position: i,
    is_main: p.is_main ?? 0,
    alt: p.alt ?? '',
    width: 1,
    height: 1,
    renditions: '[]',
    created_at: '',
    ...p,
  })),
});

describe('a revision in words', () => {
  it('names each changed field by its label, old → new', () => {
    const out = changesOf(
      snap({ price: 100_000, title: 'A', dealer_slug: 'x' }),
      snap({ price: 90_000, title: 'A', dealer_slug: 'y' }),
    );
    expect(out.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Price', (100_000).toLocaleString('en-ZA'), (90_000).toLocaleString('en-ZA')],
      ['Dealership', 'x', 'y'],
    ]);
  });

  it('diffs rich text word by word on its text', () => {
    const [c] = changesOf(
      snap({ body: '<p>Fast <b>and</b> safe</p>' }),
      snap({ body: '<p>Fast and very safe</p>' }),
    );
    expect(c?.words?.filter((p) => p.added).map((p) => p.text.trim())).toEqual(['very']);
    expect(c?.words?.some((p) => p.removed)).toBe(false);
    expect(textOf('<p>a&amp;b</p><p>c</p>')).toBe('a&b\nc');
  });

  it('says what happened to photos: added, removed, alt text', () => {
    const out = changesOf(
      snap({}, [{ id: 'a' }, { id: 'b', alt: '' }]),
      snap({}, [{ id: 'b', alt: 'Front' }, { id: 'c' }]),
    );
    expect(out.map((c) => c.label)).toEqual(['Photos', 'Photo alt text']);
    expect(out[0]?.after).toBe('2 photos, 1 added, 1 removed');
  });

  it('shows times as DD.MM.YYYY HH:mm in Johannesburg', () => {
    expect(when('2026-11-27T08:05:00Z')).toBe('27.11.2026 10:05');
  });
});
