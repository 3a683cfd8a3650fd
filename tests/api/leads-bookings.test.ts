/**
 * Test drives, service bookings and parts requests (issue #11) on every engine: the same rules as the
 * forms (src/domain/booking.ts through the enquiry schema), stored and echoed with their new fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDaysIso,
  bookingDayProblem,
  firstBookableDate,
  saNow,
  timeSlots,
} from '../../src/domain/booking.ts';
import type { OpeningPeriod } from '../../src/domain/opening-hours.ts';
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

/** The next day from two days ahead on a weekday (0 Sunday … 6 Saturday); `bookable`: not a holiday. */
function nextDay(weekday: number, bookable = false): string {
  const today = saNow().date;
  for (let d = 2; d <= 30; d++) {
    const date = addDaysIso(today, d);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === weekday && !(bookable && bookingDayProblem(date)))
      return date;
  }
  throw new Error(`no day ${weekday} in a month`);
}

/** Durban as an editor might set it: weekdays 09:00–15:00, closed on Saturdays. */
const DURBAN = 'motus-subaru-durban';
const DURBAN_HOURS: OpeningPeriod[] = (['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((day) => ({
  day,
  opens: '09:00',
  closes: '15:00',
}));

describe.each(ENGINES)('bookings and parts on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
  });
  afterAll(() => api.close());

  /** A test drive of one car, sent as chosen at West Rand (the lead goes to the car's dealership). */
  const carTestDrive = (car: { id: number; make: string; model: string }, when: Record<string, string>) =>
    post<ViolationBody>(
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
    const r = await carTestDrive(car, when);
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
        { preferred_date: nextDay(0) },
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

  describe("follow the dealership's own opening hours, read from the database", () => {
    const setHours = (slug: string, json: string) =>
      api.deps.db.updateTable('dealers').set({ opening_hours: json }).where('slug', '=', slug).execute();
    let stored = '';
    beforeAll(async () => {
      const row = await api.deps.db
        .selectFrom('dealers')
        .select('opening_hours')
        .where('slug', '=', DURBAN)
        .executeTakeFirstOrThrow();
      stored = row.opening_hours;
      await setHours(DURBAN, JSON.stringify(DURBAN_HOURS));
    });
    afterAll(() => setHours(DURBAN, stored));

    const service = (dealer_slug: string, when: Record<string, string>) =>
      post<ViolationBody>(
        api,
        PATH,
        enquiry({ form_name: 'service', ...serviceFields(), dealer_slug, ...when }),
      );

    it('a slot the group offers but outside the dealership’s hours is refused; one inside is taken', async () => {
      const day = firstBookableDate(new Date(), 2, DURBAN_HOURS);
      expect(timeSlots(day)).toContain('08:00'); // the group's hours offer it
      const early = await service(DURBAN, { preferred_date: day, preferred_time: '08:00' });
      expect(early.status).toBe(422);
      expect(early.body.violations).toEqual([
        {
          propertyPath: 'preferred_time',
          message: 'Please choose a time from 09:00 to 14:00',
          code: 'invalid_time',
        },
      ]);
      const inside = await service(DURBAN, { preferred_date: day, preferred_time: '09:00' });
      expect(inside.status).toBe(201);
      expect(inside.body).toMatchObject({
        preferred_date: day,
        preferred_time: '09:00',
        dealer_slug: DURBAN,
      });
    });

    it('a day the dealership is closed is refused with the message; another dealership takes it', async () => {
      const saturday = nextDay(6, true);
      const closed = await service(DURBAN, { preferred_date: saturday, preferred_time: '08:00' });
      expect(closed.status).toBe(422);
      expect(messagesOf(closed.body)).toEqual({
        preferred_date: 'This dealership is closed on Saturdays; please choose another day',
      });
      const open = await service('motus-subaru-west-rand', {
        preferred_date: saturday,
        preferred_time: '08:00',
      });
      expect(open.status).toBe(201);
    });

    it('a test drive of a used car follows the hours of the car’s dealership, whatever is chosen', async () => {
      const car = await api.deps.db
        .selectFrom('vehicles')
        .select(['id', 'make', 'model'])
        .where('dealer_slug', '=', DURBAN)
        .where('status', '=', 'available')
        .executeTakeFirstOrThrow();
      const day = firstBookableDate(new Date(), 2, DURBAN_HOURS);
      const drive = (preferred_time: string) => carTestDrive(car, { preferred_date: day, preferred_time });
      expect(messagesOf((await drive('08:00')).body)).toEqual({
        preferred_time: 'Please choose a time from 09:00 to 14:00',
      });
      const ok = await drive('14:00');
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ dealer_slug: DURBAN, preferred_time: '14:00' });
    });

    it('hours that cannot be read count as none: the group’s apply, never a 500', async () => {
      await setHours(DURBAN, 'Mon-Fri 8 to 5');
      try {
        const day = firstBookableDate(new Date(), 2);
        const r = await service(DURBAN, { preferred_date: day, preferred_time: '08:00' });
        expect(r.status).toBe(201);
        const late = await service(DURBAN, { preferred_date: day, preferred_time: '16:30' });
        expect(late.status).toBe(422);
      } finally {
        await setHours(DURBAN, JSON.stringify(DURBAN_HOURS));
      }
    });
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
