/**
 * The available used stock held in memory, so a listing query nobody asked for before (a cache miss)
 * is answered without the database: each car's filter values, its presented summary as finished JSON,
 * and its position in every order the listing offers (docs/decisions/170-stock-index.md).
 *
 * The database stays the truth. The index answers exactly what `listStock` (src/server/db/vehicle-queries.ts) answers,
 * which tests/api/stock-index.test.ts checks over many random queries on both databases; whatever it
 * cannot answer the same way (several orders at once, non-ASCII keywords) goes to SQL, and so does every
 * request while no snapshot is ready. Freshness: a stock change made through this process drops the
 * snapshot at once (the same call that clears the API micro-cache); a change made by another process
 * (a second instance, `npm run stock:import`) is noticed by `stockVersion` within `checkEveryMs`, less
 * than the staleness the micro-cache already has. A rebuild runs in the background in slices, serving
 * the old snapshot (or SQL, after a change here) until it is done.
 */
import { type Kysely, sql } from 'kysely';
import type { VehicleSummary } from '../../contract/vehicles.ts';
import type { VehicleQuery } from '../../domain/vehicle-query.ts';
import type { Database } from '../db/schema.ts';
import { photosByVehicle } from '../media/photos.ts';
import { presentVehicleSummary } from '../present.ts';
import { asciiLower, type Car, columnsOf, page, type Snapshot, type StockPage } from './snapshot-query.ts';

export interface StockIndex {
  /** The page and total for a query, or null when SQL must answer (no snapshot yet, or a query it leaves to SQL). */
  list(query: VehicleQuery, dealerSlug: string | null): StockPage | null;
  /**
   * The slug of the dealership a path segment names (its slug or site name, as stored), null when none
   * does; undefined when SQL must answer (no snapshot yet). As fresh as the listing.
   */
  dealer(segment: string): string | null | undefined;
  /** Stock, photos or dealerships changed in this process: answer from SQL until a new snapshot is built. */
  invalidate(): void;
  /** Builds the snapshot now (tests, start-up). */
  ready(): Promise<void>;
}

/** Rows presented per slice of a rebuild before the event loop gets a turn. */
const SLICE = 250;

const turn = () => new Promise<void>((ok) => setImmediate(ok));

/**
 * A value that changes whenever another process commits a change to the stock (changes made through
 * this process call invalidate()). SQLite: `PRAGMA data_version`, which changes exactly when another
 * connection commits (any table, so now and then a rebuild finds nothing new). PostgreSQL: the row
 * count and the sum of the rows' transaction ids (xmin, new on every insert and update) of the three
 * tables a listing shows.
 */
export function stockVersion(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): () => Promise<string> {
  if (dialect === 'sqlite')
    return async () => {
      const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
      return String(rows[0]?.data_version);
    };
  const of = (table: string) =>
    sql`(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${sql.table(table)})`;
  return async () => {
    const { rows } = await sql<{
      v: string;
    }>`select ${of('vehicles')} || '/' || ${of('vehicle_images')} || '/' || ${of('dealers')} as v`.execute(
      db,
    );
    return String(rows[0]?.v);
  };
}

async function buildSnapshot(db: Kysely<Database>, version: () => Promise<string>): Promise<Snapshot> {
  const checkedAt = Date.now();
  const before = await version();
  // Every dealership, with stock or not; a site name never equals another dealership's slug (editor checks).
  const dealers = new Map<string, string>();
  for (const d of await db.selectFrom('dealers').select(['slug', 'site_name']).execute()) {
    dealers.set(d.site_name, d.slug);
    dealers.set(d.slug, d.slug);
  }
  const cars: Car[] = [];
  const created: string[] = [];
  // In slices by id, each followed by a turn of the event loop: better-sqlite3 reads synchronously.
  for (let after = 0; ; ) {
    const slice = await db
      .selectFrom('vehicles')
      .innerJoin('dealers', 'dealers.slug', 'vehicles.dealer_slug')
      .selectAll('vehicles')
      .select(['dealers.dealer_name', 'dealers.province as dealer_province'])
      .where('vehicles.status', '=', 'available')
      .where('vehicles.id', '>', after)
      .orderBy('vehicles.id')
      .limit(SLICE)
      .execute();
    if (!slice.length) break;
    after = (slice.at(-1) as { id: number }).id;
    const mains = await photosByVehicle(
      db,
      slice.map((r) => r.id),
      true,
    );
    for (const r of slice) {
      const summary: VehicleSummary = presentVehicleSummary(r, mains.get(r.id));
      cars.push({
        id: r.id,
        dealer: r.dealer_slug,
        province: r.dealer_province,
        make: r.make_slug,
        model: r.model_slug,
        fuel: r.fuel_type,
        transmission: r.transmission,
        state: r.state_of_vehicle,
        body: r.body_type,
        colour: r.exterior_color,
        price: Number(r.price),
        year: Number(r.year),
        mileage: Number(r.mileage),
        instalment: Number(r.installment),
        text: [r.make, r.model, r.variant, r.description].map(asciiLower) as Car['text'],
        json: JSON.stringify(summary),
      });
      created.push(String(r.created_at));
    }
    await turn();
  }
  // Rows arrive in id order and TypedArray sorts are stable, so equal keys stay in id order: (key, id).
  const sortBy = (key: Float64Array | string[]) =>
    Int32Array.from(cars.keys()).sort((a, b) => {
      const x = key[a] as number | string;
      const y = key[b] as number | string;
      return x === y ? 0 : x < y ? -1 : 1;
    });
  const columns = columnsOf(cars);
  const orders = {
    price: sortBy(columns.range.price),
    year: sortBy(columns.range.year),
    mileage: sortBy(columns.range.mileage),
    created_at: sortBy(created),
  };
  return { cars, columns, orders, dealers, version: before, checkedAt };
}

export function createStockIndex(
  db: Kysely<Database>,
  opts: {
    version: () => Promise<string>;
    /** How often to ask whether another process changed the stock (while requests come). */
    checkEveryMs: number;
    onError?: (err: unknown) => void;
  },
): StockIndex {
  let snapshot: Snapshot | null = null;
  let building: Promise<void> | null = null;
  /** Bumped by invalidate(): a build that started before a change must not become the snapshot. */
  let generation = 0;

  const rebuild = (): Promise<void> => {
    if (building) return building;
    const started = generation;
    building = buildSnapshot(db, opts.version)
      .then((snap) => {
        if (started === generation) snapshot = snap;
      })
      .catch((err) => opts.onError?.(err))
      .finally(() => {
        building = null;
        // A change arrived while building: build again for it.
        if (started !== generation && !snapshot) void rebuild();
      });
    return building;
  };

  /** Rebuilds (serving the old snapshot meanwhile) when another process changed the stock. */
  const recheck = async (snap: Snapshot) => {
    try {
      if ((await opts.version()) !== snap.version && snapshot === snap) await rebuild();
    } catch (err) {
      opts.onError?.(err);
    }
  };

  /** The snapshot to answer from, having asked (at most every checkEveryMs) whether it is still current. */
  const current = (): Snapshot | null => {
    const snap = snapshot;
    if (!snap) {
      void rebuild();
      return null;
    }
    const now = Date.now();
    if (now - snap.checkedAt > opts.checkEveryMs) {
      snap.checkedAt = now;
      void recheck(snap);
    }
    return snap;
  };

  return {
    list(query, dealerSlug) {
      const snap = current();
      return snap && page(snap, query, dealerSlug);
    },
    dealer(segment) {
      const snap = current();
      return snap ? (snap.dealers.get(segment) ?? null) : undefined;
    },
    invalidate() {
      generation++;
      snapshot = null;
    },
    async ready() {
      if (!snapshot) await rebuild();
      if (!snapshot) throw new Error('the stock index could not be built');
    },
  };
}
