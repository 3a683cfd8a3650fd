/**
 * Used stock in the back office (issue 10 §2): list, read, create, change and delete cars with every
 * SPEC §3 field plus stock number and VIN; validation names the field; a dealer user sees and changes
 * only their own dealership's cars, even by id; every change is audited with before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { signedIn } from './staff-helpers.ts';

type Car = Record<string, unknown> & { id: number; dealer_slug: string; stock_number: string };
type Body = Record<string, unknown> & {
  violations?: { propertyPath: string; message: string }[];
  'hydra:member': Car[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
};

const OWN = 'motus-subaru-west-rand';
const OTHER = 'motus-subaru-durban';
const car = (over: Record<string, unknown> = {}) => ({
  stock_number: 'WR-2026-001',
  vin: 'jf1sk7ll5mg012345',
  dealer_slug: OWN,
  make: 'Subaru',
  model: 'Outback',
  variant: '2.5i Field',
  body_type: 'wagon',
  year: 2023,
  mileage: 18_500,
  price: 629_900,
  transmission: 'Automatic',
  fuel_type: 'Petrol',
  exterior_color: 'Green',
  state_of_vehicle: 'Used',
  description: 'One owner, full service history.',
  ...over,
});

describe.each(ENGINES)('used stock editing on %s', (engine) => {
  let api: TestApi;
  let editor: Record<string, string>;
  let dealer: Record<string, string>;
  const send = (method: string, path: string, body?: unknown, headers = editor) =>
    api.json<Body>(path, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    api = await openTestApi(engine);
    editor = (await signedIn(api, 'editor')).headers;
    dealer = (await signedIn(api, 'dealer', { dealers: [OWN] })).headers;
  });
  afterAll(() => api.close());

  it('creates a car with a stock number and VIN, works out slugs and instalment, and audits it', async () => {
    const r = await send('POST', '/api/editor/vehicles', car());
    expect(r.status).toBe(201);
    expect(r.res.headers.get('Location')).toBe(`/api/editor/vehicles/${r.body.id}`);
    expect(r.body).toMatchObject({
      stock_number: 'WR-2026-001',
      vin: 'JF1SK7LL5MG012345',
      make_slug: 'subaru',
      model_slug: 'outback',
      status: 'available',
      dealer_name: expect.any(String),
      photo_count: 0,
    });
    expect(r.body.installment).toBeGreaterThan(0);
    const log = await api.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'stock.create')
      .where('resource_id', '=', String(r.body.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.after as string)).toMatchObject({ stock_number: 'WR-2026-001' });
    // A new car is public once a build picks it up: the public API already answers it.
    expect((await api.fetch(`/api/vehicles/${r.body.id}`)).status).toBe(200);
  });

  it('names each bad field: VIN, stock number, year, body type, unknown fields', async () => {
    const r = await send(
      'POST',
      '/api/editor/vehicles',
      car({ vin: 'JF1SK7LL5MG01234O', stock_number: 'bad number!', body_type: 'van', year: 1900, fax: 1 }),
    );
    expect(r.status).toBe(422);
    expect(r.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'fax', message: expect.stringMatching(/^Unknown field/) }),
    ]);
    const r2 = await send(
      'POST',
      '/api/editor/vehicles',
      car({ vin: 'JF1SK7LL5MG01234O', stock_number: 'bad number!', body_type: 'van', year: 1900 }),
    );
    const messages = Object.fromEntries((r2.body.violations ?? []).map((v) => [v.propertyPath, v.message]));
    expect(messages).toMatchObject({
      vin: 'VIN may only contain digits and letters other than I, O and Q',
      stock_number: 'Stock number may only contain letters, digits, -, / and .',
      body_type: expect.stringMatching(/^Body type must be one of hatch/),
      year: 'Year must be at least 1950',
    });
    const short = await send('POST', '/api/editor/vehicles', car({ vin: 'JF1SK7', stock_number: 'X1' }));
    expect(short.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'vin', message: 'VIN must be exactly 17 characters' }),
    ]);
    const missing = await send('POST', '/api/editor/vehicles', { ...car(), price: undefined });
    expect(missing.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'price', message: 'Price is required' }),
    ]);
  });

  it('refuses a stock number or VIN another car has', async () => {
    const r = await send('POST', '/api/editor/vehicles', car({ vin: null }));
    expect(r.status).toBe(422);
    expect(r.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'stock_number', code: 'not_unique' }),
    ]);
    const vin = await send('POST', '/api/editor/vehicles', car({ stock_number: 'WR-2026-002' }));
    expect(vin.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'vin', code: 'not_unique' }),
    ]);
  });

  it('lists with paging, sort, filters and q', async () => {
    const page = await send('GET', '/api/editor/vehicles?itemsPerPage=5&page=2&order[price]=desc');
    expect(page.status).toBe(200);
    expect(page.body['hydra:member']).toHaveLength(5);
    expect(page.body['hydra:totalItems']).toBeGreaterThan(400);
    const prices = page.body['hydra:member'].map((c) => c.price as number);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    expect(page.body['hydra:view']?.['hydra:next']).toContain('page=3');
    const found = await send('GET', '/api/editor/vehicles?q=wr-2026');
    expect(found.body['hydra:member'].map((c) => c.stock_number)).toEqual(['WR-2026-001']);
    const sold = await send('GET', `/api/editor/vehicles?status=sold&dealer_slug=${OTHER}`);
    for (const c of sold.body['hydra:member'])
      expect(c).toMatchObject({ status: 'sold', dealer_slug: OTHER });
    const bad = await send('GET', '/api/editor/vehicles?order[colour]=asc');
    expect(bad.status).toBe(400);
  });

  it('marks a car reserved, then sold, with before and after in the audit log', async () => {
    const id = (await send('GET', '/api/editor/vehicles?q=WR-2026-001')).body['hydra:member'][0]?.id;
    const r = await send('PATCH', `/api/editor/vehicles/${id}`, { status: 'reserved' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('reserved');
    const put = await send('PUT', `/api/editor/vehicles/${id}`, car({ status: 'sold', price: 599_000 }));
    expect(put.body).toMatchObject({ status: 'sold', price: 599_000 });
    const log = await api.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'stock.update')
      .where('resource_id', '=', String(id))
      .orderBy('at')
      .execute();
    expect(
      log.map((l) => [JSON.parse(l.before as string).status, JSON.parse(l.after as string).status]),
    ).toEqual([
      ['available', 'reserved'],
      ['reserved', 'sold'],
    ]);
  });

  it('shows a dealer user only their own dealership, and another dealer’s car by id is not found', async () => {
    const list = await send('GET', '/api/editor/vehicles?itemsPerPage=200', undefined, dealer);
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBeGreaterThan(0);
    for (const c of list.body['hydra:member']) expect(c.dealer_slug).toBe(OWN);
    const filtered = await send('GET', `/api/editor/vehicles?dealer_slug=${OTHER}`, undefined, dealer);
    expect(filtered.body['hydra:totalItems']).toBe(0);
    const theirs = await api.db.db
      .selectFrom('vehicles')
      .select('id')
      .where('dealer_slug', '=', OTHER)
      .executeTakeFirstOrThrow();
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { price: 1 }],
      ['PUT', car({ stock_number: 'X-1', vin: null })],
      ['DELETE', undefined],
    ] as const) {
      const r = await send(method, `/api/editor/vehicles/${theirs.id}`, body, dealer);
      expect(r.status, method).toBe(404);
    }
    const photos = await send('GET', `/api/editor/vehicles/${theirs.id}/images`, undefined, dealer);
    expect(photos.status).toBe(404);
    const unchanged = await api.db.db
      .selectFrom('vehicles')
      .select('price')
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.price).not.toBe(1);
  });

  it('lets a dealer user add and change their own stock but not give a car to another dealership', async () => {
    const other = await send(
      'POST',
      '/api/editor/vehicles',
      car({ stock_number: 'DBN-1', vin: null, dealer_slug: OTHER }),
      dealer,
    );
    expect(other.status).toBe(422);
    expect(other.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'dealer_slug', code: 'not_your_dealer' }),
    ]);
    const own = await send('POST', '/api/editor/vehicles', car({ stock_number: 'WR-9', vin: null }), dealer);
    expect(own.status).toBe(201);
    const move = await send('PATCH', `/api/editor/vehicles/${own.body.id}`, { dealer_slug: OTHER }, dealer);
    expect(move.status).toBe(422);
    const photos = await send('GET', `/api/editor/vehicles/${own.body.id}/images`, undefined, dealer);
    expect(photos.status).toBe(200);
    const gone = await send('DELETE', `/api/editor/vehicles/${own.body.id}`, undefined, dealer);
    expect(gone.status).toBe(204);
    expect((await send('GET', `/api/editor/vehicles/${own.body.id}`, undefined, dealer)).status).toBe(404);
  });
});
