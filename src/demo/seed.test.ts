import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type ImageKind, uploadPath } from '../domain/images.ts';
import { SLUG_PATTERN } from '../domain/slug.ts';
import type { Database } from '../server/db/schema.ts';
import { carSvg } from './art/car-svg.ts';
import { listBrochures } from './brochures.ts';
import { DEFAULT_DEALER_SLUG } from './data/dealers.ts';
import { SHOWCASE_VEHICLE_ID } from './data/vehicles.ts';
import { listImages } from './images.ts';
import { buildSeedData, seedDatabase } from './seed.ts';

/** DESIGN §5 instalment, written out independently of the seed's own helper. */
function expectedInstalment(price: number): number {
  const i = 0.01;
  const v = 1.01 ** -72;
  return Math.round((((price - 0.4 * price * v) * i) / (1 - v)) * 100) / 100;
}

const unique = (values: readonly string[]): boolean => new Set(values).size === values.length;

describe('seed data', () => {
  const data = buildSeedData();

  it('is deterministic: building twice gives the same rows and the same image list', () => {
    expect(buildSeedData()).toEqual(data);
    expect(listImages()).toEqual(listImages());
  });

  it('has enough rows to exercise pagination and filters', () => {
    expect(data.dealers.length).toBeGreaterThanOrEqual(5);
    expect(data.dealers.map((d) => d.slug)).toContain(DEFAULT_DEALER_SLUG);
    expect(data.vehicles.length).toBeGreaterThanOrEqual(400);
    expect(new Set(data.vehicles.map((v) => v.make)).size).toBeGreaterThanOrEqual(10);
    expect(data.blog_posts.length).toBeGreaterThanOrEqual(14);
    for (const model of data.range_models) {
      const variants = data.range_variants.filter((v) => v.model_id === model.id);
      expect(variants.length, model.model).toBeGreaterThanOrEqual(2);
      for (const v of variants) expect(JSON.parse(v.colors).length, v.variant).toBeGreaterThanOrEqual(4);
    }
  });

  it('uses unique, URL-safe slugs', () => {
    const slugs = (values: readonly string[]) => {
      for (const s of values) expect(s).toMatch(SLUG_PATTERN);
      expect(unique(values)).toBe(true);
    };
    slugs(data.dealers.map((d) => d.slug));
    slugs(data.dealers.map((d) => d.site_name));
    slugs(data.range_models.map((m) => m.model_slug));
    for (const m of data.range_models)
      slugs(data.range_variants.filter((v) => v.model_id === m.id).map((v) => v.variant_slug));
    slugs(data.specials.map((s) => s.slug));
    slugs(data.blog_posts.map((p) => p.slug));
    for (const v of data.vehicles) {
      expect(v.make_slug).toMatch(SLUG_PATTERN);
      expect(v.model_slug).toMatch(SLUG_PATTERN);
    }
    expect(unique(data.vehicles.map((v) => String(v.id)))).toBe(true);
  });

  it('points vehicles, specials and variants at rows that exist', () => {
    const dealers = new Set(data.dealers.map((d) => d.slug));
    for (const v of data.vehicles) expect(dealers.has(v.dealer_slug), v.dealer_slug).toBe(true);
    for (const s of data.specials)
      if (s.dealer_slug) expect(dealers.has(s.dealer_slug), s.dealer_slug).toBe(true);
    const models = new Set(data.range_models.map((m) => m.id));
    for (const v of data.range_variants) expect(models.has(v.model_id)).toBe(true);
  });

  it('references only image files the image list produces, and brochures that are generated', () => {
    const produced = new Set(listImages().map((j) => uploadPath(j.kind, j.file)));
    const refs: [ImageKind, string][] = [
      ...data.range_models.flatMap((m) => [
        ['main', m.main_image] as [ImageKind, string],
        ...JSON.parse(m.gallery).map((g: string) => ['gallery', g]),
      ]),
      ...data.range_variants.flatMap((v) => [
        ['main', v.main_image] as [ImageKind, string],
        ...JSON.parse(v.colors).map((c: { image: string }) => ['range', c.image]),
      ]),
      ...data.vehicles.flatMap((v) => JSON.parse(v.images).map((f: string) => ['used', f])),
      ...data.banners.map((b) => ['banner', b.image] as [ImageKind, string]),
      ...data.specials.flatMap(
        (s) =>
          [
            ['special', s.thumbnail],
            ['special', s.image],
          ] as [ImageKind, string][],
      ),
      ...data.blog_posts.map((p) => ['blog', p.image] as [ImageKind, string]),
    ];
    const missing = refs.map(([kind, file]) => uploadPath(kind, file)).filter((p) => !produced.has(p));
    expect(missing).toEqual([]);
    expect(new Set(data.range_variants.map((v) => v.brochure))).toEqual(new Set(listBrochures()));
  });

  it('contains the showcase car tests rely on', () => {
    const car = data.vehicles.find((v) => v.id === SHOWCASE_VEHICLE_ID);
    expect(car).toMatchObject({
      id: SHOWCASE_VEHICLE_ID,
      make: 'Subaru',
      model: 'Forester',
      year: 2022,
      mileage: 45_200,
      price: 489_900,
      exterior_color: 'Blue',
      state_of_vehicle: 'Used',
      dealer_slug: DEFAULT_DEALER_SLUG,
      status: 'available',
    });
    expect(JSON.parse(car?.images ?? '[]')).toHaveLength(4);
  });

  it('names only seeded dealerships, at any scale (npm run seed -- --dealers 2)', () => {
    for (const dealers of [1, 2, 5, 30]) {
      const scaled = buildSeedData({ dealers, vehicles: 50 });
      const slugs = new Set(scaled.dealers.map((d) => d.slug));
      expect(scaled.dealers).toHaveLength(dealers);
      for (const row of [...scaled.vehicles, ...scaled.specials])
        if (row.dealer_slug)
          expect(slugs, `${dealers} dealers: ${row.dealer_slug}`).toContain(row.dealer_slug);
    }
  });

  it('computes instalments with the DESIGN formula (R500 000 gives R7 865,06)', () => {
    expect(expectedInstalment(500_000)).toBe(7865.06);
    for (const car of data.vehicles.slice(0, 20)) expect(car.installment).toBe(expectedInstalment(car.price));
  });
});

describe('seedDatabase', () => {
  it('fills an empty SQLite database once, and again only with force', async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(':memory:') }) });
    // Tables shaped like the rows; the real migrations live elsewhere and are tested there.
    for (const [table, rows] of Object.entries(buildSeedData())) {
      let create = db.schema.createTable(table);
      for (const [column, value] of Object.entries(rows[0] ?? {})) {
        create = create.addColumn(column, typeof value === 'number' ? 'real' : 'text');
      }
      await create.execute();
    }
    expect(await seedDatabase(db, {})).toEqual({ seeded: true });
    expect(await seedDatabase(db, {})).toEqual({ seeded: false });
    expect(await seedDatabase(db, { force: true })).toEqual({ seeded: true });
    const count = await db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(buildSeedData().vehicles.length);
    await db.destroy();
  });
});

describe('car artwork', () => {
  it('renders a side view to a WebP of the requested size', async () => {
    const svg = carSvg({ body: 'suv', color: '#1f3f7a', view: 'side', width: 480, height: 300 });
    const webp = await sharp(Buffer.from(svg)).webp({ quality: 72 }).toBuffer();
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 300]);
  });
});
