/**
 * Partial builds (docs/decisions/130-fast-builds.md): the site's data falls into sections, every
 * build records which routes read which section, and a content change rebuilds only the routes that
 * read the changed section. Shared by the pages (src/views/data.ts records uses) and the server
 * (publish/partial.ts picks the routes; editor writes name their section).
 */

/** What a page can read at build time, by the API data it comes from. */
export const SECTIONS = ['dealers', 'range', 'offers', 'banners', 'blog', 'stock', 'pages'] as const;
export type Section = (typeof SECTIONS)[number];

/** The section each editor resource (and the stock editors) writes. Specials and deals share a table. */
export const SECTION_OF_RESOURCE: Record<string, Section> = {
  blog_posts: 'blog',
  specials: 'offers',
  service_deals: 'offers',
  banners: 'banners',
  range_variants: 'range',
  stock: 'stock',
  fraud_page: 'pages',
};

/** The environment a site build reads: which routes to render (JSON list) and where to record uses. */
export const BUILD_ROUTES_ENV = 'SITE_BUILD_ROUTES';
export const BUILD_DEPS_ENV = 'SITE_BUILD_DEPS_FILE';

/** The route of a data use made outside any page or getStaticPaths: every page may depend on it. */
export const UNKNOWN_ROUTE = '?';

/** The public origin of the site (astro.config.mjs `site`, the sitemap's URLs). */
export const siteOrigin = () => process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';
