/**
 * getStaticPaths for the pre-owned pages with parameters, for every site (route-kit.ts): the group's
 * stock at the root, each dealer's own stock under its /dealer/{siteName} prefix.
 */
import type { VehicleDetail } from '../../contract/index.ts';
import { usedCarSegments } from '../../domain/urls.ts';
import { eachSite } from '../route-kit.ts';
import type { SiteCtx } from '../site.ts';
import { allStock, listingData, mapLimit, vehicleDetail } from './data.ts';

/** The API scope of a page: the dealer's slug under its prefix, the group slug at the root. */
export const scopeOf = (ctx: SiteCtx) => ctx.scope;
/** The `dealer` parameter of /api/filters: only under a dealer's prefix. */
export const facetDealerOf = (ctx: SiteCtx) => (ctx.site ? ctx.dealer.slug : null);

interface UsedMakeProps {
  make: string;
}
interface UsedModelProps {
  make: string;
  model: string;
}
export interface UsedVehicleProps {
  vehicle: VehicleDetail;
}

async function makesIn(ctx: SiteCtx) {
  return (await listingData(scopeOf(ctx), facetDealerOf(ctx))).filters.makes;
}

const makes = eachSite<UsedMakeProps>(async (ctx) =>
  (await makesIn(ctx)).map((m) => ({ params: { make: m.slug }, props: { make: m.slug } })),
);

const models = eachSite<UsedModelProps>(async (ctx) =>
  (await makesIn(ctx)).flatMap((m) =>
    m.models.map((model) => ({
      params: { make: m.slug, model: model.slug },
      props: { make: m.slug, model: model.slug },
    })),
  ),
);

/**
 * The rest parameter `car` of the used-car page and its enquiry: the shell ('vehicle'), which
 * src/server/site.ts answers for cars added after the build (the island loads the car the address
 * names), and '{make}/{model}/{id}' for every vehicle in stock at build time (search engines).
 */
const vehicles = eachSite<Partial<UsedVehicleProps>>(async (ctx) => {
  const stock = await allStock(scopeOf(ctx));
  const details = await mapLimit(stock, 8, (v) => vehicleDetail(v.id));
  return [
    { params: { car: 'vehicle' }, props: {} },
    ...details.map((vehicle) => ({
      params: { car: usedCarSegments(vehicle) },
      props: { vehicle },
    })),
  ];
});

export const usedRoutes = { make: makes, model: models, vehicle: vehicles };
