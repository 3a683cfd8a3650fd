/**
 * The one typed client of the API (SPEC §7), used by pages at build time and by islands in the
 * browser. Pages never reach into the database: the site builds against any server honouring the contract.
 */

import type { FraudPage } from '../contract/fraud-page.ts';
import type {
  Banner,
  BlogPost,
  BlogSummary,
  Dealer,
  Filters,
  HydraCollection,
  Make,
  RangeModel,
  Special,
  SpecialGroup,
  Variant,
  VehicleDetail,
  VehicleSummary,
} from '../contract/index.ts';
import { type VehicleQuery, vehicleQueryString } from '../domain/vehicle-query-string.ts';
import { createHttp, type Http } from './http.ts';

/** Drops empty or falsy parameters before a request (SPEC §5 'Other'). */
function cleanParams(params: Record<string, string | number | undefined | null | false>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== false && v !== '') out.set(k, String(v));
  return out;
}

export function createApiClient(
  baseUrl: string,
  options: { retry?: number; timeout?: number; headers?: Record<string, string> } = {},
) {
  const http: Http = createHttp({
    prefix: `${baseUrl.replace(/\/$/, '')}/api/`,
    retry: options.retry ?? 2,
    timeout: options.timeout ?? 30_000,
    headers: { Accept: 'application/ld+json', ...options.headers },
  });
  const get = <T>(path: string, searchParams?: URLSearchParams | string) =>
    http.get(path, { searchParams }).json<T>();
  const enc = encodeURIComponent;

  return {
    http,
    dealers: () => get<HydraCollection<Dealer>>('dealers'),
    dealer: (slug: string) => get<Dealer>(`dealers/${enc(slug)}`),
    fraudPage: () => get<FraudPage>('fraud-page'),
    dealerBySiteName: (name: string) => get<Dealer>(`dealer-list/${enc(name)}`),
    banners: (type?: 'Car' | 'Motorcycle') => get<HydraCollection<Banner>>('banners', cleanParams({ type })),
    vehicles: (dealerSlug: string, query: Partial<VehicleQuery>) =>
      get<HydraCollection<VehicleSummary>>(`${enc(dealerSlug)}/vehicles`, vehicleQueryString(query)),
    vehicle: (id: number | string) => get<VehicleDetail>(`vehicles/${enc(String(id))}`),
    similar: (id: number | string) =>
      get<HydraCollection<VehicleSummary>>(`vehicles/${enc(String(id))}/similar`),
    makes: (dealer?: string) => get<HydraCollection<Make>>('makes', cleanParams({ dealer })),
    filters: (make?: string, model?: string, dealer?: string) =>
      get<Filters>(make && model ? `filters/${enc(make)}/${enc(model)}` : 'filters', cleanParams({ dealer })),
    rangeModels: (type?: 'car' | 'motorcycle') =>
      get<HydraCollection<RangeModel>>('ranges', cleanParams({ type })),
    rangeModel: (make: string, model: string) => get<RangeModel>(`ranges/${enc(make)}/${enc(model)}`),
    variants: (q: { model_slug?: string; variant_slug?: string; type?: string; page?: number } = {}) =>
      get<HydraCollection<Variant>>('renault_ranges', cleanParams({ page: q.page ?? 1, ...q })),
    variant: (id: number) => get<Variant>(`vehicle_range/${id}`),
    specialDeals: (dealer: string, deal?: string) =>
      get<HydraCollection<SpecialGroup>>(`special-deals/${enc(dealer)}`, cleanParams({ deal })),
    serviceDeals: (dealer: string, deal?: string) =>
      get<HydraCollection<SpecialGroup>>(`service-deals/${enc(dealer)}`, cleanParams({ deal })),
    special: (slug: string) => get<Special>(`specials/${enc(slug)}`),
    deal: (slug: string) => get<Special>(`deals/${enc(slug)}`),
    blog: (page = 1) => get<HydraCollection<BlogSummary>>('blog', cleanParams({ page })),
    blogPost: (slug: string) => get<BlogPost>(`blog/${enc(slug)}`),
  };
}
