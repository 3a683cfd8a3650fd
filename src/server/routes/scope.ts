/**
 * Which stock or offers a dealer path segment means: one dealer by slug or site name,
 * or the whole group (the group slug `motus-{brand}` or `all`). Unknown dealers are a 404.
 */
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../hydra.ts';
import type { StockIndex } from '../stock/stock-index.ts';

export interface DealerScope {
  dealerSlug: string | null; // null: every dealer of the group
}

/**
 * The scope from the stock index's copy of the dealerships alone: null when no dealer has this name,
 * undefined when SQL must answer (no snapshot yet). A query cost a dealer's listing more than the
 * listing itself (docs/decisions/354-dealer-scope-from-the-stock-index.md).
 */
export function scopeInIndex({ config, stockIndex }: Deps, segment: string): DealerScope | null | undefined {
  const key = segment.trim().toLowerCase();
  if (key === 'all' || key === config.groupSlug) return { dealerSlug: null };
  const known = stockIndex?.dealer(key);
  if (known === undefined) return undefined;
  return known ? { dealerSlug: known } : null;
}

export async function resolveDealerScope(deps: Deps, segment: string): Promise<DealerScope> {
  const inIndex = scopeInIndex(deps, segment);
  if (inIndex) return inIndex;
  const key = segment.trim().toLowerCase();
  const slug =
    inIndex === null
      ? undefined
      : (
          await deps.db
            .selectFrom('dealers')
            .select('slug')
            .where((eb) => eb.or([eb('slug', '=', key), eb('site_name', '=', key)]))
            .executeTakeFirst()
        )?.slug;
  if (!slug) throw notFound('Dealer', segment);
  return { dealerSlug: slug };
}

/** The dealerships whose stock a scope covers, in the group's order. */
export async function dealersInScope({ db }: Deps, dealerSlug: string | null) {
  let q = db.selectFrom('dealers').select(['slug', 'dealer_name', 'province']).orderBy('sort_order');
  if (dealerSlug) q = q.where('slug', '=', dealerSlug);
  return q.execute();
}

/** `dealer[]` names dealerships by slug: an unknown one is a 400 naming the parameter, not an empty page. */
export async function checkDealerSlugs({ db, stockIndex }: Deps, slugs: string[] | undefined) {
  if (!slugs?.length || (stockIndex && slugsInIndex(stockIndex, slugs))) return;
  const indexed = slugs.map((s) => stockIndex?.dealer(s));
  let missing = slugs.filter((s, i) => indexed[i] !== s);
  if (indexed.includes(undefined)) {
    const known = await db.selectFrom('dealers').select('slug').where('slug', 'in', slugs).execute();
    missing = slugs.filter((s) => !known.some((k) => k.slug === s));
  }
  if (missing.length)
    throw badRequest(`dealer[]: '${missing[0]}' is not a dealership's slug`, { parameter: 'dealer[]' });
}

/**
 * Whether the stock index names each of `slugs` as a dealership's slug: a slug names itself there (a
 * site name names another slug). False when one is unknown or there is no snapshot yet.
 */
export const slugsInIndex = (index: StockIndex, slugs: string[] | undefined): boolean =>
  !slugs || slugs.every((s) => index.dealer(s) === s);
