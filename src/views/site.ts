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
