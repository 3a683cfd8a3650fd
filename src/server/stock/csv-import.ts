/**
 * CSV stock import (docs/decisions/064-csv-stock-import.md). `planImport` reads a
 * dealer-management export and says, without writing, which rows add a car, change one (matched by
 * stock number), change nothing or are rejected (line, column, reason), and which cars of the file's
 * dealerships are missing from it. `applyPlan` writes exactly that plan in one transaction.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { StockVehicleFields, type StockVehicleInput } from '../../contract/stock.ts';
import {
  type ImportColumn,
  type ImportMode,
  type ImportRejection,
  SOLD_CONFIRM_SHARE,
} from '../../contract/stock-import.ts';
import { fromDmsExport } from '../../domain/dms-values.ts';
import { BODY_TYPES, FUEL_TYPES, TRANSMISSION_TYPES } from '../../domain/vehicle-query.ts';
import type { Database } from '../db/schema.ts';
import type { BlobStore } from '../media/storage.ts';
import { inScope } from './access.ts';
import { BODY_WORDS, COLUMN_OF, number, pick, readRows } from './csv-columns.ts';
import { inputOf, insertVehicle, rowOf, type VehicleRow } from './store.ts';

export interface Plan {
  /** Absent in plans stored before modes existed: those were full feeds. */
  mode?: ImportMode;
  rows: number;
  dealerships: string[];
  added: { row: number; stock_number: string; input: StockVehicleInput; images: string[] }[];
  changed: {
    row: number;
    stock_number: string;
    id: number;
    fields: string[];
    /** The changed fields' values now, so the dry run shows before → after. */
    was: Record<string, string | number | null>;
    input: StockVehicleInput;
    images: string[];
  }[];
  unchanged: number;
  removed: { id: number; stock_number: string; dealer_slug: string }[];
  rejected: ImportRejection[];
  /** Per dealership the file covers: its cars on sale now and how many the plan marks sold. */
  soldShare?: { dealer_slug: string; dealer_name: string; on_sale: number; marked_sold: number }[];
  /** The number the user must type to apply a plan that marks too many cars sold; null when not needed. */
  confirmSold?: number | null;
}

/** How many rows a plan rejects (a row may have several faults). */
export const rejectedRows = (p: Pick<Plan, 'rejected'>) => new Set(p.rejected.map((r) => r.row)).size;

export async function planImport(
  db: Kysely<Database>,
  store: BlobStore,
  csv: string,
  scope: string[] | null,
  mode: ImportMode = 'update',
): Promise<Plan> {
  const { header, records } = readRows(csv, mode);
  const dealers = await db.selectFrom('dealers').select(['slug', 'site_name', 'dealer_name']).execute();
  const dealerOf = (name: string) => {
    const key = name.trim().toLowerCase();
    return dealers.find((d) => [d.slug, d.site_name, d.dealer_name.toLowerCase()].includes(key))?.slug;
  };
  const existing = new Map(
    ((await db.selectFrom('vehicles').selectAll().execute()) as VehicleRow[]).map((r) => [r.stock_number, r]),
  );
  const vinOwner = new Map(
    [...existing.values()].filter((r) => r.vin).map((r) => [r.vin as string, r.stock_number]),
  );
  const plan: Plan = {
    mode,
    rows: records.length,
    dealerships: [],
    added: [],
    changed: [],
    unchanged: 0,
    removed: [],
    rejected: [],
  };
  const seen = new Map<string, number>();
  const seenVin = new Map<string, number>();
  const covered = new Set<string>();

  for (const [i, record] of records.entries()) {
    const line = i + 2;
    const cell = (c: ImportColumn) => {
      const at = header.indexOf(c);
      return at < 0 ? '' : (record[at] ?? '').trim();
    };
    const reject = (column: string, message: string) => plan.rejected.push({ row: line, column, message });
    const before = existing.get(cell('stock_number'));
    const old = before ? (inputOf(before) as Record<string, unknown>) : null;
    /**
     * A column the file does not have never changes that field: the car keeps its value (a new car
     * gets `fallback`, and the schema names what a new car cannot do without).
     */
    const given = <T>(c: ImportColumn, field: string, read: (s: string) => T, fallback: T): T | unknown =>
      header.includes(c) ? read(cell(c)) : old ? old[field] : fallback;
    const dealerName = cell('dealership');
    const dealerSlug = dealerName
      ? dealerOf(dealerName)
      : header.includes('dealership')
        ? undefined
        : before?.dealer_slug;
    if (dealerName && !dealerSlug) {
      reject('dealership', `No dealership is called '${dealerName}'`);
      continue;
    }
    if (dealerSlug && !inScope(scope, dealerSlug)) {
      reject(
        'dealership',
        `You may only import stock of your own dealership${(scope ?? []).length > 1 ? 's' : ''}`,
      );
      continue;
    }
    const text = (s: string) => s;
    const candidate = {
      stock_number: cell('stock_number'),
      vin: given('vin', 'vin', (s) => s || null, null),
      dealer_slug: dealerSlug ?? '',
      make: given('make', 'make', text, ''),
      model: given('model', 'model', text, ''),
      variant: given('variant', 'variant', text, ''),
      body_type: given('body', 'body_type', (s) => BODY_WORDS[s.toLowerCase()] ?? s.toLowerCase(), ''),
      year: given('year', 'year', number, undefined),
      mileage: given('mileage', 'mileage', (s) => number(s) ?? 0, 0),
      price: given('price', 'price', number, undefined),
      transmission: given('transmission', 'transmission', (s) => fromDmsExport('transmission', s) ?? s, ''),
      fuel_type: given('fuel', 'fuel_type', (s) => fromDmsExport('fuel', s) ?? s, ''),
      exterior_color: given('colour', 'exterior_color', text, ''),
      state_of_vehicle: given(
        'state',
        'state_of_vehicle',
        (s) => pick(['Used', 'Demo'], s || 'Used'),
        'Used',
      ),
      description: given('description', 'description', text, ''),
      // A car that is reserved or sold keeps that status; the file only says it is in stock.
      status: before?.status ?? 'available',
    };
    const parsed = v.safeParse(StockVehicleFields, candidate);
    if (!parsed.success) {
      const done = new Set<string>();
      for (const issue of parsed.issues) {
        const field = String(issue.path?.[0]?.key ?? '');
        if (done.has(field)) continue;
        done.add(field);
        const said = (c: ImportColumn) => (header.includes(c) ? `'${cell(c)}'` : 'missing');
        const message =
          field === 'dealer_slug'
            ? 'Dealership is required'
            : field === 'body_type'
              ? `Body must be one of ${BODY_TYPES.join(', ')}`
              : field === 'transmission'
                ? `Gearbox ${said('transmission')} is not one the site lists: ${TRANSMISSION_TYPES.join(' or ')} (CVT, DCT, AMT and Tiptronic read as Automatic)`
                : field === 'fuel_type'
                  ? `Fuel ${said('fuel')} is not one the site lists: ${FUEL_TYPES.join(', ')}`
                  : issue.message;
        reject(COLUMN_OF[field] ?? field, message);
      }
      continue;
    }
    const input = parsed.output;
    if (seen.has(input.stock_number)) {
      reject('stock_number', `Stock number is also on line ${seen.get(input.stock_number)}`);
      continue;
    }
    if (input.vin && seenVin.has(input.vin)) {
      reject('vin', `VIN is also on line ${seenVin.get(input.vin)}`);
      continue;
    }
    if (input.vin && vinOwner.has(input.vin) && vinOwner.get(input.vin) !== input.stock_number) {
      reject('vin', `VIN belongs to the car with stock number ${vinOwner.get(input.vin)}`);
      continue;
    }
    if (before && !inScope(scope, before.dealer_slug)) {
      reject('stock_number', 'Stock number belongs to a car of another dealership');
      continue;
    }
    const images: string[] = [];
    let photoProblem = false;
    for (const ref of cell('photos')
      .split(/[|;\s]+/)
      .filter(Boolean)) {
      if (/^https?:\/\//i.test(ref)) {
        reject(
          'photos',
          `Photo ${ref} was not fetched: this server does not download photos from other hosts; upload it and give its file name`,
        );
        photoProblem = true;
      } else if (
        !/^[a-z0-9][a-z0-9._-]*\.(webp|jpe?g|png|avif)$/i.test(ref) ||
        !(await store.exists(`used/${ref}`))
      ) {
        reject('photos', `No uploaded photo is named ${ref}`);
        photoProblem = true;
      } else images.push(ref);
    }
    if (photoProblem) continue;
    seen.set(input.stock_number, line);
    if (input.vin) seenVin.set(input.vin, line);
    covered.add(input.dealer_slug);
    if (!before) {
      plan.added.push({ row: line, stock_number: input.stock_number, input, images });
      continue;
    }
    const prior = old as Record<string, unknown>;
    const fields = Object.keys(input).filter((k) => prior[k] !== (input as Record<string, unknown>)[k]);
    if (images.length && JSON.stringify(images) !== before.images) fields.push('photos');
    if (fields.length) {
      const was = Object.fromEntries(
        fields.map((k) => [k, k === 'photos' ? before.images : (prior[k] as string | number | null)]),
      );
      plan.changed.push({
        row: line,
        stock_number: input.stock_number,
        id: before.id,
        fields,
        was,
        input,
        images,
      });
    } else plan.unchanged++;
  }
  plan.dealerships = [...covered].sort();
  // Only a full feed marks cars sold: an update leaves every car it does not list alone.
  if (mode === 'full')
    for (const car of existing.values())
      if (covered.has(car.dealer_slug) && !seen.has(car.stock_number) && car.status !== 'sold')
        plan.removed.push({ id: car.id, stock_number: car.stock_number, dealer_slug: car.dealer_slug });
  plan.removed.sort((a, b) => a.id - b.id);
  const onSale = [...existing.values()].filter((car) => car.status !== 'sold');
  plan.soldShare = plan.dealerships.map((slug) => ({
    dealer_slug: slug,
    dealer_name: dealers.find((d) => d.slug === slug)?.dealer_name ?? slug,
    on_sale: onSale.filter((car) => car.dealer_slug === slug).length,
    marked_sold: plan.removed.filter((car) => car.dealer_slug === slug).length,
  }));
  plan.confirmSold = plan.soldShare.some((d) => d.marked_sold > SOLD_CONFIRM_SHARE * d.on_sale)
    ? plan.removed.length
    : null;
  return plan;
}

/** What the apply step must find unchanged: the plan without line numbers' incidental order. */
export const planHash = (p: Plan) =>
  createHash('sha256')
    .update(JSON.stringify([p.added, p.changed, p.removed.map((r) => r.id), p.rejected.length]))
    .digest('hex');

/**
 * Writes the plan in one transaction; each car's before and after go to `onChange` for the audit log, and
 * to `record` inside the transaction for its revisions (one batch: the import's undo).
 */
export async function applyPlan(
  db: Kysely<Database>,
  plan: Plan,
  onChange: (action: string, id: number, before?: unknown, after?: unknown) => Promise<void>,
  record?: (trx: Kysely<Database>, action: 'create' | 'update', id: number, before?: object) => Promise<void>,
) {
  const done: [string, number, unknown, unknown][] = [];
  await db.transaction().execute(async (trx) => {
    for (const a of plan.added) {
      const id = await insertVehicle(trx, a.input);
      if (a.images.length)
        await trx
          .updateTable('vehicles')
          .set({ images: JSON.stringify(a.images) })
          .where('id', '=', id)
          .execute();
      done.push(['create', id, undefined, a.input]);
    }
    for (const c of plan.changed) {
      const before = await trx
        .selectFrom('vehicles')
        .selectAll()
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('vehicles')
        .set({ ...rowOf(c.input), ...(c.images.length ? { images: JSON.stringify(c.images) } : {}) })
        .where('id', '=', c.id)
        .execute();
      done.push(['update', c.id, inputOf(before), c.input]);
    }
    for (const r of plan.removed) {
      const was = await trx.selectFrom('vehicles').select('status').where('id', '=', r.id).executeTakeFirst();
      await trx.updateTable('vehicles').set({ status: 'sold' }).where('id', '=', r.id).execute();
      done.push(['update', r.id, { status: was?.status ?? 'available' }, { status: 'sold' }]);
    }
    if (record)
      for (const [action, id, before] of done)
        await record(trx, action as 'create' | 'update', id, before as object | undefined);
  });
  for (const [action, id, before, after] of done) await onChange(action, id, before, after);
}
