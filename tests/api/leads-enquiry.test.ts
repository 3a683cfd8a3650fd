/** POST /api/customer_enquiries on every engine: SPEC §5 messages, SPEC §7 presets, the 201 shape, protocol errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '../../src/contract/forms/enquiry.ts';
import { SHOWCASE } from '../../src/demo/fixtures.ts';
import { LEAD_PRESETS } from '../../src/domain/lead-presets.ts';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
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

describe.each(ENGINES)('customer enquiries on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
  });
  afterAll(() => api.close());

  const count = async (table: 'leads' | 'lead_outbox' | 'lead_consents') =>
    Number(
      (
        await leadDb(api)
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('posting an empty enquiry returns 422 with every required-field message and the contact tick first', async () => {
    const r = await post<ViolationBody>(api, PATH, { form_name: 'new' });
    expect(r.status).toBe(422);
    expect(r.res.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body['@type']).toBe('ConstraintViolationList');
    expect(r.body['hydra:title']).toBe('An error occurred');
    expect(r.body['hydra:description'].split('\n')[0]).toBe('first_name: First name is required');
    expect(r.body.violations.map((v) => [v.propertyPath, v.message])).toEqual([
      ['first_name', ENQUIRY_MESSAGES.first_name],
      ['last_name', ENQUIRY_MESSAGES.last_name],
      ['email', ENQUIRY_MESSAGES.email],
      ['cell_phone', ENQUIRY_MESSAGES.cell_phone],
      ['manufacturer', ENQUIRY_MESSAGES.manufacturer],
      ['model', ENQUIRY_MESSAGES.model],
      ['contact', 'Please allow us to contact you'],
    ]);
    expect(r.body.violations.every((v) => typeof v.code === 'string' && v.code.length > 0)).toBe(true);
  });

  it('posting an enquiry with contact ticked but not terms returns 422 with a violation on terms', async () => {
    const r = await post<ViolationBody>(api, PATH, enquiry({ terms: false }));
    expect(r.status).toBe(422);
    expect(r.body.violations).toEqual([
      { propertyPath: 'terms', message: 'Please accept the terms and conditions', code: 'not_accepted' },
    ]);
  });

  it('posting an enquiry without consent returns 422 with a violation on contact only', async () => {
    const r = await post<ViolationBody>(api, PATH, enquiry({ contact: false, terms: false }));
    expect(messagesOf(r.body)).toEqual({ contact: 'Please allow us to contact you' });
  });

  it('rejects a bad e-mail, a non-South-African phone number and over-long text with their own messages', async () => {
    const r = await post<ViolationBody>(
      api,
      PATH,
      enquiry({ email: 'not-an-email', cell_phone: '+44 20 7946 0958', first_name: 'x'.repeat(61) }),
    );
    expect(messagesOf(r.body)).toEqual({
      first_name: 'First name must be at most 60 characters',
      email: 'Please enter a valid email address',
      cell_phone: 'Please enter a valid South African phone number',
    });
  });

  it.each([
    [{ dealer_slug: 'motus-subaru-atlantis' }, 'dealer_slug', 'Please choose a dealership from the list'],
    [
      { form_name: 'new', make: 'Toyota', model: 'Hilux' },
      'manufacturer',
      'Please choose a make from the range',
    ],
    [{ form_name: 'new', make: 'Subaru', model: 'Hilux' }, 'model', 'Please choose a model from the range'],
    [
      { form_name: 'used', make: 'Subaru', model: 'Forester', vehicle_id: 999999999 },
      'vehicle_id',
      'This vehicle could not be found',
    ],
    [
      { form_name: 'special', special_slug: 'no-such-offer' },
      'special_slug',
      'This special offer could not be found',
    ],
    [{ form_name: 'special' }, 'special_slug', 'Special offer is required'],
    [{ form_name: 'brochure' }, 'form_name', 'Unknown enquiry form'],
  ])('an unknown reference %j is a violation on %s, never a 500', async (overrides, path, message) => {
    const r = await post<ViolationBody>(api, PATH, enquiry(overrides));
    expect(r.status).toBe(422);
    expect(messagesOf(r.body)).toEqual({ [path]: message });
  });

  it('answers 201 with the stored record: Queued, Website, consent, E.164 phone, and no unknown fields', async () => {
    const before = await count('leads');
    const r = await post<Record<string, unknown>>(
      api,
      PATH,
      enquiry({ favourite_colour: 'blue', cell_phone: '082 123 4567' }),
      {
        'Content-Type': 'application/json',
      },
    );
    expect(r.status).toBe(201);
    expect(r.res.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(r.res.headers.get('location')).toBe(r.body['@id']);
    expect(r.body).toMatchObject({
      '@type': 'CustomerEnquiry',
      status: 'Queued',
      source: 'Website',
      consent: true,
      contact: true,
      terms: true,
      is_used: 0,
      cell_phone: '+27821234567',
      dealer_slug: 'motus-subaru-west-rand',
      uri: '/contact-us',
      lead_type: 'General Enquiry',
      source_code: 'Group Website Contact Form',
    });
    expect(r.body['@id']).toMatch(/^\/api\/customer_enquiries\/[0-9a-f-]{36}$/);
    expect(r.body).not.toHaveProperty('favourite_colour');
    expect(await count('leads')).toBe(before + 1);
    const row = await leadDb(api)
      .selectFrom('leads')
      .select('record')
      .where('id', '=', String(r.body.id))
      .executeTakeFirstOrThrow();
    expect(row.record).not.toContain('favourite_colour');
    const consent = await leadDb(api)
      .selectFrom('lead_consents')
      .selectAll()
      .where('lead_id', '=', String(r.body.id))
      .executeTakeFirstOrThrow();
    expect(consent.notice_version).toBe('2026-11');
    expect(JSON.parse(consent.agreed).map((a: { name: string }) => a.name)).toEqual(['contact', 'terms']);
    expect(consent.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    const jobs = await leadDb(api)
      .selectFrom('lead_outbox')
      .selectAll()
      .where('lead_id', '=', String(r.body.id))
      .execute();
    expect(jobs.map((j) => [j.channel, j.status])).toEqual([['email', 'pending']]);
  });

  describe('presets (SPEC §7)', () => {
    const cases = [
      ['service', serviceFields(), 'Book Service', 'Group Website Service Enquiry', 0],
      [
        'parts',
        { partNo: 'SOA635P0010', vinNo: 'JF1SJ5LC5DG012345' },
        'Parts Enquiry',
        'Dealer Website Subaru - Parts Form',
        0,
      ],
      [
        'new',
        { make: 'Subaru', model: 'forester', variant: '2.5i Sport' },
        'New Vehicles',
        'Group Website Subaru-NewCarListings',
        0,
      ],
      [
        'used',
        { make: 'Subaru', model: 'Forester', vehicle_id: SHOWCASE.id },
        'Used Vehicles',
        'Group Website Subaru-UsedCarListings',
        1,
      ],
      [
        'test-drive',
        { make: 'subaru', model: 'Outback', ...slot() },
        'Book Test Drive',
        'Group Website Book Test Drive',
        0,
      ],
      ['contact', {}, 'General Enquiry', 'Group Website Contact Form', 0],
    ] as const;
    it.each(cases)(
      'the %s form is stored with its lead type and source code',
      async (form, extra, leadType, sourceCode, isUsed) => {
        const r = await post(api, PATH, enquiry({ form_name: form, ...extra }));
        expect(r.status).toBe(201);
        expect(r.body).toMatchObject({
          form_name: form,
          lead_type: leadType,
          source_code: sourceCode,
          is_used: isUsed,
        });
        expect(LEAD_PRESETS[form].lead_type).toBe(leadType);
      },
    );

    it('a special enquiry takes its source code from the special, and the special’s dealer when none is chosen', async () => {
      const special = await leadDb(api)
        .selectFrom('specials')
        .selectAll()
        .where('slug', '=', 'crosstrek-graduate-pretoria')
        .executeTakeFirstOrThrow();
      const r = await post(api, PATH, enquiry({ form_name: 'special', special_slug: special.slug }));
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        lead_type: 'Specials Enquiry',
        source_code: special.source_code,
        dealer_slug: 'motus-subaru-pretoria',
        special_slug: special.slug,
      });
    });

    it('a lead without form_name gets the preset of its lead_type', async () => {
      const { form_name: _, ...rest } = enquiry({ lead_type: 'Parts Enquiry' });
      const r = await post(api, PATH, rest);
      expect(r.body).toMatchObject({ form_name: 'parts', source_code: 'Dealer Website Subaru - Parts Form' });
    });

    it('ignores a lead type or source code the client sends', async () => {
      const r = await post(
        api,
        PATH,
        enquiry({ form_name: 'service', lead_type: 'VIP', source_code: 'hacked', ...serviceFields() }),
      );
      expect(r.body).toMatchObject({
        lead_type: 'Book Service',
        source_code: 'Group Website Service Enquiry',
      });
    });
  });

  describe('dealer resolution', () => {
    it('sends a used-car lead to the dealer that owns the car, whatever dealer was chosen', async () => {
      const car = await leadDb(api)
        .selectFrom('vehicles')
        .select(['id', 'dealer_slug'])
        .where('dealer_slug', '=', 'motus-subaru-durban')
        .executeTakeFirstOrThrow();
      const r = await post(
        api,
        PATH,
        enquiry({
          form_name: 'used',
          make: 'x',
          model: 'y',
          vehicle_id: car.id,
          dealer_slug: 'motus-subaru-pretoria',
        }),
      );
      expect(r.body).toMatchObject({ dealer_slug: 'motus-subaru-durban', vehicle_id: car.id, is_used: 1 });
      expect(r.body.manufacturer).not.toBe('x');
    });

    it('finds the used car from the page address when no vehicle id is sent', async () => {
      const r = await post(
        api,
        PATH,
        enquiry({
          form_name: 'used',
          make: 'Subaru',
          model: 'Forester',
          uri: `/pre-owned/subaru/forester/${SHOWCASE.id}/enquire`,
        }),
      );
      expect(r.body).toMatchObject({ vehicle_id: SHOWCASE.id, dealer_slug: SHOWCASE.dealer });
    });

    it('uses the chosen dealer (by slug or site name), else the default dealer', async () => {
      expect(
        (await post(api, PATH, enquiry({ dealer_slug: 'motus-subaru-cape-town' }))).body.dealer_slug,
      ).toBe('motus-subaru-cape-town');
      expect((await post(api, PATH, enquiry({ dealer_slug: 'pretoria' }))).body.dealer_slug).toBe(
        'motus-subaru-pretoria',
      );
      expect((await post(api, PATH, enquiry({ dealer_slug: '' }))).body.dealer_slug).toBe(
        'motus-subaru-west-rand',
      );
    });
  });

  describe('protocol', () => {
    it('answers 415 for a body that is not JSON-LD or JSON', async () => {
      const r = await post(api, PATH, 'first_name=Thandi', {
        'Content-Type': 'application/x-www-form-urlencoded',
      });
      expect(r.status).toBe(415);
    });

    it('answers 400 naming the body for malformed JSON or a non-object', async () => {
      const bad = await post<{ detail: string }>(api, PATH, '{"first_name": ');
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toMatch(/^body: /);
      expect((await post(api, PATH, '[1,2]')).status).toBe(400);
    });

    it('answers 413 for a body over 64 KiB and stores nothing', async () => {
      const before = await count('leads');
      const r = await post(api, PATH, enquiry({ message: 'x'.repeat(70 * 1024) }));
      expect(r.status).toBe(413);
      expect(await count('leads')).toBe(before);
    });

    it('answers a GET on the collection with a 4xx problem, never a 500', async () => {
      const r = await api.fetch(PATH);
      expect([404, 405]).toContain(r.status);
    });
  });

  describe('honeypot', () => {
    it('a filled honeypot gets a success that looks real, and nothing is stored or delivered', async () => {
      const leads = await count('leads');
      const jobs = await count('lead_outbox');
      const r = await post(api, PATH, enquiry({ website: 'http://spam.example' }));
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ status: 'Queued', source: 'Website', consent: true });
      expect(await count('leads')).toBe(leads);
      expect(await count('lead_outbox')).toBe(jobs);
    });

    it('a bot that fails validation gets the same 422 a person would', async () => {
      const r = await post(api, PATH, { website: 'x' });
      expect(r.status).toBe(422);
    });
  });
});

function leadDb(api: TestApi) {
  return withLeadTables(api.deps.db);
}
