/**
 * Issue #11's public inputs probed with wrong types and shapes: the new lead fields (booking, service,
 * valuation, parts, the car a lead names), the photo upload and the new stock filters. Each gets a 4xx
 * that names the field or parameter, never a 500, on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, post, serviceFields, slot, type ViolationBody } from './lead-fixtures.ts';

const PATH = '/api/customer_enquiries';

describe.each(ENGINES)('bad input to issue #11 endpoints on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
  });
  afterAll(() => api.close());

  const testDrive = (o: Record<string, unknown>) =>
    enquiry({ form_name: 'test-drive', make: 'Subaru', model: 'Forester', ...slot(), ...o });
  const service = (o: Record<string, unknown>) =>
    enquiry({ form_name: 'service', dealer_slug: 'motus-subaru-west-rand', ...serviceFields(), ...o });
  const valuation = (o: Record<string, unknown>) =>
    enquiry({
      form_name: 'valuation',
      make: 'Toyota',
      model: 'Corolla',
      year: '2019',
      mileage: '85000',
      condition: 'Good',
      ...o,
    });

  it.each([
    ['a date as a number', testDrive({ preferred_date: 20261201 }), 'preferred_date'],
    ['a date as an object', testDrive({ preferred_date: { y: 2026 } }), 'preferred_date'],
    ['a date that does not exist', testDrive({ preferred_date: '2026-02-30' }), 'preferred_date'],
    ['a time as an array', testDrive({ preferred_time: ['09:00'] }), 'preferred_time'],
    ['a time at midnight', testDrive({ preferred_time: '00:00' }), 'preferred_time'],
    ['a time of 99:99', testDrive({ preferred_time: '99:99' }), 'preferred_time'],
    ['a service type outside the list', service({ service_type: 'Spa day' }), 'service_type'],
    ['a service type as an object', service({ service_type: { a: 1 } }), 'service_type'],
    ['a registration of symbols', service({ registration: '<script>' }), 'registration'],
    ['a negative mileage', service({ mileage: -5 }), 'mileage'],
    ['a mileage in scientific notation', service({ mileage: '1e9' }), 'mileage'],
    ['a mileage as true', service({ mileage: true }), 'mileage'],
    ['a year of letters', valuation({ year: 'abcd' }), 'year'],
    ['a year from the future', valuation({ year: '2999' }), 'year'],
    ['a condition outside the list', valuation({ condition: 'Mint-ish' }), 'condition'],
    ['photos as a string', valuation({ photos: 'abc' }), 'photos'],
    ['photos as objects', valuation({ photos: [{ id: 1 }] }), 'photos'],
    ['nine photos', valuation({ photos: Array.from({ length: 9 }, () => crypto.randomUUID()) }), 'photos'],
    ['a photo that was never uploaded', valuation({ photos: [crypto.randomUUID()] }), 'photos'],
    ['a vehicle id of letters', testDrive({ vehicle_id: 'abc' }), 'vehicle_id'],
    ['a vehicle id as an object', testDrive({ vehicle_id: { id: 1 } }), 'vehicle_id'],
    ['a parts request naming no part', enquiry({ form_name: 'parts', partNo: '   ', message: '' }), 'partNo'],
    ['a part number as an array', enquiry({ form_name: 'parts', partNo: ['A', 'B'] }), 'partNo'],
  ])('%s is a 422 naming the field', async (_what, body, field) => {
    const r = await post<ViolationBody>(api, PATH, body);
    expect(r.status).toBe(422);
    expect(r.body.violations.map((v) => v.propertyPath)).toContain(field);
  });

  it('a test drive of a car that does not exist is refused without a 500', async () => {
    const r = await post<ViolationBody>(api, PATH, testDrive({ vehicle_id: 987654321 }));
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it.each([
    ['price[gte][]=1', 'price[gte]'],
    ['year[gte]=2020&year[gte]=2021', 'year[gte]'],
    ['mileage[lte]=', null],
    ['instalment[lte]=-1', 'instalment[lte]'],
    ['body_type[]=MPV%00', null],
    ['body_type[]=%E0%A4%A', null],
    ['body_type=boat', 'body_type[]'],
    ['colour[]=', null],
    [`q=${encodeURIComponent('%_\\')}`, null],
    ['province[]=Gauteng&province[]=Atlantis', 'province[]'],
    ['year[lte]=99999999999999999999', 'year[lte]'],
    ['price[lte]=1.5', 'price[lte]'],
  ])('the listing and /api/filters answer %s with no 500, naming a bad parameter', async (query, param) => {
    for (const path of ['/api/motus-subaru/vehicles', '/api/filters']) {
      const r = await api.json<{ detail?: string }>(`${path}?${query}`);
      expect(r.status, `${path}?${query}`).toBeLessThan(500);
      if (param) {
        expect(r.status).toBe(400);
        expect(r.body.detail ?? '').toContain(param);
      }
    }
  });

  it('a lead photo that is not an image, or is empty, is a 4xx naming the problem', async () => {
    for (const [type, body] of [
      ['image/jpeg', 'not a jpeg at all'],
      ['image/png', ''],
      ['application/json', '{"a":1}'],
    ] as const) {
      const r = await api.json<{ detail?: string }>('/api/lead_photos', {
        method: 'POST',
        headers: { 'Content-Type': type, 'X-Forwarded-For': '10.9.9.9' },
        body,
      });
      expect(r.status, type).toBeGreaterThanOrEqual(400);
      expect(r.status, type).toBeLessThan(500);
      expect(r.body.detail ?? '').not.toBe('');
    }
  });
});
