/**
 * Which stock or offers a dealer path segment means: one dealer by slug or site name,
 * or the whole group (the group slug `motus-{brand}` or `all`). Unknown dealers are a 404.
 */
import type { Deps } from '../deps.ts';
import { notFound } from '../hydra.ts';

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
