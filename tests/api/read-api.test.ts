/**
 * The read API of SPEC §7 against the real app and a real seeded database, on every engine. Every
 * answer is also checked strictly against /api/docs.json by the harness (./contract.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../../src/contract/index.ts';
import { SHOWCASE } from '../../src/demo/fixtures.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';

type Collection = HydraCollection<VehicleSummary>;
/** The body as its contract type (its shape is checked by the harness against /api/docs.json). */
const as = <T>(body: unknown) => body as T;
type Problem = { detail: string };

const DEFAULT_DEALER = 'motus-subaru-west-rand';
const LD = 'application/ld+json; charset=utf-8';

describe.each(ENGINES)('read API on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine);
  });
  afterAll(() => api.close());

  describe('dealers', () => {
    it('lists every dealership as a hydra collection with the default West Rand dealer first', async () => {
      const { status, body, res } = await api.json('/api/dealers');
      expect(status).toBe(200);
      expect(res.headers.get('content-type')).toBe(LD);
      const list = as<HydraCollection<Dealer>>(body);
      expect(list['hydra:totalItems']).toBeGreaterThanOrEqual(4);
      expect(list['hydra:member'][0]?.slug).toBe(DEFAULT_DEALER);
      expect(list['hydra:member'][0]?.province).toBe('Gauteng');
    });

    it('answers one dealer by slug and by site name, and 404s an unknown one', async () => {
      const one = await api.json(`/api/dealers/${DEFAULT_DEALER}`);
      expect(as<Dealer>(one.body).uri).toBe('/dealer/west-rand');
      const bySite = await api.json<{ slug: string }>('/api/dealer-list/west-rand');
      expect(bySite.body.slug).toBe(DEFAULT_DEALER);
      const missing = await api.json('/api/dealers/nowhere');
      expect(missing.status).toBe(404);
      expect(missing.res.headers.get('content-type')).toContain('application/problem+json');
      expect(as<Problem>(missing.body).detail).toContain('nowhere');
    });

    it('carries the WhatsApp number and opening hours, documented in /api/docs.json (issue #11)', async () => {
      const one = as<Dealer>((await api.json(`/api/dealers/${DEFAULT_DEALER}`)).body);
      expect(one.whatsapp_no).toMatch(/^\+27\d{9}$/);
      expect(one.opening_hours).toContainEqual({ day: 'Mon', opens: '08:00', closes: '17:00' });
      expect(one.opening_hours.some((p) => p.day === 'Sun')).toBe(false); // a day not listed is closed
      const docs = await api.json<{ components: { schemas: Record<string, { properties: object }> } }>(
        '/api/docs.json',
      );
      expect(Object.keys(docs.body.components.schemas.Dealer?.properties ?? {})).toEqual(
        expect.arrayContaining(['whatsapp_no', 'opening_hours', 'dealer_contact_no', 'latitude']),
      );
    });

    it('answers null and [] for a dealership without a WhatsApp number or hours, and skips bad stored hours', async () => {
      const slug = 'motus-subaru-pretoria';
      const db = api.deps.db;
      const before = await db
        .selectFrom('dealers')
        .select(['whatsapp_no', 'opening_hours'])
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
      try {
        await db
          .updateTable('dealers')
          .set({ whatsapp_no: '', opening_hours: '[]' })
          .where('slug', '=', slug)
          .execute();
        const none = as<Dealer>((await api.json(`/api/dealers/${slug}`)).body);
        expect(none).toMatchObject({ whatsapp_no: null, opening_hours: [] });
        const hours = JSON.stringify([
          { day: 'Sat', opens: '08:00', closes: '12:00' },
          { day: 'Someday', opens: '08:00', closes: '12:00' },
          { day: 'Mon', opens: 'eight', closes: '17:00' },
        ]);
        await db.updateTable('dealers').set({ opening_hours: hours }).where('slug', '=', slug).execute();
        const some = await api.json<Dealer>(`/api/dealers/${slug}`);
        expect(some.status).toBe(200);
        expect(some.body.opening_hours).toEqual([{ day: 'Sat', opens: '08:00', closes: '12:00' }]);
        await db.updateTable('dealers').set({ opening_hours: 'not json' }).where('slug', '=', slug).execute();
        expect((await api.json<Dealer>(`/api/dealers/${slug}`)).body.opening_hours).toEqual([]);
      } finally {
        await db.updateTable('dealers').set(before).where('slug', '=', slug).execute();
      }
    });
  });

  describe('banners', () => {
    it('filters by type and defaults the button text', async () => {
      const cars = as<HydraCollection<Banner>>((await api.json('/api/banners?type=Car')).body);
      expect(cars['hydra:totalItems']).toBeGreaterThan(0);
      expect(cars['hydra:member'].every((b) => b.type === 'Car')).toBe(true);
      expect(cars['hydra:member'].some((b) => b.button.text === 'Explore more')).toBe(true);
      const bikes = as<HydraCollection<Banner>>((await api.json('/api/banners?type=Motorcycle')).body);
      expect(bikes['hydra:totalItems']).toBe(0);
      const all = (await api.json<{ 'hydra:totalItems': number }>('/api/banners?type=')).body;
      expect(all['hydra:totalItems']).toBe(cars['hydra:totalItems']);
    });

    it('rejects an unknown banner type with a 400 naming the parameter', async () => {
      const r = await api.json<{ detail: string }>('/api/banners?type=Boat');
      expect(r.status).toBe(400);
      expect(r.body.detail).toMatch(/^type: 'Boat'/);
    });
  });

  describe('used stock listing', () => {
    it('pages the whole group 12 at a time with a hydra view', async () => {
      const r = await api.json('/api/motus-subaru/vehicles');
      const list = as<HydraCollection<VehicleSummary>>(r.body);
      expect(list['hydra:member']).toHaveLength(12);
      expect(list['hydra:totalItems']).toBeGreaterThanOrEqual(400);
      const last = Math.ceil(list['hydra:totalItems'] / 12);
      expect((r.body as { 'hydra:view': Record<string, string> })['hydra:view']).toMatchObject({
        'hydra:last': expect.stringContaining(`page=${last}`),
        'hydra:next': expect.stringContaining('page=2'),
      });
      const lastPage = await api.json<{ 'hydra:member': unknown[] }>(
        `/api/motus-subaru/vehicles?page=${last}`,
      );
      const expected = list['hydra:totalItems'] - (last - 1) * 12;
      expect(lastPage.body['hydra:member']).toHaveLength(expected);
    });

    it('scopes stock to one dealer by slug or site name', async () => {
      const bySlug = await api.json<Collection>(`/api/${DEFAULT_DEALER}/vehicles`);
      const bySite = await api.json<Collection>('/api/west-rand/vehicles');
      expect(bySlug.body['hydra:totalItems']).toBe(bySite.body['hydra:totalItems']);
      expect(bySlug.body['hydra:member'].every((c) => c.dealer_name === 'Subaru West Rand')).toBe(true);
      expect((await api.fetch('/api/atlantis/vehicles')).status).toBe(404);
    });

    it('filters by make, model, fuel, transmission and state together', async () => {
      const q =
        'make_slug=subaru&fuelType[]=Petrol&transmissionType[]=Automatic&vehicle_state[]=Used&vehicle_state[]=Demo';
      const r = await api.json<Collection>(`/api/motus-subaru/vehicles?${q}`);
      expect(r.status).toBe(200);
      expect(r.body['hydra:totalItems']).toBeGreaterThan(0);
      for (const car of r.body['hydra:member']) {
        expect(car).toMatchObject({ make: 'Subaru', fuel_type: 'Petrol', transmission: 'Automatic' });
      }
    });

    it('sorts by price, year and mileage in either direction', async () => {
      for (const [field, pick] of [
        ['price', (c: VehicleSummary) => c.price],
        ['year', (c: VehicleSummary) => c.year],
        ['mileage', (c: VehicleSummary) => c.mileage.value],
      ] as const) {
        const asc = (await api.json<Collection>(`/api/motus-subaru/vehicles?order[${field}]=asc`)).body[
          'hydra:member'
        ].map(pick);
        const desc = (await api.json<Collection>(`/api/motus-subaru/vehicles?order[${field}]=desc`)).body[
          'hydra:member'
        ].map(pick);
        expect(asc).toEqual([...asc].sort((a, b) => a - b));
        expect(desc).toEqual([...desc].sort((a, b) => b - a));
      }
    });

    it('ignores empty values and Any', async () => {
      const plain = await api.json<Collection>('/api/motus-subaru/vehicles');
      const blanks = await api.json<Collection>(
        '/api/motus-subaru/vehicles?page=&make_slug=&model_slug=&fuelType[]=&fuelType[]=Any&order[price]=',
      );
      expect(blanks.status).toBe(200);
      expect(blanks.body['hydra:totalItems']).toBe(plain.body['hydra:totalItems']);
    });

    it.each([
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['order[price]=sideways', 'order[price]'],
      ['order[colour]=asc', 'order[colour]'],
      ['fuelType[]=Steam', 'fuelType[]'],
      ['transmissionType[]=Telepathic', 'transmissionType[]'],
      ['vehicle_state[]=New', 'vehicle_state[]'],
      ['make_slug=Not%20A%20Slug!', 'make_slug'],
    ])('answers 400 naming the parameter for %s', async (query, param) => {
      const r = await api.json<{ detail: string }>(`/api/motus-subaru/vehicles?${query}`);
      expect(r.status).toBe(400);
      expect(r.body.detail.startsWith(`${param}: `)).toBe(true);
    });

    it('answers an empty page past the end rather than an error', async () => {
      const r = await api.json<Collection>('/api/motus-subaru/vehicles?page=999');
      expect(r.status).toBe(200);
      expect(r.body['hydra:member']).toEqual([]);
    });
  });

  describe('one vehicle', () => {
    it('answers the showcase car in the SPEC §3 detail shape', async () => {
      const r = await api.json(`/api/vehicles/${SHOWCASE.id}`);
      expect(r.status).toBe(200);
      const car = as<VehicleDetail>(r.body);
      expect(car).toMatchObject({
        make: 'Subaru',
        model: 'Forester',
        year: 2022,
        price: 489900,
        status: 'available',
      });
      expect(car.mileage['hydra:member'][0]).toBe(45200);
      expect(car.uri).toBe(`/pre-owned/subaru/forester/${SHOWCASE.id}`);
    });

    it('404s an unknown id and 400s a malformed one', async () => {
      expect((await api.fetch('/api/vehicles/999999999')).status).toBe(404);
      const bad = await api.json<{ detail: string }>('/api/vehicles/abc');
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toMatch(/^id: /);
    });
  });

  describe('makes and filters', () => {
    it('lists 10+ makes with model counts that add up to the stock', async () => {
      const makes = as<HydraCollection<Make>>((await api.json('/api/makes')).body)['hydra:member'];
      expect(makes.length).toBeGreaterThanOrEqual(10);
      const total = (await api.json<Collection>('/api/motus-subaru/vehicles')).body['hydra:totalItems'];
      expect(makes.reduce((n, m) => n + m.count, 0)).toBe(total);
      for (const m of makes) expect(m.models.reduce((n, x) => n + x.count, 0)).toBe(m.count);
    });

    it('gives facet counts that agree with the listing', async () => {
      const f = as<Filters>((await api.json('/api/filters/subaru/forester')).body);
      for (const { value, count } of f.fuelType) {
        const r = await api.json<Collection>(
          `/api/motus-subaru/vehicles?make_slug=subaru&model_slug=forester&fuelType[]=${value}`,
        );
        expect(r.body['hydra:totalItems']).toBe(count);
      }
      const states = as<Filters>((await api.json('/api/filters')).body).vehicle_state;
      const used = await api.json<Collection>('/api/motus-subaru/vehicles?vehicle_state[]=Used');
      expect(states.find((s) => s.value === 'Used')?.count).toBe(used.body['hydra:totalItems']);
    });
  });

  describe('new range', () => {
    it('lists variants under /renault_ranges, filterable by model and variant', async () => {
      const all = as<HydraCollection<Variant>>((await api.json('/api/renault_ranges?page=1&type=car')).body);
      expect(all['hydra:totalItems']).toBeGreaterThanOrEqual(12);
      const forester = as<HydraCollection<Variant>>(
        (await api.json('/api/renault_ranges?model_slug=forester')).body,
      );
      expect(forester['hydra:member'].every((v) => v.model === 'Forester')).toBe(true);
      const first = forester['hydra:member'][0];
      const one = await api.json<Collection>(
        `/api/renault_ranges?model_slug=forester&variant_slug=${first?.variant_slug}`,
      );
      expect(one.body['hydra:totalItems']).toBe(1);
      const byId = await api.json(`/api/vehicle_range/${first?.id}`);
      expect(as<Variant>(byId.body).variant).toBe(first?.variant);
      expect((await api.fetch('/api/vehicle_range/424242')).status).toBe(404);
    });

    it('lists models with their lowest variant price', async () => {
      const models = as<HydraCollection<RangeModel>>((await api.json('/api/ranges?type=car')).body)[
        'hydra:member'
      ];
      const names = models.map((m) => m.model);
      for (const model of ['Impreza', 'Crosstrek', 'Forester', 'Outback', 'WRX', 'BRZ'])
        expect(names).toContain(model);
      const forester = models.find((m) => m.model_slug === 'forester');
      const variants = (
        await api.json<{ 'hydra:member': { modelPrice: number }[] }>(
          '/api/renault_ranges?model_slug=forester',
        )
      ).body;
      expect(forester?.minPrice).toBe(Math.min(...variants['hydra:member'].map((v) => v.modelPrice)));
    });

    it('rejects an unknown range type', async () => {
      expect((await api.fetch('/api/renault_ranges?type=boat')).status).toBe(400);
    });
  });

  describe('specials and service deals', () => {
    it('groups a dealer’s specials by model, including group-wide offers', async () => {
      const r = await api.json(`/api/special-deals/${DEFAULT_DEALER}`);
      const groups = as<HydraCollection<SpecialGroup>>(r.body)['hydra:member'];
      expect(groups.length).toBeGreaterThan(0);
      const service = as<HydraCollection<SpecialGroup>>(
        (await api.json(`/api/service-deals/${DEFAULT_DEALER}`)).body,
      );
      expect(service['hydra:totalItems']).toBeGreaterThan(0);
      expect((await api.fetch('/api/special-deals/atlantis')).status).toBe(404);
    });

    it('rewrites "Subaru Motus" to "Motus Subaru" everywhere it is shown', async () => {
      const text = await (await api.fetch('/api/special-deals/motus-subaru')).text();
      expect(text).not.toContain('Subaru Motus');
    });

    it('narrows to one deal and answers a special by slug on both paths', async () => {
      const groups = (
        await api.json<{ 'hydra:member': { specials: { slug: string }[] }[] }>(
          '/api/special-deals/motus-subaru',
        )
      ).body;
      const slug = groups['hydra:member'][0]?.specials[0]?.slug as string;
      const one = (
        await api.json<{ 'hydra:member': { specials: { slug: string }[] }[] }>(
          `/api/special-deals/motus-subaru?deal=${slug}`,
        )
      ).body;
      expect(one['hydra:member'].flatMap((g) => g.specials.map((s) => s.slug))).toEqual([slug]);
      expect(as<Special>((await api.json(`/api/specials/${slug}`)).body).slug).toBe(slug);
      expect((await api.json<{ slug: string }>(`/api/deals/${slug}`)).body.slug).toBe(slug);
      expect((await api.fetch('/api/specials/no-such-special')).status).toBe(404);
    });
  });

  describe('blog', () => {
    it('pages posts six at a time, newest first, every post reachable', async () => {
      const first = as<HydraCollection<BlogSummary>>((await api.json('/api/blog?page=1')).body);
      expect(first['hydra:member']).toHaveLength(6);
      expect(first['hydra:totalItems']).toBeGreaterThanOrEqual(14);
      const pages = Math.ceil(first['hydra:totalItems'] / 6);
      const seen = new Set<string>();
      for (let p = 1; p <= pages; p++) {
        const page = (
          await api.json<{ 'hydra:member': { slug: string; publish_date: string }[] }>(`/api/blog?page=${p}`)
        ).body;
        for (const post of page['hydra:member']) seen.add(post.slug);
      }
      expect(seen.size).toBe(first['hydra:totalItems']);
      const dates = first['hydra:member'].map((p) => p.publish_date);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('answers a post with its HTML body and meta fields, 404 for an unknown slug', async () => {
      const list = (await api.json<{ 'hydra:member': { slug: string }[] }>('/api/blog')).body;
      const slug = list['hydra:member'][0]?.slug;
      expect(as<BlogPost>((await api.json(`/api/blog/${slug}`)).body).body).toContain('<p>');
      expect((await api.fetch('/api/blog/not-a-post')).status).toBe(404);
      expect((await api.fetch('/api/blog?page=x')).status).toBe(400);
    });
  });

  describe('protocol', () => {
    it('answers 405 with Allow for a write to a read-only resource', async () => {
      const r = await api.fetch('/api/dealers', { method: 'DELETE' });
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toContain('GET');
    });

    it('answers 404 problem+json for an unknown API path', async () => {
      const r = await api.fetch('/api/nothing/here/at/all');
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
    });

    it('publishes an OpenAPI 3.1 document covering every read path', async () => {
      const r = await api.json<{ openapi: string; paths: Record<string, unknown> }>('/api/docs.json');
      expect(r.body.openapi).toBe('3.1.0');
      for (const path of [
        '/api/dealers',
        '/api/{dealerSlug}/vehicles',
        '/api/vehicles/{id}',
        '/api/renault_ranges',
        '/api/blog/{slug}',
        '/api/filters/{make}/{model}',
      ]) {
        expect(Object.keys(r.body.paths)).toContain(path);
      }
      expect((await api.fetch('/api/docs')).headers.get('content-type')).toContain('text/html');
    });
  });
});
