import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, breadcrumbs, segmentLabel } from './breadcrumbs.ts';

describe('breadcrumbs', () => {
  it('is empty on home, prefixed or not', () => {
    expect(breadcrumbs('/')).toEqual([]);
    expect(breadcrumbs('/dealer/west-rand')).toEqual([]);
  });

  it('builds one crumb per segment with hyphens as spaces', () => {
    const crumbs = breadcrumbs('/special-offers/winter-service-deal/');
    expect(crumbs.map((c) => c.label)).toEqual(['Home', 'Special Offers', 'Winter Service Deal']);
    expect(crumbs.map((c) => c.href)).toEqual([
      '/',
      '/special-offers',
      '/special-offers/winter-service-deal',
    ]);
    expect(crumbs.at(-1)).toMatchObject({ current: true, linked: false });
    expect(crumbs[1]).toMatchObject({ current: false, linked: true });
  });

  it('stays inside the dealer tree under /dealer/{name}', () => {
    const crumbs = breadcrumbs('/dealer/durban/showroom/subaru');
    expect(crumbs.map((c) => c.href)).toEqual([
      '/dealer/durban',
      '/dealer/durban/showroom',
      '/dealer/durban/showroom/subaru',
    ]);
  });

  it('uses given labels and leaves non-page segments unlinked', () => {
    const crumbs = breadcrumbs('/blog/page/2', { labels: { '/blog/page/2': 'Page 2' } });
    expect(crumbs.map((c) => [c.label, c.linked])).toEqual([
      ['Home', true],
      ['Blog', true],
      ['Page', false],
      ['Page 2', false],
    ]);
    expect(
      breadcrumbs('/test-drive/subaru/forester')
        .filter((c) => c.linked)
        .map((c) => c.label),
    ).toEqual(['Home']);
  });

  it('decodes and capitalises segments', () => {
    expect(segmentLabel('about-us')).toBe('About Us');
    expect(segmentLabel('2-0i-s')).toBe('2 0i S');
    expect(segmentLabel('caf%C3%A9')).toBe('Café');
  });

  it('produces a BreadcrumbList with absolute URLs', () => {
    const ld = breadcrumbJsonLd(breadcrumbs('/blog/page/2'), 'https://example.co.za');
    expect(ld['@type']).toBe('BreadcrumbList');
    expect(ld.itemListElement[1]).toEqual({
      '@type': 'ListItem',
      position: 2,
      name: 'Blog',
      item: 'https://example.co.za/blog',
    });
    expect(ld.itemListElement[2]).not.toHaveProperty('item');
  });
});
