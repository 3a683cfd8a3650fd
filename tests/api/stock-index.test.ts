/**
 * The in-memory stock index (src/server/db/stock-index.ts) answers the used-stock listing exactly as the
 * database does: the same cars, order, totals and bytes for random filter combinations, on every
 * engine; and it follows changes, made through this process at once, by another connection within
 * its check interval.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db/client.ts';
import { createStockIndex, type StockIndex, stockVersion } from '../../src/server/stock/stock-index.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';

const RUNS = Number(process.env.STOCK_INDEX_RUNS ?? 150);

describe.each(ENGINES)('stock index on %s', (engine) => {
  let api: TestApi;
  let index: StockIndex;
  let values: {
    dealers: string[];
    makes: string[];
    models: string[];
    colours: string[];
    provinces: string[];
  };

  beforeAll(async () => {
    api = await openTestApi(engine);
    index = createStockIndex(api.db.db, {
      version: stockVersion(api.db.db, api.deps.dialect),
      checkEveryMs: 50,
    });
    await index.ready();
    const db = api.db.db;
    const distinct = async (col: 'dealer_slug' | 'make_slug' | 'model_slug' | 'exterior_color') =>
      (await db.selectFrom('vehicles').select(col).distinct().execute()).map((r) => String(r[col]));
    values = {
      dealers: await distinct('dealer_slug'),
      makes: await distinct('make_slug'),
      models: await distinct('model_slug'),
      colours: await distinct('exterior_color'),
      provinces: (await db.selectFrom('dealers').select('province').distinct().execute()).map(
        (r) => r.province,
      ),
    };
  });
  afterAll(() => api.close());

  /** The same request answered by the database (no index) and by the index. */
  const both = async (path: string) => {
    api.deps.stockIndex = undefined;
    const sqlAnswer = await api.fetch(path);
    api.deps.stockIndex = index;
    const indexAnswer = await api.fetch(path);
    api.deps.stockIndex = undefined;
    return { sql: await sqlAnswer.text(), index: await indexAnswer.text(), status: sqlAnswer.status };
  };

  it('gives the same page, order and total as the database for random queries', async () => {
    const pick = (list: () => string[]) => fc.constantFrom(...list());
    // Each filter is present in about one query in six, so most queries still find cars.
    const sometimes = <T>(arb: fc.Arbitrary<T>, absent: T) =>
      fc.oneof({ arbitrary: fc.constant(absent), weight: 5 }, { arbitrary: arb, weight: 1 });
    const listOf = (name: string, arb: fc.Arbitrary<string>) =>
      sometimes(
        fc
          .array(arb, { minLength: 1, maxLength: 2 })
          .map((xs) => xs.map((x) => `${name}[]=${encodeURIComponent(x)}`)),
        [],
      );
    const query = fc
      .record({
        scope: fc.oneof(fc.constantFrom('motus-subaru', 'all'), fc.constantFrom(...values.dealers)),
        make: sometimes(
          pick(() => values.makes),
          undefined,
        ),
        model: sometimes(
          pick(() => values.models),
          undefined,
        ),
        fuel: listOf('fuelType', fc.constantFrom('Petrol', 'Diesel', 'Hybrid')),
        gearbox: listOf('transmissionType', fc.constantFrom('Automatic', 'Manual')),
        state: listOf('vehicle_state', fc.constantFrom('Used', 'Demo')),
        body: listOf('body_type', fc.constantFrom('hatch', 'sedan', 'suv', 'wagon', 'bakkie', 'coupe')),
        colour: listOf(
          'colour',
          pick(() => values.colours),
        ),
        province: listOf(
          'province',
          pick(() => values.provinces),
        ),
        dealer: listOf(
          'dealer',
          pick(() => values.dealers),
        ),
        price: sometimes(
          fc.tuple(fc.constantFrom('gte', 'lte'), fc.integer({ min: 50_000, max: 900_000 })),
          undefined,
        ),
        year: sometimes(
          fc.tuple(fc.constantFrom('gte', 'lte'), fc.integer({ min: 2012, max: 2025 })),
          undefined,
        ),
        mileage: sometimes(fc.integer({ min: 0, max: 200_000 }), undefined),
        instalment: sometimes(fc.integer({ min: 1_000, max: 20_000 }), undefined),
        q: sometimes(fc.constantFrom('forester', 'es', 'AUTO', 'xv 2', 'a', '100%', 'x_y', 'km'), undefined),
        order: fc.option(
          fc.tuple(fc.constantFrom('price', 'year', 'mileage'), fc.constantFrom('asc', 'desc')),
          { nil: undefined },
        ),
        page: fc.oneof(
          { arbitrary: fc.constant(1), weight: 3 },
          { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 1 },
        ),
      })
      .map((r) => {
        const p = [
          ...(r.make ? [`make_slug=${r.make}`] : []),
          ...(r.model ? [`model_slug=${r.model}`] : []),
          ...r.fuel,
          ...r.gearbox,
          ...r.state,
          ...r.body,
          ...r.colour,
          ...r.province,
          ...(r.scope === 'motus-subaru' || r.scope === 'all' ? r.dealer : []),
          ...(r.price ? [`price[${r.price[0]}]=${r.price[1]}`] : []),
          ...(r.year ? [`year[${r.year[0]}]=${r.year[1]}`] : []),
          ...(r.mileage !== undefined ? [`mileage[lte]=${r.mileage}`] : []),
          ...(r.instalment !== undefined ? [`instalment[lte]=${r.instalment}`] : []),
          ...(r.q ? [`q=${encodeURIComponent(r.q)}`] : []),
          ...(r.order ? [`order[${r.order[0]}]=${r.order[1]}`] : []),
          `page=${r.page}`,
        ];
        return `/api/${r.scope}/vehicles?${p.join('&')}`;
      });
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(query, async (path) => {
        const { sql, index: fromIndex, status } = await both(path);
        expect(status).toBe(200);
        expect(fromIndex, path).toBe(sql);
        if (JSON.parse(sql)['hydra:totalItems'] > 0) nonEmpty++;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261125) },
    );
    // The generator must reach real results, or the comparison proves little.
    expect(nonEmpty).toBeGreaterThan(RUNS / 4);
  });

  it('answers the plain listings, every order and a page past the end like the database', async () => {
    for (const qs of [
      '',
      'order[price]=asc',
      'order[price]=desc',
      'order[year]=asc',
      'order[mileage]=desc',
      'page=2',
      'page=999',
      // Crossed bounds on one field: nothing matches (the run search once counted -421 here).
      'price[gte]=900000&price[lte]=100',
      'year[gte]=2024&year[lte]=2015&order[year]=asc',
    ]) {
      const { sql, index: fromIndex } = await both(`/api/motus-subaru/vehicles?${qs}`);
      expect(fromIndex, qs).toBe(sql);
    }
  });

  it('leaves several orders at once and non-ASCII keywords to the database', () => {
    const q = { page: 1, order: [], fuelType: [], transmissionType: [], vehicle_state: [] };
    expect(
      index.list(
        {
          ...q,
          order: [
            { field: 'price', direction: 'asc' },
            { field: 'year', direction: 'desc' },
          ],
        },
        null,
      ),
    ).toBeNull();
    expect(index.list({ ...q, words: ['café'] }, null)).toBeNull();
    expect(index.list(q, null)).not.toBeNull();
  });

  it('names a dealership by slug or site name as the database does, and an unknown one is the same 404', async () => {
    const dealers = await api.db.db.selectFrom('dealers').select(['slug', 'site_name']).execute();
    for (const { slug, site_name } of dealers) {
      expect(index.dealer(slug)).toBe(slug);
      expect(index.dealer(site_name)).toBe(slug);
      const { sql, index: fromIndex, status } = await both(`/api/${site_name.toUpperCase()}/vehicles`);
      expect(status).toBe(200);
      expect(fromIndex).toBe(sql);
    }
    expect(index.dealer('nobody')).toBeNull();
    const { sql, index: fromIndex, status } = await both('/api/nobody/vehicles');
    expect(status).toBe(404);
    expect(fromIndex).toBe(sql);
    // `dealer[]` takes slugs only: a site name there is the same 400 either way.
    const [first] = dealers;
    for (const bad of [first?.site_name, 'nobody']) {
      const answer = await both(`/api/all/vehicles?dealer[]=${first?.slug}&dealer[]=${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.index).toBe(answer.sql);
    }
  });

  it('drops its snapshot at once on a change made here, and follows one made by another connection', async () => {
    const db = api.db.db;
    const car = await db
      .selectFrom('vehicles')
      .select(['id', 'price'])
      .where('status', '=', 'available')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const priceOf = () => {
      const page = index.list(
        {
          page: 1,
          order: [],
          fuelType: [],
          transmissionType: [],
          vehicle_state: [],
          range: { price: { lte: 1 } },
        },
        null,
      );
      return page?.total;
    };
    expect(priceOf()).toBe(0);

    // Through this process: the write path calls invalidate(); the database answers until rebuilt.
    await db.updateTable('vehicles').set({ price: 1 }).where('id', '=', car.id).execute();
    index.invalidate();
    expect(
      index.list({ page: 1, order: [], fuelType: [], transmissionType: [], vehicle_state: [] }, null),
    ).toBeNull();
    await index.ready();
    expect(priceOf()).toBe(1);

    // Through another connection (a second instance, a stock import): noticed within the check interval.
    const other: Db = await openDb(
      engine === 'sqlite'
        ? `sqlite:${(api.deps.config.databaseUrl as string).replace(/^sqlite:/, '')}`
        : api.deps.config.databaseUrl,
    );
    try {
      await other.db.updateTable('vehicles').set({ price: car.price }).where('id', '=', car.id).execute();
    } finally {
      await other.destroy();
    }
    const deadline = Date.now() + 10_000;
    while (priceOf() !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(priceOf()).toBe(0);
  });

  it('follows a dealership renamed by another connection within the check interval', async () => {
    const { slug, site_name } = await api.db.db
      .selectFrom('dealers')
      .select(['slug', 'site_name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await index.ready();
    expect(index.dealer(site_name)).toBe(slug);
    const rename = async (name: string) => {
      const other: Db = await openDb(
        engine === 'sqlite'
          ? `sqlite:${(api.deps.config.databaseUrl as string).replace(/^sqlite:/, '')}`
          : api.deps.config.databaseUrl,
      );
      try {
        await other.db.updateTable('dealers').set({ site_name: name }).where('slug', '=', slug).execute();
      } finally {
        await other.destroy();
      }
    };
    await rename('renamed-site');
    try {
      const deadline = Date.now() + 10_000;
      while (index.dealer(site_name) !== null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(index.dealer(site_name)).toBeNull();
      expect(index.dealer('renamed-site')).toBe(slug);
    } finally {
      await rename(site_name);
    }
  });
});
