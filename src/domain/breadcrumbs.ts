/**
 * Breadcrumbs from the URL path (SPEC §2): one crumb per segment, hyphens shown as spaces, none on home.
 * Under /dealer/{name} the trail starts at that dealer's home. Intermediate segments that are not pages
 * (e.g. /blog/page) are shown without a link.
 */
import { splitDealerPath, withDealer } from './urls.ts';

export interface Crumb {
  label: string;
  href: string;
  /** false for a segment with no page of its own: shown, not linked. */
  linked: boolean;
  current: boolean;
}

/** Paths (dealer prefix removed) that are segments of real URLs but not pages themselves. */
const NOT_PAGES: readonly RegExp[] = [/^\/blog\/page$/, /^\/test-drive(\/[^/]+)?$/];

export function segmentLabel(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  return text
    .replace(/-+/g, ' ')
    .trim()
    .replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, ch: string) => space + ch.toUpperCase());
}

export interface BreadcrumbOptions {
  /** Better labels for some paths (un-prefixed), e.g. the real variant name for its slug. */
  labels?: Record<string, string>;
  notPages?: readonly RegExp[];
}

export function breadcrumbs(pathname: string, options: BreadcrumbOptions = {}): Crumb[] {
  const { dealer, path } = splitDealerPath(pathname);
  if (path === '/') return [];
  const notPages = options.notPages ?? NOT_PAGES;
  const segments = path.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: withDealer('/', dealer), linked: true, current: false }];
  let acc = '';
  segments.forEach((segment, i) => {
    acc += `/${segment}`;
    const current = i === segments.length - 1;
    crumbs.push({
      label: options.labels?.[acc] ?? segmentLabel(segment),
      href: withDealer(acc, dealer),
      linked: !current && !notPages.some((re) => re.test(acc)),
      current,
    });
  });
  return crumbs;
}

/** schema.org BreadcrumbList for the trail (absolute item URLs). */
export function breadcrumbJsonLd(crumbs: Crumb[], site: string | URL) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      ...(c.linked || c.current ? { item: new URL(c.href, site).href } : {}),
    })),
  };
}
