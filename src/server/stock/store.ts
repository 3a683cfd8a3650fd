/**
 * Saving a car of used stock, shared by the editor endpoints and the CSV import: the input is checked
 * against the contract schema, then against the database (the dealership exists and is the caller's,
 * stock number and VIN are not another car's), and stored with its slugs and instalment worked out.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Violation } from '../../contract/hydra.ts';
import type { StockVehicleInput } from '../../contract/stock.ts';
import { monthlyInstalment } from '../../domain/finance.ts';
import { slugify } from '../../domain/slug.ts';
import { paths } from '../../domain/urls.ts';
import type { Database, VehiclesTable } from '../db/schema.ts';
import { inScope } from './access.ts';

export type VehicleRow = Selectable<VehiclesTable>;

/** The editable fields of a stored car, as StockVehicleInput names them. */
export function inputOf(row: VehicleRow): StockVehicleInput {
  return {
    stock_number: row.stock_number,
    vin: row.vin,
    dealer_slug: row.dealer_slug,
    make: row.make,
    model: row.model,
    variant: row.variant,
    body_type: row.body_type as StockVehicleInput['body_type'],
    year: row.year,
    mileage: row.mileage,
    price: row.price,
    transmission: row.transmission as StockVehicleInput['transmission'],
    fuel_type: row.fuel_type as StockVehicleInput['fuel_type'],
    exterior_color: row.exterior_color,
    state_of_vehicle: row.state_of_vehicle as StockVehicleInput['state_of_vehicle'],
    description: row.description,
    status: row.status,
  };
}

export function rowOf(i: StockVehicleInput) {
  return {
    ...i,
    vin: i.vin ?? null,
    make_slug: slugify(i.make),
    model_slug: slugify(i.model),
    installment: monthlyInstalment({ price: i.price }),
  };
}

/** What the database must say yes to: the dealership (and that it is the caller's), unique keys. */
export async function stockChecks(
  db: Kysely<Database>,
  scope: string[] | null,
  i: StockVehicleInput,
  id: number | null,
): Promise<Violation[]> {
  const out: Violation[] = [];
  const dealer = await db
    .selectFrom('dealers')
    .select('slug')
    .where('slug', '=', i.dealer_slug)
    .executeTakeFirst();
  if (!dealer)
    out.push({ propertyPath: 'dealer_slug', message: 'No dealership has this slug', code: 'unknown_dealer' });
  else if (!inScope(scope, i.dealer_slug))
    out.push({
      propertyPath: 'dealer_slug',
      message: `You may only keep stock of your own dealership${(scope ?? []).length > 1 ? 's' : ''}: ${(scope ?? []).join(', ') || 'none is linked to your account'}`,
      code: 'not_your_dealer',
    });
  const taken = async (column: 'stock_number' | 'vin', value: string) => {
    let q = db.selectFrom('vehicles').select('id').where(column, '=', value);
    if (id !== null) q = q.where('id', '!=', id);
    return Boolean(await q.executeTakeFirst());
  };
  if (await taken('stock_number', i.stock_number))
    out.push({
      propertyPath: 'stock_number',
      message: 'Stock number is already used by another car',
      code: 'not_unique',
    });
  if (i.vin && (await taken('vin', i.vin)))
    out.push({ propertyPath: 'vin', message: 'VIN is already used by another car', code: 'not_unique' });
  return out;
}

/** Inserts a car with the next free id (ids are explicit integers, as in the seed). */
export async function insertVehicle(db: Kysely<Database>, i: StockVehicleInput): Promise<number> {
  // Inside an import's transaction already: use it (Kysely does not nest transactions).
  const inTransaction = <T>(fn: (trx: Kysely<Database>) => Promise<T>) =>
    db.isTransaction ? fn(db) : db.transaction().execute(fn);
  return inTransaction(async (trx) => {
    const { max } = await trx
      .selectFrom('vehicles')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const id = Number(max ?? 0) + 1;
    await trx
      .insertInto('vehicles')
      .values({ id, ...rowOf(i), images: '[]', created_at: new Date().toISOString() })
      .execute();
    return id;
  });
}

export async function updateVehicle(db: Kysely<Database>, id: number, i: StockVehicleInput) {
  await db.updateTable('vehicles').set(rowOf(i)).where('id', '=', id).execute();
}

/** The answer for one car: its input fields plus what the server works out. */
export function presentStock(row: VehicleRow & { dealer_name: string }, photoCount: number) {
  return {
    '@id': `/api/editor/vehicles/${row.id}`,
    '@type': 'StockVehicle' as const,
    id: row.id,
    ...inputOf(row),
    vin: row.vin,
    dealer_name: row.dealer_name,
    make_slug: row.make_slug,
    model_slug: row.model_slug,
    installment: row.installment,
    photo_count: photoCount,
    uri: paths.usedCar(row),
    created_at: row.created_at,
  };
}
