/**
 * Partial builds (docs/decisions/130-fast-builds.md): the site's data falls into sections, every
 * build records which routes read which section, and a content change rebuilds only the routes that
 * read the changed section. Shared by the pages (src/views/data.ts records uses) and the server
 * (publish/partial.ts picks the routes; editor writes name their section).
 */
import { readFileSync } from 'node:fs';
import { CACHE_BYPASS_ENV } from './cache-bypass.ts';

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
/** A partial build's pages kept from the base build: a JSON file of URL paths, for the sitemap. */
export const BUILD_KEPT_PAGES_ENV = 'SITE_BUILD_KEPT_PAGES_FILE';

/** The route of a data use made outside any page or getStaticPaths: every page may depend on it. */
export const UNKNOWN_ROUTE = '?';

/** The public origin of the site (astro.config.mjs `site`, the sitemap's URLs). */
export const siteOrigin = () => process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

/** The absolute URLs of the pages a partial build keeps from its base (none for a full build). */
export function keptPageUrls(): string[] {
  const file = process.env[BUILD_KEPT_PAGES_ENV];
  if (!file) return [];
  const paths = JSON.parse(readFileSync(file, 'utf8')) as string[];
  return paths.map((path) => new URL(path, siteOrigin()).href);
}

/** The API a site build reads from (scripts/build.ts and the server's builds set API_URL). */
export const buildApiUrl = () => process.env.API_URL ?? 'http://127.0.0.1:4321';

/** The secret the spawning server gave a build to skip its micro-cache, if any. */
export const buildCacheBypass = () => process.env[CACHE_BYPASS_ENV];

/** Where this build records which route read which section (none: not recorded). */
export const buildDepsFile = () => process.env[BUILD_DEPS_ENV];

/** The routes this build renders, or null for all of them (a full build). */
export function buildRoutes(): string[] | null {
  const only = process.env[BUILD_ROUTES_ENV];
  return only ? (JSON.parse(only) as string[]) : null;
}

/**
 * The environment of a spawned site build: this process's, with the build's own variables, and always
 * production, so a server running under NODE_ENV=test or development never gets React's development bundle.
 */
export const siteBuildEnv = (own: Record<string, string>): Record<string, string | undefined> => ({
  ...process.env,
  ...own,
  NODE_ENV: 'production',
});
