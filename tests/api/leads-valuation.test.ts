/**
 * Trade-in valuations (issue #11) on every engine: photos are checked by content, re-encoded without
 * EXIF and kept outside the public uploads; the lead links them for staff only, and names its car.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { purgeExpired } from '../../src/server/leads/retention.ts';
import { privateStoreOf } from '../../src/server/media/stores.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, messagesOf, post, type ViolationBody } from './lead-fixtures.ts';
import { signedIn } from './staff-helpers.ts';

const PATH = '/api/customer_enquiries';

/** A 3000 × 2000 phone photo with camera and GPS EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 30, g: 90, b: 150 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Camera 9' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '26/1 10/1 0/1' },
    })
    .toBuffer();

const valuation = (photos: string[] = [], more: Record<string, unknown> = {}) =>
  enquiry({
    form_name: 'valuation',
    make: 'Toyota',
    model: 'Corolla 1.8',
    year: '2017',
    mileage: '123 400 km',
    condition: 'Good',
    photos,
    dealer_slug: 'motus-subaru-pretoria',
    ...more,
  });

describe.each(ENGINES)('trade-in valuations on %s', (engine) => {
  let api: TestApi;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = `data/test/valuation-${randomUUID().slice(0, 8)}`;
    api = await openTestApi(engine, { ...LEAD_ENV, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (body: Uint8Array | string, type = 'image/jpeg') =>
    api.json<{ id: string; width: number; height: number; '@id': string; detail?: string }>(
      '/api/lead_photos',
      {
        method: 'POST',
        headers: { 'Content-Type': type, 'X-Forwarded-For': '10.9.9.9' },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      },
    );

  it('stores a photo privately as an EXIF-free JPEG of at most 1600 px, and links it in the lead for staff', async () => {
    const up = await upload(await phonePhoto());
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ '@type': 'LeadPhoto', width: 1600, height: 1067 });
    // Not under the public uploads: only the private directory holds it.
    expect(existsSync(join(dataDir, 'uploads', 'lead-photos'))).toBe(false);
    expect(readdirSync(join(dataDir, 'private', 'lead-photos'))).toContain(`${up.body.id}.jpg`);

    const r = await post(api, PATH, valuation([up.body.id]));
    expect(r.status).toBe(201);
    const link = `${api.deps.config.siteUrl}/api/lead_photos/${up.body.id}`;
    expect(r.body).toMatchObject({
      form_name: 'valuation',
      lead_type: 'Trade-In Valuation',
      make: 'Toyota',
      model: 'Corolla 1.8',
      year: 2017,
      mileage: 123400,
      condition: 'Good',
      photos: [link],
      dealer_slug: 'motus-subaru-pretoria',
    });

    const path = `/api/lead_photos/${up.body.id}`;
    expect((await api.fetch(path)).status).toBe(401);
    const staff = await api.fetch(path, { headers: (await signedIn(api, 'finance')).headers });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toBe('image/jpeg');
    expect(staff.headers.get('cache-control')).toContain('no-store');
    const meta = await sharp(Buffer.from(await staff.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('refuses what is not a usable photo, naming the problem', async () => {
    const text = await upload('not an image at all', 'image/jpeg');
    expect(text.status).toBe(415);
    const tiny = await upload(
      await sharp({ create: { width: 100, height: 80, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    expect(tiny.status).toBe(422);
    expect(tiny.body.detail).toBe('The image must be at least 320 × 240 pixels; this one is 100 × 80.');
    const json = await upload('{}', 'application/json');
    expect(json.status).toBe(415);
  });

  it('needs the car’s details, at most 8 photos, and photos that were uploaded', async () => {
    const bare = await post<ViolationBody>(api, PATH, enquiry({ form_name: 'valuation' }));
    expect(bare.status).toBe(422);
    expect(messagesOf(bare.body)).toEqual({
      manufacturer: 'Make is required',
      model: 'Model is required',
      mileage: 'Mileage is required',
      year: 'Year is required',
      condition: 'Condition is required',
    });
    const wrong = await post<ViolationBody>(api, PATH, { ...valuation(), year: '1890', condition: 'Shiny' });
    expect(messagesOf(wrong.body)).toEqual({
      year: `Year must be a year from 1950 to ${new Date().getUTCFullYear() + 1}`,
      condition: 'Please choose a condition from the list',
    });
    const many = await post<ViolationBody>(
      api,
      PATH,
      valuation(Array.from({ length: 9 }, () => randomUUID())),
    );
    expect(messagesOf(many.body)).toEqual({ photos: 'Please send at most 8 photos' });
    const unknown = await post<ViolationBody>(api, PATH, valuation([randomUUID()]));
    expect(unknown.status).toBe(422);
    expect(messagesOf(unknown.body)).toEqual({
      photos: 'A photo was not received; please remove it and add it again',
    });
  });

  const photoFile = (id: string) => join(dataDir, 'private', 'lead-photos', `${id}.jpg`);

  it('shows a photo only to staff who may see its lead: another dealership’s dealer gets a 404', async () => {
    const up = await upload(await phonePhoto());
    expect((await post(api, PATH, valuation([up.body.id]))).status).toBe(201);
    const path = `/api/lead_photos/${up.body.id}`;
    const own = await signedIn(api, 'dealer', { dealers: ['motus-subaru-pretoria'] });
    const other = await signedIn(api, 'dealer', { dealers: ['motus-subaru-durban'] });
    expect((await api.fetch(path, { headers: own.headers })).status).toBe(200);
    expect((await api.fetch(path, { headers: other.headers })).status).toBe(404);
    // A photo no lead links (uploaded, never sent) is nobody's to see.
    const loose = await upload(await phonePhoto());
    const finance = await signedIn(api, 'finance');
    expect((await api.fetch(`/api/lead_photos/${loose.body.id}`, { headers: finance.headers })).status).toBe(
      404,
    );
  });

  it('erases a person’s valuation photos with their leads (POPIA), and sweeps photos no lead claimed', async () => {
    const email = `sipho.${randomUUID().slice(0, 8)}@example.co.za`;
    const up = await upload(await phonePhoto());
    expect((await post(api, PATH, valuation([up.body.id], { email }))).status).toBe(201);
    expect(existsSync(photoFile(up.body.id))).toBe(true);
    const admin = await signedIn(api, 'admin');
    const erased = await api.json<{ removed: Record<string, number> }>('/api/admin/privacy_requests', {
      method: 'POST',
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'erasure', email }),
    });
    expect(erased.status).toBe(200);
    expect(existsSync(photoFile(up.body.id))).toBe(false);

    // Uploaded two days ago and never sent: the retention run deletes it; a fresh upload stays a day.
    const stale = await upload(await phonePhoto());
    const fresh = await upload(await phonePhoto());
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    utimesSync(photoFile(stale.body.id), twoDaysAgo, twoDaysAgo);
    const policy = { leadMonths: 24, financeMonths: 12, files: privateStoreOf(api.deps) };
    await purgeExpired(withLeadTables(api.deps.db), policy, 'test');
    expect(existsSync(photoFile(stale.body.id))).toBe(false);
    expect(existsSync(photoFile(fresh.body.id))).toBe(true);
  });
});
