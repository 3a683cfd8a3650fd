/**
 * Which stock or offers a dealer path segment means: one dealer by slug or site name,
 * or the whole group (the group slug `motus-{brand}` or `all`). Unknown dealers are a 404.
 */
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../hydra.ts';

export interface DealerScope {
  dealerSlug: string | null; // null: every dealer of the group
}

export async function resolveDealerScope({ db, config }: Deps, segment: string): Promise<DealerScope> {
  const key = segment.trim().toLowerCase();
  if (key === 'all' || key === config.groupSlug) return { dealerSlug: null };
  const row = await db
    .selectFrom('dealers')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', key), eb('site_name', '=', key)]))
    .executeTakeFirst();
  if (!row) throw notFound('Dealer', segment);
  return { dealerSlug: row.slug };
}

/** The dealerships whose stock a scope covers, in the group's order. */
export async function dealersInScope({ db }: Deps, dealerSlug: string | null) {
  let q = db.selectFrom('dealers').select(['slug', 'dealer_name', 'province']).orderBy('sort_order');
  if (dealerSlug) q = q.where('slug', '=', dealerSlug);
  return q.execute();
}

/** `dealer[]` names dealerships by slug: an unknown one is a 400 naming the parameter, not an empty page. */
export async function checkDealerSlugs({ db }: Deps, slugs: string[] | undefined) {
  if (!slugs?.length) return;
  const known = await db.selectFrom('dealers').select('slug').where('slug', 'in', slugs).execute();
  const missing = slugs.filter((s) => !known.some((k) => k.slug === s));
  if (missing.length)
    throw badRequest(`dealer[]: '${missing[0]}' is not a dealership's slug`, { parameter: 'dealer[]' });
}
