/**
 * Test drives, service bookings and parts requests (issue #11) on every engine: the same rules as the
 * forms (src/lib/booking.ts through the enquiry schema), stored and echoed with their new fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, saNow } from '../../src/lib/booking.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import {
  enquiry,
  LEAD_ENV,
  messagesOf,
  post,
  serviceFields,
  slot,
  type ViolationBody,
} from './lead-fixtures.ts';

const PATH = '/api/customer_enquiries';

/** The next Sunday in South Africa from today. */
function nextSunday(): string {
  const today = saNow().date;
  for (let d = 1; d <= 7; d++) {
    const date = addDaysIso(today, d);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) return date;
  }
  throw new Error('no Sunday in a week');
}

describe.each(ENGINES)('bookings and parts on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
  });
  afterAll(() => api.close());

  it('a test drive is stored with its date and time slot', async () => {
    const when = slot();
    const r = await post(
      api,
      PATH,
      enquiry({ form_name: 'test-drive', make: 'Subaru', model: 'Outback', ...when }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ form_name: 'test-drive', ...when, service_type: null, mileage: null });
  });

  it('a test drive of one used car, even of a make outside the range, goes to its dealership', async () => {
    const car = await api.deps.db
      .selectFrom('vehicles')
      .select(['id', 'dealer_slug', 'make', 'model'])
      .where('make', '!=', 'Subaru')
      .where('dealer_slug', '!=', 'motus-subaru-west-rand')
      .executeTakeFirstOrThrow();
    const when = slot();
    const r = await post(
      api,
      PATH,
      enquiry({
        form_name: 'test-drive',
        make: car.make,
        model: car.model,
        vehicle_id: car.id,
        dealer_slug: 'motus-subaru-west-rand',
        ...when,
      }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      form_name: 'test-drive',
      vehicle_id: car.id,
      dealer_slug: car.dealer_slug,
      manufacturer: car.make,
      model: car.model,
      ...when,
    });
  });

  it('a test drive without a date or time is refused with both messages', async () => {
    const r = await post<ViolationBody>(
      api,
      PATH,
      enquiry({ form_name: 'test-drive', make: 'Subaru', model: 'Outback' }),
    );
    expect(r.status).toBe(422);
    expect(messagesOf(r.body)).toEqual({
      preferred_date: 'Date is required',
      preferred_time: 'Time is required',
    });
  });

  it('a Sunday, a past day, a day beyond 60 days and a time outside opening hours are refused', async () => {
    const base = enquiry({ form_name: 'service', ...serviceFields() });
    const today = saNow().date;
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { preferred_date: nextSunday() },
        { preferred_date: 'We are closed on Sundays; please choose another day' },
      ],
      [{ preferred_date: addDaysIso(today, -1) }, { preferred_date: 'Date cannot be in the past' }],
      [
        { preferred_date: addDaysIso(today, 61) },
        { preferred_date: 'Date must be within 60 days from today' },
      ],
      [
        { preferred_time: '18:00' },
        { preferred_time: expect.stringMatching(/^Please choose a time from 08:00 to 1[26]:00$/) },
      ],
    ];
    for (const [change, expected] of cases) {
      const r = await post<ViolationBody>(api, PATH, { ...base, ...change });
      expect(r.status).toBe(422);
      expect(messagesOf(r.body)).toEqual(expected);
    }
  });

  it('a service booking needs its details, and is stored with them normalised', async () => {
    const bare = await post<ViolationBody>(api, PATH, enquiry({ form_name: 'service' }));
    expect(bare.status).toBe(422);
    expect(messagesOf(bare.body)).toEqual({
      preferred_date: 'Date is required',
      preferred_time: 'Time is required',
      service_type: 'Service type is required',
      registration: 'Registration is required',
      mileage: 'Mileage is required',
    });
    const fields = serviceFields();
    const r = await post(
      api,
      PATH,
      enquiry({ form_name: 'service', dealer_slug: 'motus-subaru-durban', ...fields }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      preferred_date: fields.preferred_date,
      preferred_time: fields.preferred_time,
      service_type: 'Major service',
      registration: 'CA123456',
      mileage: 85000,
      dealer_slug: 'motus-subaru-durban',
    });
  });

  it('a parts request names a part number or describes the part', async () => {
    const none = await post<ViolationBody>(api, PATH, enquiry({ form_name: 'parts', message: '  ' }));
    expect(none.status).toBe(422);
    expect(none.body.violations).toEqual([
      {
        propertyPath: 'partNo',
        message: 'A part number or a description of the part is required',
        code: 'required',
      },
    ]);
    const described = await post(
      api,
      PATH,
      enquiry({ form_name: 'parts', message: 'Front brake pads, Forester 2019' }),
    );
    expect(described.status).toBe(201);
    const numbered = await post(
      api,
      PATH,
      enquiry({ form_name: 'parts', message: '', partNo: 'SOA635P0010' }),
    );
    expect(numbered.status).toBe(201);
  });
});
