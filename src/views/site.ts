/**
 * The site context of a page: which dealer the header shows and whose content it lists, and whether
 * the page lives under /dealer/{siteName} (SPEC §1 multi-dealer context).
 */
import { BRAND } from '../config/brand.ts';
import type { Dealer } from '../contract/index.ts';
import { data } from './data.ts';

export interface SiteCtx {
  /** The dealer shown in the header and on contact details. */
  dealer: Dealer;
  /** Site name of the /dealer/{name} prefix, or null on the group site. */
  site: string | null;
  /** Slug for dealer-owned content (offers): the dealer's own, or the group slug on the root site. */
  scope: string;
  /** Label for titles: the dealer's name under its prefix, the group's name on the root site. */
  label: string;
}

export async function rootCtx(): Promise<SiteCtx> {
  return { dealer: await data.defaultDealer(), site: null, scope: BRAND.groupSlug, label: BRAND.groupName };
}

export function dealerCtx(dealer: Dealer): SiteCtx {
  return { dealer, site: dealer.siteName, scope: dealer.slug, label: dealer.dealerName };
}

/**
 * The context of a page from its `site` route parameter (src/views/route-kit.ts): undefined at the
 * root, 'dealer/{siteName}' under a dealer. Set once per page by src/middleware.ts as
 * `Astro.locals.siteCtx`, which layouts and components read instead of a prop passed down.
 */
export async function siteCtxOf(param: string | undefined): Promise<SiteCtx> {
  if (!param) return rootCtx();
  const siteName = param.replace(/^dealer\//, '');
  const dealer = (await data.dealers()).find((d) => d.siteName === siteName);
  if (!dealer) throw new Error(`No dealership has the site name ${siteName}`);
  return dealerCtx(dealer);
}
