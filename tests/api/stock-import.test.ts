/**
 * CSV stock import (issue 10 §4, issue 25 §2): a dry run names every bad row (line, column, reason),
 * counts rows not faults, and writes nothing; applying needs the dry run's id and writes exactly that
 * plan; importing the same file again changes nothing; a dealer user imports only their own dealership;
 * a photo URL that cannot be fetched is a reason on its row, not a crash. A file is an update unless it
 * says it is a full feed: an update marks no car sold; a full feed marking more than 20 % of a
 * dealership's cars sold needs the number typed; a column the file lacks changes nothing; gearboxes and
 * fuels read as exports write them (CVT); an applied import is undone as one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { signedIn } from './staff-helpers.ts';

type Plan = {
  id: string;
  state: string;
  mode: string;
  rows: number;
  added: { row: number; stock_number: string }[];
  changed: { row: number; stock_number: string; fields: string[] }[];
  unchanged: number;
  removed: { id: number; stock_number: string; dealer_slug: string }[];
  rejected: { row: number; column: string; message: string }[];
  rejected_rows: number;
  confirm_sold: number | null;
  sold_share: { dealer_slug: string; on_sale: number; marked_sold: number }[];
  detail?: string;
};
type Car = {
  id: number;
  stock_number: string;
  status: string;
  price: number;
  variant: string;
  exterior_color: string;
  mileage: number;
  description: string;
  state_of_vehicle: string;
  transmission: string;
  fuel_type: string;
};
const WEST_RAND = 'motus-subaru-west-rand';

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
  const upload = (csv: string, headers = editor, mode?: string) =>
    api.json<Plan>(`/api/editor/stock_imports${mode ? `?mode=${mode}` : ''}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'text/csv' },
      body: csv,
    });
  const apply = (id: string, headers = editor, confirm?: number | string) =>
    api.json<Plan>(
      `/api/editor/stock_imports/${id}/apply${confirm === undefined ? '' : `?confirm_sold=${confirm}`}`,
      { method: 'POST', headers },
    );
  const count = async (stock: string) =>
    (await api.db.db.selectFrom('vehicles').select('id').where('stock_number', '=', stock).execute()).length;
  const cars = async (dealer = WEST_RAND) =>
    (await api.db.db
      .selectFrom('vehicles')
      .selectAll()
      .where('dealer_slug', '=', dealer)
      .orderBy('id')
      .execute()) as unknown as Car[];
  const statuses = async (dealer = WEST_RAND) =>
    Object.fromEntries((await cars(dealer)).map((c) => [c.stock_number, c.status]));

  beforeAll(async () => {
    api = await openTestApi(engine);
    editor = (await signedIn(api, 'editor')).headers;
    dealer = (await signedIn(api, 'dealer', { dealers: ['motus-subaru-west-rand'] })).headers;
  });
  afterAll(() => api.close());

  it('dry run: names each rejected row by line, column and reason, and writes nothing', async () => {
    const r = await upload(FILE, editor, 'full');
    expect(r.status).toBe(201);
    expect(r.body.state).toBe('dry_run');
    expect(r.body.mode).toBe('full');
    expect(r.body.rows).toBe(7);
    expect(r.body.rejected_rows).toBe(5);
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

  it('a 3-row update file (the default) marks no car sold, and changes only its three cars', async () => {
    const before = await cars();
    const on = before.filter((c) => c.status !== 'sold');
    expect(on.length).toBeGreaterThan(3);
    const three = on.slice(0, 3);
    const csv = [
      'Stock No,Price,Dealership',
      ...three.map((c) => `${c.stock_number},${c.price + 1000},Subaru West Rand`),
    ].join('\n');
    const dry = await upload(csv);
    expect(dry.status).toBe(201);
    expect(dry.body.mode).toBe('update');
    expect(dry.body.removed).toEqual([]);
    expect(dry.body.confirm_sold).toBeNull();
    expect(dry.body.changed.map((c) => [c.stock_number, c.fields])).toEqual(
      three.map((c) => [c.stock_number, ['price']]),
    );
    expect((await apply(dry.body.id)).status).toBe(200);
    const after = await cars();
    expect(after.map((c) => [c.stock_number, c.status])).toEqual(
      before.map((c) => [c.stock_number, c.status]),
    );
    expect(after.filter((c) => three.some((t) => t.id === c.id)).map((c) => c.price)).toEqual(
      three.map((c) => c.price + 1000),
    );
  });

  it('a column the file lacks changes nothing and is not listed as a change', async () => {
    const [car] = (await cars()).filter((c) => c.status !== 'sold');
    if (!car) throw new Error('no West Rand car on sale');
    await api.db.db
      .updateTable('vehicles')
      .set({ state_of_vehicle: 'Demo', description: 'Full service history', variant: '2.0i-S ES' })
      .where('id', '=', car.id)
      .execute();
    // No variant, mileage, colour, fuel, gearbox, body, state or description columns.
    const csv = [
      'Stock No,Make,Model,Year,Price,Dealership',
      `${car.stock_number},Subaru,XV,2021,${car.price},${WEST_RAND}`,
    ].join('\n');
    const dry = await upload(csv);
    expect(dry.status).toBe(201);
    const fields = dry.body.changed.flatMap((c) => c.fields);
    for (const f of [
      'variant',
      'mileage',
      'exterior_color',
      'fuel_type',
      'transmission',
      'body_type',
      'state_of_vehicle',
      'description',
    ])
      expect(fields).not.toContain(f);
    expect((await apply(dry.body.id)).status).toBe(200);
    const after = (await cars()).find((c) => c.id === car.id);
    expect(after).toMatchObject({
      state_of_vehicle: 'Demo',
      description: 'Full service history',
      variant: '2.0i-S ES',
      mileage: car.mileage,
      exterior_color: car.exterior_color,
      transmission: car.transmission,
      fuel_type: car.fuel_type,
    });
  });

  it('counts rejected rows, not faults, and lists every fault of each row', async () => {
    const csv = [
      HEADER,
      'WR-300,,Subaru,XV,2.0i,someday,45000,cheap,Blue,Petrol,Automatic,spaceship,motus-subaru-west-rand,',
      'WR-301,,Subaru,XV,2.0i,2021,45000,389900,Blue,Petrol,Sequential,suv,motus-subaru-west-rand,',
      'WR-302,,Subaru,XV,2.0i,2021,45000,389900,Blue,Petrol,Automatic,suv,motus-subaru-west-rand,',
    ].join('\n');
    const dry = await upload(csv);
    expect(dry.status).toBe(201);
    expect(dry.body.rejected_rows).toBe(2);
    expect(dry.body.rejected).toEqual([
      { row: 2, column: 'body', message: expect.stringMatching(/^Body must be one of hatch, sedan, suv/) },
      { row: 2, column: 'year', message: 'Year must be a number' },
      { row: 2, column: 'price', message: 'Price must be a number' },
      {
        row: 3,
        column: 'transmission',
        message: expect.stringMatching(
          /^Gearbox 'Sequential' is not one the site lists: Automatic or Manual/,
        ),
      },
    ]);
    expect(dry.body.added.map((a) => a.stock_number)).toEqual(['WR-302']);
  });

  it('reads gearbox and fuel as dealer-management exports write them (CVT, DCT, AMT, any case)', async () => {
    const csv = [
      HEADER,
      'CVT-1,,Subaru,Forester,2.5i,2022,20000,499900,White,PETROL,CVT,suv,motus-subaru-west-rand,',
      'CVT-2,,Subaru,WRX,2.4T,2023,9000,799900,Blue,petrol,Lineartronic CVT,sedan,motus-subaru-west-rand,',
      'CVT-3,,Subaru,Outback,2.5i,2022,30000,549900,Green,Diesel,DCT,wagon,motus-subaru-west-rand,',
      'CVT-4,,Subaru,BRZ,2.4,2023,5000,699900,Red,Petrol,6-speed manual,coupe,motus-subaru-west-rand,',
      'CVT-5,,Subaru,Solterra,ev,2024,1000,899900,Blue,Electric,Auto,suv,motus-subaru-west-rand,',
    ].join('\n');
    const dry = await upload(csv);
    expect(dry.status).toBe(201);
    expect(dry.body.added.map((a) => a.stock_number)).toEqual(['CVT-1', 'CVT-2', 'CVT-3', 'CVT-4']);
    expect(dry.body.rejected).toEqual([
      {
        row: 6,
        column: 'fuel',
        message: "Fuel 'Electric' is not one the site lists: Petrol, Diesel, Hybrid",
      },
    ]);
    expect((await apply(dry.body.id)).status).toBe(200);
    const got = await api.db.db
      .selectFrom('vehicles')
      .select(['stock_number', 'transmission', 'fuel_type'])
      .where('stock_number', 'like', 'CVT-%')
      .orderBy('stock_number')
      .execute();
    expect(got).toEqual([
      { stock_number: 'CVT-1', transmission: 'Automatic', fuel_type: 'Petrol' },
      { stock_number: 'CVT-2', transmission: 'Automatic', fuel_type: 'Petrol' },
      { stock_number: 'CVT-3', transmission: 'Automatic', fuel_type: 'Diesel' },
      { stock_number: 'CVT-4', transmission: 'Manual', fuel_type: 'Petrol' },
    ]);
  });

  it('a full feed marking over 20 % sold is refused without the typed number, applied with it, and undone as one', async () => {
    const before = await statuses();
    const durbanBefore = await statuses('motus-subaru-durban');
    const dry = await upload(FILE, editor, 'full');
    const needed = dry.body.removed.length;
    expect(needed).toBeGreaterThan(0);
    expect(dry.body.confirm_sold).toBe(needed);
    const wr = dry.body.sold_share.find((d) => d.dealer_slug === WEST_RAND);
    expect(wr?.marked_sold).toBeGreaterThan((wr?.on_sale ?? 0) * 0.2);

    const refused = await apply(dry.body.id);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(`confirm_sold=${needed}`);
    const wrong = await apply(dry.body.id, editor, needed - 1);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toContain(`marks ${needed} cars sold`);
    expect(await statuses()).toEqual(before);

    const done = await apply(dry.body.id, editor, needed);
    expect(done.status).toBe(200);
    expect(done.body.state).toBe('applied');
    const sold = await statuses();
    for (const r of dry.body.removed.filter((c) => c.dealer_slug === WEST_RAND))
      expect(sold[r.stock_number]).toBe('sold');
    expect(sold['WR-100']).toBe('available');
    const rev = await api.db.db
      .selectFrom('revisions')
      .select(['source', 'batch_id'])
      .where('resource', '=', 'vehicles')
      .where('item_id', '=', dry.body.removed[0]?.id as number)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(rev).toEqual({ source: 'csv_import', batch_id: dry.body.id });

    const undo = await api.json(`/api/editor/stock_imports/${dry.body.id}/undo`, {
      method: 'POST',
      headers: editor,
    });
    expect(undo.status).toBe(200);
    // Every car it marked sold is back as it was, and the cars it added are gone.
    expect(await statuses()).toEqual(before);
    expect(await statuses('motus-subaru-durban')).toEqual(durbanBefore);
    expect(await count('WR-100')).toBe(0);
    // Over a hundred cars written, revisioned and put back: slow on a loaded PostgreSQL.
  }, 120_000);

  it('applies only with the dry run’s id, once; the same file again changes nothing', async () => {
    const dry = await upload(FILE, editor, 'full');
    const done = await apply(dry.body.id, editor, dry.body.confirm_sold ?? undefined);
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
    expect((await apply(dry.body.id, editor, dry.body.confirm_sold ?? undefined)).status).toBe(409);

    const second = await upload(FILE, editor, 'full');
    expect(second.body.added).toEqual([]);
    expect(second.body.changed).toEqual([]);
    expect(second.body.removed).toEqual([]);
    expect(second.body.unchanged).toBe(2);
    expect(second.body.confirm_sold).toBeNull();
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
    const r = await upload(FILE, dealer, 'full');
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
    const r = await upload('Make,Model\nSubaru,XV', editor, 'full');
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/no stock_number, year, price, dealership columns/);
    const update = await upload('Make,Model\nSubaru,XV');
    expect(update.status).toBe(400);
    expect(update.body.detail).toMatch(/no stock_number column/);
  });

  it('documents the mode, the typed confirmation and the undo in /api/docs.json', async () => {
    type Op = { parameters?: { name: string; in: string; schema?: { enum?: string[] } }[] };
    const doc = (await api.json<{ paths: Record<string, Record<string, Op>> }>('/api/docs.json')).body;
    const params = (path: string) =>
      Object.fromEntries((doc.paths[path]?.post?.parameters ?? []).map((p) => [p.name, p]));
    expect(params('/api/editor/stock_imports').mode).toMatchObject({
      in: 'query',
      schema: { enum: ['update', 'full'] },
    });
    expect(params('/api/editor/stock_imports/{id}/apply').confirm_sold).toMatchObject({ in: 'query' });
    expect(doc.paths['/api/editor/stock_imports/{id}/undo']?.post).toBeDefined();
  });

  it('answers an unknown mode with a 400 naming it', async () => {
    const r = await upload(FILE, editor, 'everything');
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/^mode: must be update .* or full/);
  });
});
