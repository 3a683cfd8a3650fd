import { describe, expect, it } from 'vitest';
import { isHomePath, isWithin, pageUrl, paths, splitDealerPath, trimSlash, withDealer } from './urls.ts';

describe('withDealer', () => {
  it('leaves paths alone without a dealer', () => {
    expect(withDealer('/showroom')).toBe('/showroom');
    expect(withDealer('/')).toBe('/');
    expect(withDealer('/blog/', null)).toBe('/blog');
  });
  it('prefixes /dealer/{siteName} for a dealer given by name or object', () => {
    expect(withDealer('/showroom', 'west-rand')).toBe('/dealer/west-rand/showroom');
    expect(withDealer('/special-offers/x', { siteName: 'durban' })).toBe('/dealer/durban/special-offers/x');
  });
  it("maps the home page to the dealer's home", () => {
    expect(withDealer('/', 'pretoria')).toBe('/dealer/pretoria');
  });
});

describe('splitDealerPath', () => {
  it('finds the dealer prefix', () => {
    expect(splitDealerPath('/dealer/west-rand/showroom/subaru')).toEqual({
      dealer: 'west-rand',
      path: '/showroom/subaru',
    });
    expect(splitDealerPath('/dealer/west-rand/')).toEqual({ dealer: 'west-rand', path: '/' });
  });
  it('returns the path unchanged without a prefix', () => {
    expect(splitDealerPath('/blog/')).toEqual({ dealer: null, path: '/blog' });
    expect(splitDealerPath('/dealerships')).toEqual({ dealer: null, path: '/dealerships' });
  });
  it('round-trips with withDealer', () => {
    const p = withDealer(
      paths.variant({ make_slug: 'subaru', model_slug: 'forester', variant_slug: '2-5i-es' }),
      'durban',
    );
    expect(splitDealerPath(p)).toEqual({ dealer: 'durban', path: '/showroom/subaru/forester/2-5i-es' });
  });
});

describe('isWithin / isHomePath', () => {
  it('matches whole segments only', () => {
    expect(isWithin('/showroom/subaru', '/showroom')).toBe(true);
    expect(isWithin('/dealer/durban/showroom', '/showroom')).toBe(true);
    expect(isWithin('/showroomx', '/showroom')).toBe(false);
    expect(isWithin('/', '/showroom')).toBe(false);
  });
  it('knows home paths, prefixed or not', () => {
    expect(isHomePath('/')).toBe(true);
    expect(isHomePath('/dealer/durban/')).toBe(true);
    expect(isHomePath('/blog')).toBe(false);
  });
});

describe('paths', () => {
  const v = { make_slug: 'subaru', model_slug: 'forester', variant_slug: '2-5i-es' };
  it('builds showroom, enquiry, test-drive and thank-you paths', () => {
    expect(paths.model(v)).toBe('/showroom/subaru/forester');
    expect(paths.variantEnquire(v)).toBe('/showroom/subaru/forester/2-5i-es/enquire');
    expect(paths.testDrive(v)).toBe('/test-drive/subaru/forester');
    expect(paths.thankYou('/parts/')).toBe('/parts/thank-you');
    expect(paths.thankYou(paths.special('winter-deal'))).toBe('/special-offers/winter-deal/thank-you');
  });
  it('puts blog page 1 at /blog and later pages under /blog/page/{n}', () => {
    expect(paths.blog()).toBe('/blog');
    expect(paths.blog(1)).toBe('/blog');
    expect(paths.blog(3)).toBe('/blog/page/3');
  });
  it('trims trailing slashes but keeps the root', () => {
    expect(trimSlash('/')).toBe('/');
    expect(trimSlash('/a/b/')).toBe('/a/b');
  });
});

describe('pageUrl', () => {
  it('gives every page one trailing slash, as its canonical link has', () => {
    expect(pageUrl('/', 'https://example.co.za')).toBe('https://example.co.za/');
    expect(pageUrl('/dealer/durban', 'https://example.co.za')).toBe('https://example.co.za/dealer/durban/');
    expect(pageUrl('/about-us/', 'https://example.co.za')).toBe('https://example.co.za/about-us/');
  });
});
