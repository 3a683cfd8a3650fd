/** POST /api/finance_applications on every engine: every SPEC §5 message per step, the 201, encryption at rest. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINANCE_CONFIRMATIONS,
  FINANCE_MESSAGES,
  FINANCE_SENSITIVE_FIELDS,
  FINANCE_STEPS,
} from '../../src/contract/forms/finance.ts';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { leadCrypto } from '../../src/server/leads/crypto.ts';
import { recentLeads, toCsv, toTable } from '../../src/server/leads/report.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { finance, LEAD_ENV, messagesOf, post, type ViolationBody } from './lead-fixtures.ts';

const PATH = '/api/finance_applications';

// The required-field messages of SPEC §5 (steps 0..3), and every confirmation of step 4.
const REQUIRED: Record<string, string> = {
  firstName: 'First name is required',
  surname: 'Last name is required',
  email: 'Email is required',
  phone: 'Phone numbers is required',
  idNumber: 'ID number is required',
  dealership: 'Dealership is required',
  variant: 'Vehicle type is required',
  postalStreet: 'Postal street is required',
  postalSuburb: 'Postal suburb is required',
  postalCode: 'Postal code is required',
  nextOfKinPhone: 'Next of kin phone is required',
  relationship: 'Relationship is required',
  nextOfKinStreet: 'Next of kin street is required',
  nextOfKinSuburb: 'Next of kin suburb is required',
  nextOfKinCode: 'Next of kin code is required',
  employmentOccupation: 'Occupation is required',
  employmentCompany: 'Company is required',
  employmentYearsWorked: 'Years worked is required',
  employmentTel: 'Tel number is required',
  employmentStreet: 'Street is required',
  employmentSuburb: 'Suburb is required',
  employmentCode: 'Code is required',
  basicMonthly: 'Basic monthly salary is required',
  totalSalary: 'Total salary is required',
  nettTakeHomePay: 'Nett take home pay is required',
  bankName: 'Bank name is required',
  bankAccountHolderName: 'Account holder name is required',
  bondPaymentOrRent: 'Bond payment or rent is required',
  policyInsuranceRepayments: FINANCE_MESSAGES.policyInsuranceRepayments,
  totalMonthlyHouseholdExpenses: FINANCE_MESSAGES.totalMonthlyHouseholdExpenses,
  foodAndEntertainment: FINANCE_MESSAGES.foodAndEntertainment,
  transportCosts: FINANCE_MESSAGES.transportCosts,
  ...Object.fromEntries(FINANCE_CONFIRMATIONS.map((c) => [c.name, c.message])),
};

describe.each(ENGINES)('finance applications on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(engine, LEAD_ENV);
  });
  afterAll(() => api.close());

  it('posting an empty application returns 422 with every required message of all five steps, in step order', async () => {
    const r = await post<ViolationBody>(api, PATH, {});
    expect(r.status).toBe(422);
    expect(messagesOf(r.body)).toEqual(REQUIRED);
    const order = FINANCE_STEPS.flatMap((s) => s.fields).filter((f) => f in REQUIRED);
    expect(r.body.violations.map((v) => v.propertyPath)).toEqual(order);
    expect(r.body['hydra:description']).toContain('phone: Phone numbers is required');
    expect(r.body['hydra:description']).toContain('isNotMinor: Please confirm you are not a minor');
  });

  it('a new vehicle needs a make and a model: "Make is required for new vehicles"', async () => {
    const r = await post<ViolationBody>(api, PATH, finance({ make: '', model: '' }));
    expect(messagesOf(r.body)).toEqual({
      make: 'Make is required for new vehicles',
      model: 'Model is required for new vehicles',
    });
  });

  it('a new vehicle must be a Subaru from the range; a used one may be anything', async () => {
    const r = await post<ViolationBody>(api, PATH, finance({ make: 'Toyota', model: 'Hilux' }));
    expect(messagesOf(r.body)).toEqual({
      make: 'Only Subaru vehicles can be financed here',
      model: 'Please choose a model from the range',
    });
    const used = await post(api, PATH, finance({ variant: 'used', make: 'Toyota', model: 'Hilux' }));
    expect(used.status).toBe(201);
  });

  it.each([
    [{ idNumber: '800101500908' }, 'idNumber', 'ID number must be 13 digits'],
    [{ idNumber: '9002290123089' }, 'idNumber', 'ID number does not contain a real date of birth'],
    [{ idNumber: '8001015009088' }, 'idNumber', 'ID number is not valid'],
    [{ idNumber: '1001015009084' }, 'idNumber', 'You must be at least 18 years old to apply for finance'],
    [
      { basicMonthly: '-5' },
      'basicMonthly',
      'Basic monthly salary must be an amount of zero or more with at most two decimals',
    ],
    [
      { totalSalary: '100.555' },
      'totalSalary',
      'Total salary must be an amount of zero or more with at most two decimals',
    ],
    [{ dateOfMarriage: '2021-02-30' }, 'dateOfMarriage', 'Date of marriage must be a real date'],
    [{ datePurchased: '2999-01-01' }, 'datePurchased', 'Date purchased cannot be in the future'],
    [{ postalCode: '17245' }, 'postalCode', 'Postal code must be 4 digits'],
    [
      { employmentYearsWorked: 'six' },
      'employmentYearsWorked',
      'Years worked must be a whole number of years from 0 to 80',
    ],
    [{ phone: '12345' }, 'phone', 'Please enter a valid South African phone number'],
    [{ variant: 'lease' }, 'variant', 'Vehicle type must be New or Used'],
    [{ dealership: 'motus-subaru-atlantis' }, 'dealership', 'Please choose a dealership from the list'],
  ])('%j is refused with a violation on %s', async (overrides, path, message) => {
    const r = await post<ViolationBody>(api, PATH, finance(overrides));
    expect(r.status).toBe(422);
    expect(messagesOf(r.body)).toEqual({ [path]: message });
  });

  it('answers 201 with the Queued record, the finance source code, a masked ID number and no income or bank figures', async () => {
    const r = await post<Record<string, unknown>>(
      api,
      PATH,
      finance({ dealership: 'durban', unknownField: 'x' }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      '@type': 'FinanceApplication',
      sourceCode: 'Group Website Subaru-Online Fin App',
      status: 'Queued',
      source: 'Website',
      consent: true,
      dealership: 'motus-subaru-durban',
      phone: '+27825550101',
      idNumber: '**********087',
      make: 'Subaru',
      model: 'Forester',
    });
    expect(r.body['@id']).toMatch(/^\/api\/finance_applications\/[0-9a-f-]{36}$/);
    for (const f of FINANCE_SENSITIVE_FIELDS.filter((f) => f !== 'idNumber'))
      expect(r.body).not.toHaveProperty(f);
    expect(JSON.stringify(r.body)).not.toContain('8001015009087');
    expect(r.body).not.toHaveProperty('unknownField');
  });

  it('stores the ID number, bank details and amounts only encrypted (AES-256-GCM), and records all 13 confirmations', async () => {
    const r = await post<{ id: string }>(api, PATH, finance({ basicMonthly: '45678.91' }));
    const row = await leadDb(api)
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', r.body.id)
      .executeTakeFirstOrThrow();
    const raw = JSON.stringify(row);
    for (const secret of ['8001015009087', '45678.91', 'First National Bank', 'S Dlamini'])
      expect(raw).not.toContain(secret);
    expect(row.sensitive).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const crypto = leadCrypto(api.deps.config.leads.encryptionKey);
    const clear = JSON.parse(crypto.decrypt(row.sensitive as string, row.id));
    expect(clear).toMatchObject({
      idNumber: '8001015009087',
      basicMonthly: 45678.91,
      totalSalary: 52000.5,
      bankName: 'First National Bank',
    });
    expect(() => crypto.decrypt(row.sensitive as string, 'another-lead')).toThrow();
    const consent = await leadDb(api)
      .selectFrom('lead_consents')
      .selectAll()
      .where('lead_id', '=', r.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(consent.agreed).map((a: { name: string }) => a.name)).toEqual(
      FINANCE_CONFIRMATIONS.map((c) => c.name),
    );
    expect(consent.notice_version).toBe(api.deps.config.leads.privacyNoticeVersion);
  });

  it('npm run leads lists the application with its delivery status, and its CSV holds no decrypted field', async () => {
    const r = await post<{ id: string }>(api, PATH, finance({ firstName: '=HYPERLINK("x")' }));
    const rows = await recentLeads(leadDb(api), 500);
    const row = rows.find((x) => x.id === r.body.id);
    expect(row).toMatchObject({
      kind: 'finance',
      form: 'finance',
      email_delivery: 'pending',
      webhook_delivery: 'not configured',
    });
    const csv = toCsv(rows);
    expect(csv.split('\r\n')[0]).toBe(
      'created_at,id,kind,form,lead_type,dealer,name,email,email_delivery,webhook_delivery,attempts,last_error',
    );
    expect(csv).not.toContain('8001015009087');
    expect(csv).not.toContain('First National Bank');
    expect(csv).toContain(`"'=HYPERLINK(""x"") Dlamini"`);
    // A channel that is not configured reads as words, never as the escaped formula `'-`.
    const line = csv.split('\r\n').find((l) => l.includes(r.body.id)) as string;
    expect(line).toContain(',pending,not configured,');
    expect(csv).not.toContain("'-");
    expect(toTable(rows)).toContain(r.body.id);
  });
});

function leadDb(api: TestApi) {
  return withLeadTables(api.deps.db);
}
