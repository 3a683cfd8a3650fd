/**
 * Build-time used-stock data (fetched once per build through the typed API client, cached by key):
 * the first listing page and facet counts per make/model page, and every available vehicle's detail
 * for the pre-built vehicle pages.
 */
import type { Filters, HydraCollection, VehicleDetail, VehicleSummary } from '../../contract/index.ts';
import { USED_PAGE_SIZE } from '../../domain/vehicle-query.ts';
import { once } from '../data.ts';
import { api } from '../site-api.ts';

export interface ListingData {
  vehicles: VehicleSummary[];
  total: number;
  filters: Filters;
}

/** Page 1 of a scope's stock (dealer slug, or the group slug) for a make/model page, with its facets. */
export function listingData(
  scope: string,
  dealer: string | null,
  make?: string,
  model?: string,
): Promise<ListingData> {
  return once('stock', `used-list:${scope}:${make ?? ''}:${model ?? ''}`, async () => {
    const path = make && model ? `filters/${make}/${model}` : make ? `filters/${make}` : 'filters';
    const [list, filters] = await Promise.all([
      api.vehicles(scope, { make_slug: make, model_slug: model }),
      api.http.get(path, { searchParams: dealer ? { dealer } : {} }).json<Filters>(),
    ]);
    return { vehicles: list['hydra:member'], total: list['hydra:totalItems'], filters };
  });
}

/** Every available vehicle of a scope (the listing pages through at 12). */
export function allStock(scope: string): Promise<VehicleSummary[]> {
  return once('stock', `used-all:${scope}`, async () => {
    const first: HydraCollection<VehicleSummary> = await api.vehicles(scope, {});
    const pages = Math.ceil(first['hydra:totalItems'] / USED_PAGE_SIZE);
    const rest = await mapLimit(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2),
      8,
      async (page) => (await api.vehicles(scope, { page }))['hydra:member'],
    );
    return [...first['hydra:member'], ...rest.flat()];
  });
}

export function vehicleDetail(id: number): Promise<VehicleDetail> {
  return once('stock', `used-vehicle:${id}`, () => api.vehicle(id));
}

/** Runs `fn` over items with at most `limit` in flight (keeps the build from flooding the API). */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
