/**
 * The admin's edit forms check a record with its input schema before saving (src/admin/schema-check.ts,
 * decision 191). A record as the editor API answers it must pass that check untouched, or an editor
 * could not save any change to it: every demo record of every content and stock resource, on both
 * databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_RESOURCES } from '../../src/admin/api-paths.ts';
import { type InputSchema, schemaResolver } from '../../src/admin/schema-check.ts';
import {
  BannerInput,
  BlogPostInput,
  DealershipInput,
  OfferInput,
  RangeModelInput,
  RangeVariantInput,
} from '../../src/contract/content.ts';
import { StockVehicleInput } from '../../src/contract/stock.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { API_KEY, auth, storeKnownKey } from './publish-helpers.ts';

const FORMS: Record<string, InputSchema> = {
  blog_posts: BlogPostInput,
  specials: OfferInput,
  service_deals: OfferInput,
  banners: BannerInput,
  range_models: RangeModelInput,
  range_variants: RangeVariantInput,
  dealers: DealershipInput,
  vehicles: StockVehicleInput,
};

describe.each(ENGINES)('admin edit forms on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine);
    await storeKnownKey(api.deps.db, API_KEY, ['content:write', 'stock:write']);
  });
  afterAll(() => api.close());

  it.each(Object.keys(FORMS))('%s: every record the API answers can be saved unchanged', async (name) => {
    const path = API_RESOURCES[name]?.path as string;
    const { status, body } = await api.json<{ 'hydra:member': Record<string, unknown>[] }>(
      `${path}?itemsPerPage=200`,
      { headers: auth },
    );
    expect(status).toBe(200);
    const records = body['hydra:member'];
    expect(records.length).toBeGreaterThan(0);
    const check = schemaResolver(FORMS[name] as InputSchema);
    const refused = [];
    for (const record of records) {
      // biome-ignore lint/suspicious/noExplicitAny: the resolver's context and options are unused
      const r = await check(record, undefined, {} as any);
      if (Object.keys(r.errors).length) refused.push({ id: record.id, errors: r.errors });
    }
    expect(refused).toEqual([]);
  });
});
