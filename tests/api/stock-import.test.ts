/**
 * CSV stock import (issue 10 §4): a dry run names every bad row (line, column, reason) and writes
 * nothing; applying needs the dry run's id and writes exactly that plan; importing the same file again
 * changes nothing; a dealer user imports only their own dealership; a photo URL that cannot be fetched
 * is a reason on its row, not a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { signedIn } from './staff-helpers.ts';

type Plan = {
  id: string;
  state: string;
  rows: number;
  added: { row: number; stock_number: string }[];
  changed: { row: number; stock_number: string; fields: string[] }[];
  unchanged: number;
  removed: { id: number; stock_number: string; dealer_slug: string }[];
  rejected: { row: number; column: string; message: string }[];
  detail?: string;
};

const HEADER =
  'Stock No,VIN,Make,Model,Variant,Year,Mileage,Price,Colour,Fuel,Transmission,Body,Dealership,Photos';
const FILE = [
  HEADER,
  'WR-100,JF1GT7LL5KG000111,Subaru,XV,2.0i-S ES,2021,"45 000","R 389 900",Blue,Petrol,Auto,SUV,Subaru West Rand,',
  'WR-101,JF1GT7LL5KG00O112,Subaru,XV,2.0i,2020,60000,329900,White,Petrol,Automatic,suv,motus-subaru-west-rand,',
  'WR-102,,Subaru,Impreza,2.0i,soon,60000,259900,Red,Petrol,Manual,Hatchback,motus-subaru-west-rand,',
  'WR-103,,Subaru,Forester,2.5i,2019,90000,299900,Grey,Petrol,Automatic,suv,motus-subaru-west-rand,https://dms.example/p/1.jpg',
  'DB-200,,Subaru,Outback,2.5i,2022,30000,549900,Green,Petrol,Automatic,wagon,motus-subaru-durban,',
  'WR-100,,Subaru,XV,2.0i,2021,45000,389900,Blue,Petrol,Automatic,suv,motus-subaru-west-rand,',
  'WR-104,,Subaru,BRZ,2.4,2023,8000,699900,Red,Petrol,Manual,Coupe,Nowhere Motors,',
].join('\n');

describe.each(ENGINES)('CSV stock import on %s', (engine) => {
  let api: TestApi;
  let editor: Record<string, string>;
  let dealer: Record<string, string>;
  const upload = (csv: string, headers = editor) =>
    api.json<Plan>('/api/editor/stock_imports', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'text/csv' },
      body: csv,
    });
  const apply = (id: string, headers = editor) =>
    api.json<Plan>(`/api/editor/stock_imports/${id}/apply`, { method: 'POST', headers });
  const count = async (stock: string) =>
    (await api.db.db.selectFrom('vehicles').select('id').where('stock_number', '=', stock).execute()).length;

  beforeAll(async () => {
    api = await openTestApi(engine);
    editor = (await signedIn(api, 'editor')).headers;
    dealer = (await signedIn(api, 'dealer', { dealers: ['motus-subaru-west-rand'] })).headers;
  });
  afterAll(() => api.close());

  it('dry run: names each rejected row by line, column and reason, and writes nothing', async () => {
    const r = await upload(FILE);
    expect(r.status).toBe(201);
    expect(r.body.state).toBe('dry_run');
    expect(r.body.rows).toBe(7);
    expect(r.body.added.map((a) => a.stock_number)).toEqual(['WR-100', 'DB-200']);
    expect(r.body.rejected).toEqual([
      { row: 3, column: 'vin', message: 'VIN may only contain digits and letters other than I, O and Q' },
      { row: 4, column: 'year', message: 'Year must be a number' },
      { row: 5, column: 'photos', message: expect.stringMatching(/was not fetched/) },
      { row: 7, column: 'stock_number', message: 'Stock number is also on line 2' },
      { row: 8, column: 'dealership', message: "No dealership is called 'Nowhere Motors'" },
    ]);
    expect(r.body.removed.length).toBeGreaterThan(0);
    for (const car of r.body.removed)
      expect(['motus-subaru-west-rand', 'motus-subaru-durban']).toContain(car.dealer_slug);
    expect(await count('WR-100')).toBe(0);
    const again = await api.json<Plan>(`/api/editor/stock_imports/${r.body.id}`, { headers: editor });
    expect(again.body.added).toEqual(r.body.added);
  });

  it('applies only with the dry run’s id, once; the same file again changes nothing', async () => {
    const dry = await upload(FILE);
    const done = await apply(dry.body.id);
    expect(done.status).toBe(200);
    expect(done.body.state).toBe('applied');
    expect(await count('WR-100')).toBe(1);
    const car = await api.db.db
      .selectFrom('vehicles')
      .selectAll()
      .where('stock_number', '=', 'WR-100')
      .executeTakeFirstOrThrow();
    expect(car).toMatchObject({
      mileage: 45_000,
      price: 389_900,
      transmission: 'Automatic',
      body_type: 'suv',
    });
    const gone = dry.body.removed[0];
    const sold = await api.db.db
      .selectFrom('vehicles')
      .select('status')
      .where('id', '=', gone?.id as number)
      .executeTakeFirstOrThrow();
    expect(sold.status).toBe('sold');
    expect((await apply(dry.body.id)).status).toBe(409);

    const second = await upload(FILE);
    expect(second.body.added).toEqual([]);
    expect(second.body.changed).toEqual([]);
    expect(second.body.removed).toEqual([]);
    expect(second.body.unchanged).toBe(2);
    expect((await apply(second.body.id)).status).toBe(200);
    expect(await count('WR-100')).toBe(1);
  });

  it('changes a car matched by stock number, and refuses to apply once stock moved on', async () => {
    const csv = [
      HEADER,
      'WR-100,JF1GT7LL5KG000111,Subaru,XV,2.0i-S ES,2021,46000,379900,Blue,Petrol,Automatic,suv,motus-subaru-west-rand,',
    ].join('\n');
    const dry = await upload(csv);
    expect(dry.body.changed).toEqual([
      expect.objectContaining({
        stock_number: 'WR-100',
        fields: ['mileage', 'price'],
        was: { mileage: 45_000, price: 389_900 },
      }),
    ]);
    await api.db.db
      .updateTable('vehicles')
      .set({ price: 1000 })
      .where('stock_number', '=', 'WR-100')
      .execute();
    const stale = await apply(dry.body.id);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/changed since this dry run/);
  });

  it('lets a dealer user import only their own dealership', async () => {
    const r = await upload(FILE, dealer);
    expect(r.status).toBe(201);
    expect(r.body.rejected).toContainEqual({
      row: 6,
      column: 'dealership',
      message: 'You may only import stock of your own dealership',
    });
    for (const car of r.body.removed) expect(car.dealer_slug).toBe('motus-subaru-west-rand');
    // Another user's dry run is not theirs to see or apply.
    const editorsRun = (await upload(FILE)).body.id;
    expect((await apply(editorsRun, dealer)).status).toBe(404);
  });

  it('answers a file without the required columns with a 400 naming them', async () => {
    const r = await upload('Make,Model\nSubaru,XV');
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/no stock_number, year, price, dealership columns/);
  });
});
