import { describe, expect, it } from 'vitest';
import { formOf, LEAD_PRESETS } from '../../domain/lead-presets.ts';
import { normaliseAmount } from './common.ts';
import { bookingViolations, ENQUIRY_MESSAGES, validateEnquiry } from './enquiry.ts';

const valid = {
  first_name: 'Thandi',
  last_name: 'Nkosi',
  email: 'thandi@example.co.za',
  cell_phone: '082 123 4567',
  contact: true,
  terms: true,
};
const messages = (r: ReturnType<typeof validateEnquiry>) =>
  r.ok ? {} : Object.fromEntries(r.violations.map((v) => [v.propertyPath, v.message]));

// Tuesday 1 December 2026, 09:10 in South Africa; Wednesday 2 December is bookable.
const now = new Date('2026-12-01T07:10:00Z');
const slot = { preferred_date: '2026-12-02', preferred_time: '10:30' };
const service = {
  ...valid,
  ...slot,
  service_type: 'Major service',
  registration: 'ca 123-456',
  mileage: '85 000 km',
};

describe('bookings, services and parts', () => {
  it('a test drive needs a date and a time slot', () => {
    const car = { ...valid, make: 'Subaru', model: 'Outback' };
    expect(messages(validateEnquiry(car, { form: 'test-drive', now }))).toEqual({
      preferred_date: 'Date is required',
      preferred_time: 'Time is required',
    });
    expect(validateEnquiry({ ...car, ...slot }, { form: 'test-drive', now }).ok).toBe(true);
  });

  it.each([
    [{ preferred_date: '2026-11-30' }, { preferred_date: 'Date cannot be in the past' }],
    [
      { preferred_date: '2026-12-06' },
      { preferred_date: 'We are closed on Sundays; please choose another day' },
    ],
    [
      { preferred_date: '2026-12-16' },
      { preferred_date: 'Day of Reconciliation is a public holiday; please choose another day' },
    ],
    [{ preferred_date: '2027-03-01' }, { preferred_date: 'Date must be within 60 days from today' }],
    [{ preferred_date: '2026-13-01' }, { preferred_date: 'Date must be a real date' }],
    [{ preferred_time: '17:00' }, { preferred_time: 'Please choose a time from 08:00 to 16:00' }],
    [{ preferred_time: 'noon' }, { preferred_time: 'Time must be a time such as 09:30' }],
  ])('a booking %o is refused: %o', (change, expected) => {
    expect(messages(validateEnquiry({ ...service, ...change }, { form: 'service', now }))).toEqual(expected);
  });

  it("checks the slot against the chosen dealership's hours, or only the calendar while they are unknown", () => {
    const hours = [{ day: 'Wed', opens: '11:00', closes: '14:00' }] as const;
    const at = (ctx: Parameters<typeof validateEnquiry>[1]) =>
      messages(validateEnquiry(service, { form: 'service', now, ...ctx }));
    expect(at({ hours: [...hours] })).toEqual({ preferred_time: 'Please choose a time from 11:00 to 13:00' });
    expect(at({})).toEqual({});
    expect(at({ hours: null })).toEqual({});
    expect(
      messages(
        validateEnquiry({ ...service, preferred_date: '2026-12-06' }, { form: 'service', now, hours: null }),
      ),
    ).toEqual({ preferred_date: 'We are closed on Sundays; please choose another day' });
    expect(bookingViolations({ ...service, preferred_date: '2026-12-03' }, [...hours], now)).toEqual([
      {
        propertyPath: 'preferred_date',
        message: 'This dealership is closed on Thursdays; please choose another day',
        code: 'invalid_date',
      },
    ]);
  });

  it('a service booking needs a date, time, service type, registration and mileage', () => {
    expect(messages(validateEnquiry(valid, { form: 'service', now }))).toEqual({
      preferred_date: 'Date is required',
      preferred_time: 'Time is required',
      service_type: 'Service type is required',
      registration: 'Registration is required',
      mileage: 'Mileage is required',
    });
    const ok = validateEnquiry(service, { form: 'service', now });
    expect(ok.ok && ok.data).toMatchObject({ registration: 'CA123456', mileage: 85000 });
    expect(
      messages(
        validateEnquiry(
          { ...service, service_type: 'Wash', registration: 'X', mileage: '-5' },
          {
            form: 'service',
            now,
          },
        ),
      ),
    ).toEqual({
      service_type: 'Please choose a service type from the list',
      registration: 'Registration must be 2 to 10 letters and digits',
      mileage: 'Mileage must be a whole number of kilometres',
    });
  });

  it('a parts request names a part number or describes the part', () => {
    expect(messages(validateEnquiry(valid, { form: 'parts' }))).toEqual({
      partNo: 'A part number or a description of the part is required',
    });
    expect(validateEnquiry({ ...valid, partNo: 'SOA635P0010' }, { form: 'parts' }).ok).toBe(true);
    expect(validateEnquiry({ ...valid, message: 'Front brake pads' }, { form: 'parts' }).ok).toBe(true);
  });
});

describe('validateEnquiry', () => {
  it.each([
    ['first_name', 'First name is required'],
    ['last_name', 'Last name is required'],
    ['email', 'Email is required'],
    ['cell_phone', 'Cell phone is required'],
  ])('reports %s missing as "%s" (blank and whitespace count as missing)', (field, message) => {
    expect(messages(validateEnquiry({ ...valid, [field]: '   ' }))).toEqual({ [field]: message });
    expect(messages(validateEnquiry({ ...valid, [field]: undefined }))).toEqual({ [field]: message });
  });

  it('requires make (reported on manufacturer) and model on the vehicle forms only', () => {
    for (const form of ['new', 'used'] as const) {
      expect(messages(validateEnquiry(valid, { form }))).toEqual({
        manufacturer: 'Make is required',
        model: 'Model is required',
      });
    }
    expect(messages(validateEnquiry({ ...valid, ...slot }, { form: 'test-drive', now }))).toEqual({
      manufacturer: 'Make is required',
      model: 'Model is required',
    });
    for (const form of ['contact'] as const) expect(validateEnquiry(valid, { form }).ok).toBe(true);
  });

  it('requires the special on the special form', () => {
    expect(messages(validateEnquiry(valid, { form: 'special' }))).toEqual({
      special_slug: 'Special offer is required',
    });
  });

  it('requires a dealership only when the island shows the selector', () => {
    expect(messages(validateEnquiry(valid, { requireDealer: true }))).toEqual({
      dealer_slug: 'Dealership is required',
    });
    expect(validateEnquiry(valid).ok).toBe(true);
  });

  it('checks contact before terms: only the first missing tick is reported', () => {
    expect(messages(validateEnquiry({ ...valid, contact: false, terms: false }))).toEqual({
      contact: 'Please allow us to contact you',
    });
    expect(messages(validateEnquiry({ ...valid, terms: false }))).toEqual({
      terms: 'Please accept the terms and conditions',
    });
    expect(messages(validateEnquiry({ ...valid, contact: 'on', terms: 'true' }))).toEqual({});
  });

  it('reports fields in form order with the ticks last, each with a code', () => {
    const r = validateEnquiry({}, { form: 'new', requireDealer: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.violations.map((v) => v.propertyPath)).toEqual([
      'first_name',
      'last_name',
      'email',
      'cell_phone',
      'manufacturer',
      'model',
      'dealer_slug',
      'contact',
    ]);
    expect(r.violations.map((v) => v.code)).toEqual([...Array(7).fill('required'), 'not_accepted']);
  });

  it('validates formats and bounds', () => {
    expect(
      messages(
        validateEnquiry({
          ...valid,
          email: 'a@b',
          cell_phone: '0800',
          message: 'x'.repeat(2001),
          vinNo: 'ABC',
          last_name: 'y'.repeat(61),
        }),
      ),
    ).toEqual({
      last_name: 'Last name must be at most 60 characters',
      email: 'Please enter a valid email address',
      cell_phone: 'Please enter a valid South African phone number',
      message: 'Message must be at most 2000 characters',
      vinNo: 'VIN must be 17 letters and digits',
    });
  });

  it('normalises what it accepts: trimmed text, E.164 phone, make as manufacturer, unknown fields dropped', () => {
    const r = validateEnquiry(
      {
        ...valid,
        first_name: '  Thandi ',
        cell_phone: '+27 (0)82 123-4567',
        make: 'Subaru',
        model: 'Forester',
        extra: 1,
      },
      { form: 'new' },
    );
    expect(r).toEqual({
      ok: true,
      data: expect.objectContaining({
        first_name: 'Thandi',
        cell_phone: '+27821234567',
        manufacturer: 'Subaru',
        model: 'Forester',
        form_name: 'new',
      }),
    });
    expect(r.ok && 'extra' in r.data).toBe(false);
  });

  it.each(['0821234567', '082 123 4567', '+27821234567', '27 82 123 4567', '011 958 1800', '021-555-0100'])(
    'accepts the South African number %s',
    (n) => {
      expect(validateEnquiry({ ...valid, cell_phone: n }).ok).toBe(true);
    },
  );

  it('refuses an unknown form name', () => {
    expect(messages(validateEnquiry({ ...valid, form_name: 'brochure' }))).toEqual({
      form_name: ENQUIRY_MESSAGES.form_name,
    });
  });
});

describe('lead presets (SPEC §7)', () => {
  it.each([
    ['service', 'Book Service', 'Group Website Service Enquiry'],
    ['parts', 'Parts Enquiry', 'Dealer Website Subaru - Parts Form'],
    ['new', 'New Vehicles', 'Group Website Subaru-NewCarListings'],
    ['used', 'Used Vehicles', 'Group Website Subaru-UsedCarListings'],
    ['special', 'Specials Enquiry', null],
    ['test-drive', 'Book Test Drive', 'Group Website Book Test Drive'],
    ['contact', 'General Enquiry', 'Group Website Contact Form'],
  ] as const)('the %s form sends %s / %s', (form, leadType, sourceCode) => {
    expect(LEAD_PRESETS[form]).toMatchObject({ lead_type: leadType, source_code: sourceCode });
  });

  it('finds the form from form_name, else from lead_type, else contact', () => {
    expect(formOf({ form_name: 'parts' })).toBe('parts');
    expect(formOf({ lead_type: 'Used Vehicles' })).toBe('used');
    expect(formOf({})).toBe('contact');
    expect(formOf({ form_name: 'nope' })).toBeUndefined();
  });
});

describe('rand amounts as typed', () => {
  it.each([
    ['R 12 500,50', '12500.50'],
    ['12,500.50', '12500.50'],
    ['12 500', '12500'],
    ['1,000,000', '1000000'],
    [4500.5, '4500.5'],
  ])('%j reads as %s', (input, out) => {
    expect(normaliseAmount(input)).toBe(out);
  });
});
