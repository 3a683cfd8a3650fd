/**
 * The one place site URLs are built. Every route exists at the root (the group site with the default
 * dealer) and under /dealer/{siteName} for each dealer (SPEC §2); pages pass their dealer and never
 * hand-build a prefixed path.
 */

/** A dealer for URL building: its site name (e.g. 'west-rand'), an object carrying it, or none. */
export type DealerRef = string | { siteName: string } | null | undefined;

const DEALER_PREFIX = '/dealer';

const siteNameOf = (dealer: DealerRef): string | null =>
  !dealer ? null : typeof dealer === 'string' ? dealer : dealer.siteName;

/** Removes a trailing slash (except on the root). */
export function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** '/showroom' → '/dealer/west-rand/showroom' for a dealer; unchanged without one. '/' → '/dealer/west-rand'. */
export function withDealer(path: string, dealer?: DealerRef): string {
  const name = siteNameOf(dealer);
  const clean = trimSlash(path.startsWith('/') ? path : `/${path}`);
  if (!name) return clean;
  const base = `${DEALER_PREFIX}/${encodeURIComponent(name)}`;
  return clean === '/' ? base : `${base}${clean}`;
}

/** Splits '/dealer/west-rand/showroom' into { dealer: 'west-rand', path: '/showroom' }. */
export function splitDealerPath(pathname: string): { dealer: string | null; path: string } {
  const clean = trimSlash(pathname || '/');
  const m = /^\/dealer\/([^/]+)(\/.*)?$/.exec(clean);
  if (!m?.[1]) return { dealer: null, path: clean };
  return { dealer: decodeURIComponent(m[1]), path: m[2] ?? '/' };
}

/** True when the path (dealer prefix removed) is a home page. */
export function isHomePath(pathname: string): boolean {
  return splitDealerPath(pathname).path === '/';
}

/** True when `pathname` is `section` or below it, compared segment by segment (nav highlight). */
export function isWithin(pathname: string, section: string): boolean {
  const path = splitDealerPath(pathname).path;
  const s = trimSlash(section);
  if (s === '/') return path === '/';
  return path === s || path.startsWith(`${s}/`);
}

interface ModelRef {
  make_slug: string;
  model_slug: string;
}
interface VariantRef extends ModelRef {
  variant_slug: string;
}

const seg = encodeURIComponent;

/** A used car under /pre-owned: `{make}/{model}/{id}` (the route's rest parameter). */
export const usedCarSegments = (v: { make_slug: string; model_slug: string; id: number }) =>
  `${seg(v.make_slug)}/${seg(v.model_slug)}/${v.id}`;

/** Un-prefixed paths; combine with withDealer(). */
export const paths = {
  home: () => '/',
  newCars: () => '/new',
  showroom: () => '/showroom',
  make: (makeSlug: string) => `/showroom/${seg(makeSlug)}`,
  model: (m: ModelRef) => `/showroom/${seg(m.make_slug)}/${seg(m.model_slug)}`,
  variant: (v: VariantRef) => `/showroom/${seg(v.make_slug)}/${seg(v.model_slug)}/${seg(v.variant_slug)}`,
  variantEnquire: (v: VariantRef) => `${paths.variant(v)}/enquire`,
  testDrive: (m: ModelRef) => `/test-drive/${seg(m.make_slug)}/${seg(m.model_slug)}`,
  preOwned: () => '/pre-owned',
  /** One used car's page (also the API's `uri` of the car). */
  usedCar: (v: { make_slug: string; model_slug: string; id: number }) => `/pre-owned/${usedCarSegments(v)}`,
  /** Cars kept on this device, and up to three of them side by side (noindex, not in the sitemap). */
  savedCars: () => '/pre-owned/saved',
  compareCars: () => '/pre-owned/compare',
  /** The dated test-drive form for one used car, named in the query (src/domain/car-link.ts). */
  usedTestDrive: () => '/pre-owned/test-drive',
  specials: () => '/special-offers',
  special: (slug: string) => `/special-offers/${seg(slug)}`,
  blog: (page = 1) => (page <= 1 ? '/blog' : `/blog/page/${page}`),
  blogPost: (slug: string) => `/blog/${seg(slug)}`,
  parts: () => '/parts',
  bookService: () => '/book-a-service',
  sellYourCar: () => '/sell-your-car',
  finance: () => '/finance',
  aboutUs: () => '/about-us',
  privacyPolicy: () => '/privacy-policy',
  contactUs: () => '/contact-us',
  /** How to recognise vehicle fraud, check banking details and report it. */
  avoidFraud: () => '/avoid-fraud',
  /** Where a form sends the visitor after a successful submission (SPEC §4). */
  thankYou: (formPath: string) => `${trimSlash(formPath) === '/' ? '' : trimSlash(formPath)}/thank-you`,
} as const;

/** Pages built but kept out of the sitemap (src/server/publish/partial.ts): thank-you pages, the
 * per-device saved and compare pages, and the used-car test drive, whose car comes in its link. */
export const UNLISTED_PAGE = /\/(thank-you|pre-owned\/saved|pre-owned\/compare|pre-owned\/test-drive)\/?$/;

/** Absolute URL on the public origin (images, files). */
export function absoluteUrl(path: string, site: string | URL | undefined): string {
  return new URL(path, site).href;
}

/** A page's canonical absolute URL: pages are directories, so always with exactly one trailing slash. */
export function pageUrl(path: string, site: string | URL | undefined): string {
  const p = trimSlash(path);
  return absoluteUrl(p === '/' ? '/' : `${p}/`, site);
}
