/**
 * The sitemap lists exactly the pages SPEC §2 defines for the content the API holds, at the root and
 * under /dealer/{siteName} for every dealer (docs/decisions/035-one-route-tree.md). The expected set is
 * derived here from the API alone, not from the site's code, so a route that builds a page too few or
 * too many fails this test.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { api } from './helpers.ts';

interface Member<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}
interface Slugs {
  make_slug: string;
  model_slug: string;
}
interface FacetMake {
  slug: string;
  models: { slug: string }[];
}

const GROUP_SLUG = 'motus-subaru';
const BLOG_PAGE_SIZE = 6;

/** Every member of a paged hydra collection. */
async function all<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await api<Member<T>>(request, `${path}${sep}page=${page}`);
    out.push(...res['hydra:member']);
    if (res['hydra:member'].length === 0 || out.length >= res['hydra:totalItems']) return out;
  }
}

/** The pages of one site: the group's content at the root, a dealer's own under its prefix. */
async function sitePages(
  request: APIRequestContext,
  scope: string,
  facetDealer: string | null,
  shared: { ranges: Slugs[]; variants: (Slugs & { variant_slug: string })[]; blog: { slug: string }[] },
): Promise<string[]> {
  const [specials, deals, filters, stock] = await Promise.all([
    api<Member<{ specials: { slug: string }[] }>>(request, `special-deals/${scope}`),
    api<Member<{ specials: { slug: string }[] }>>(request, `service-deals/${scope}`),
    api<{ makes: FacetMake[] }>(request, facetDealer ? `filters?dealer=${facetDealer}` : 'filters'),
    all<Slugs & { id: number }>(request, `${scope}/vehicles`),
  ]);
  const offers = [...specials['hydra:member'], ...deals['hydra:member']].flatMap((g) => g.specials);
  const blogPages = Math.ceil(shared.blog.length / BLOG_PAGE_SIZE);
  return [
    // Pages without parameters; the two pre-owned shells serve cars added after the build.
    ...['/', '/new', '/showroom', '/special-offers', '/pre-owned', '/parts', '/book-a-service'],
    ...['/finance', '/blog', '/about-us', '/privacy-policy', '/contact-us', '/sell-your-car'],
    '/avoid-fraud',
    ...['/pre-owned/vehicle', '/pre-owned/vehicle/enquire'],
    ...new Set(shared.ranges.map((m) => `/showroom/${m.make_slug}`)),
    ...shared.ranges.flatMap((m) => [
      `/showroom/${m.make_slug}/${m.model_slug}`,
      `/test-drive/${m.make_slug}/${m.model_slug}`,
    ]),
    ...shared.variants.flatMap((v) => {
      const path = `/showroom/${v.make_slug}/${v.model_slug}/${v.variant_slug}`;
      return [path, `${path}/enquire`];
    }),
    ...offers.map((o) => `/special-offers/${o.slug}`),
    ...Array.from({ length: Math.max(0, blogPages - 1) }, (_, i) => `/blog/page/${i + 2}`),
    ...shared.blog.map((p) => `/blog/${p.slug}`),
    ...filters.makes.flatMap((m) => [
      `/pre-owned/${m.slug}`,
      ...m.models.map((model) => `/pre-owned/${m.slug}/${model.slug}`),
    ]),
    ...stock.flatMap((v) => {
      const path = `/pre-owned/${v.make_slug}/${v.model_slug}/${v.id}`;
      return [path, `${path}/enquire`];
    }),
  ];
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const out: string[] = [];
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await request.get(new URL(loc ?? '').pathname)).text();
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) out.push(new URL(url ?? '').pathname);
  }
  return out;
}

test('the sitemap lists every SPEC §2 page of the group site and of each dealer, and nothing else', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const [dealers, ranges, variants, blog] = await Promise.all([
    api<Member<{ slug: string; siteName: string }>>(request, 'dealers'),
    api<Member<Slugs>>(request, 'ranges'),
    all<Slugs & { variant_slug: string }>(request, 'renault_ranges'),
    all<{ slug: string }>(request, 'blog'),
  ]);
  const shared = { ranges: ranges['hydra:member'], variants, blog };
  const expected = await sitePages(request, GROUP_SLUG, null, shared);
  for (const d of dealers['hydra:member']) {
    const prefix = `/dealer/${d.siteName}`;
    for (const p of await sitePages(request, d.slug, d.slug, shared))
      expected.push(p === '/' ? prefix : `${prefix}${p}`);
  }
  const withSlash = (p: string) => (p === '/' ? p : `${p}/`);

  const listed = await sitemapPaths(request);
  expect(new Set(listed).size, 'no URL is listed twice').toBe(listed.length);
  expect(listed.toSorted()).toEqual([...new Set(expected.map(withSlash))].toSorted());
});
