/**
 * Build-time data, fetched once per build through the typed API client and shared by every page
 * (about 6 copies of each route are rendered, so each call is cached in a Map by key).
 */

import { BRAND } from '../config/brand.ts';
import type { Section } from '../config/build-sections.ts';
import type {
  BlogPost,
  BlogSummary,
  Dealer,
  RangeModel,
  Special,
  SpecialGroup,
  Variant,
} from '../contract/index.ts';
import { recordUse } from './build-deps.ts';
import { api } from './site-api.ts';

const cache = new Map<string, Promise<unknown>>();

/**
 * The answer for `key`, loaded at most once per build. `section` says which data it is: every call
 * records that the route being built reads that section (build-deps.ts), so a later change to it
 * rebuilds this route (partial builds, docs/decisions/130-fast-builds.md).
 */
export function once<T>(section: Section, key: string, load: () => Promise<T>): Promise<T> {
  recordUse(section);
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    cache.set(key, hit);
  }
  return hit;
}

export const BLOG_PAGE_SIZE = 6;

export const data = {
  dealers: () => once('dealers', 'dealers', async () => (await api.dealers())['hydra:member']),

  defaultDealer: () =>
    once('dealers', 'default-dealer', async (): Promise<Dealer> => {
      const all = await data.dealers();
      return (
        all.find((d) => d.slug === BRAND.defaultDealerSlug) ?? (await api.dealer(BRAND.defaultDealerSlug))
      );
    }),

  banners: (type: 'Car' | 'Motorcycle') =>
    once('banners', `banners:${type}`, async () => (await api.banners(type))['hydra:member']),

  rangeModels: () =>
    once('range', 'ranges', async (): Promise<RangeModel[]> => (await api.rangeModels())['hydra:member']),

  /** Every variant of the range (the API pages at 50). */
  variants: () =>
    once('range', 'variants', async (): Promise<Variant[]> => {
      const out: Variant[] = [];
      for (let page = 1; ; page++) {
        const res = await api.variants({ page });
        out.push(...res['hydra:member']);
        if (res['hydra:member'].length === 0 || out.length >= res['hydra:totalItems']) return out;
      }
    }),

  variantsOf: async (makeSlug: string, modelSlug: string) =>
    (await data.variants()).filter((v) => v.make_slug === makeSlug && v.model_slug === modelSlug),

  /** Special offers grouped by model, for a dealer slug or the whole group. */
  specialGroups: (scope: string) =>
    once(
      'offers',
      `specials:${scope}`,
      async (): Promise<SpecialGroup[]> => (await api.specialDeals(scope))['hydra:member'],
    ),

  serviceGroups: (scope: string) =>
    once(
      'offers',
      `service:${scope}`,
      async (): Promise<SpecialGroup[]> => (await api.serviceDeals(scope))['hydra:member'],
    ),

  /** Every offer (specials and service deals) a scope can show; each gets its own page. */
  offers: async (scope: string): Promise<Special[]> => {
    const groups = [...(await data.specialGroups(scope)), ...(await data.serviceGroups(scope))];
    return groups.flatMap((g) => g.specials);
  },

  /** All blog summaries, newest first (the API pages at 6). */
  blogAll: () =>
    once('blog', 'blog', async (): Promise<{ posts: BlogSummary[]; total: number }> => {
      const first = await api.blog(1);
      const total = first['hydra:totalItems'];
      const posts = [...first['hydra:member']];
      for (let page = 2; posts.length < total; page++) {
        const next = (await api.blog(page))['hydra:member'];
        if (next.length === 0) break;
        posts.push(...next);
      }
      return { posts, total };
    }),

  /** The fraud-warning page's text (editors change it in the back office). */
  fraudPage: () => once('pages', 'fraud-page', () => api.fraudPage()),

  blogPost: (slug: string) => once('blog', `blog:${slug}`, (): Promise<BlogPost> => api.blogPost(slug)),
};
