import { describe, expect, it } from 'vitest';
import {
  FINANCE_CONFIRMATIONS,
  FINANCE_DEVICE_EXCLUDED,
  FINANCE_SENSITIVE_FIELDS,
  FINANCE_STEPS,
  validateFinanceApplication,
  validateFinanceStep,
} from './finance.ts';

const TODAY = new Date('2026-11-20T10:00:00Z');
const messages = (r: { ok: boolean; violations?: { propertyPath: string; message: string }[] }) =>
  Object.fromEntries((r.ok ? [] : (r.violations ?? [])).map((v) => [v.propertyPath, v.message]));

const step0 = {
  dealership: 'motus-subaru-west-rand',
  variant: 'new',
  make: 'Subaru',
  model: 'Forester',
  firstName: 'Sipho',
  surname: 'Dlamini',
  idNumber: '8001015009087',
  email: 'sipho@example.co.za',
  phone: '082 555 0101',
  postalStreet: '12 Main Road',
  postalSuburb: 'Ruimsig',
  postalCode: '1724',
  nextOfKinPhone: '083 444 2211',
  relationship: 'Sister',
  nextOfKinStreet: '4 Oak Avenue',
  nextOfKinSuburb: 'Randburg',
  nextOfKinCode: '2194',
};

describe('FINANCE_STEPS', () => {
  it('has the five steps of SPEC §2 in order', () => {
    expect(FINANCE_STEPS.map((s) => s.title)).toEqual([
      'Vehicle & Personal Details',
      'Employment & Salary Details',
      'Financial Details',
      'Monthly Expenses',
      'Permission and Confirmation',
    ]);
    expect(FINANCE_STEPS[4]?.fields).toEqual(FINANCE_CONFIRMATIONS.map((c) => c.name));
  });

  it('keeps ID number and bank details off the device, and encrypts them with every amount', () => {
    for (const f of FINANCE_DEVICE_EXCLUDED) expect(FINANCE_SENSITIVE_FIELDS).toContain(f);
    for (const f of [
      'basicMonthly',
      'nettTakeHomePay',
      'bondPaymentOrRent',
      'foodAndEntertainment',
      'propertyValue',
    ])
      expect(FINANCE_SENSITIVE_FIELDS).toContain(f);
    expect(FINANCE_SENSITIVE_FIELDS).not.toContain('firstName');
  });
});

describe('validateFinanceStep', () => {
  it('step 0: every required message of SPEC §5', () => {
    expect(messages(validateFinanceStep(0, { variant: 'new' }))).toEqual({
      dealership: 'Dealership is required',
      make: 'Make is required for new vehicles',
      model: 'Model is required for new vehicles',
      firstName: 'First name is required',
      surname: 'Last name is required',
      idNumber: 'ID number is required',
      email: 'Email is required',
      phone: 'Phone numbers is required',
      postalStreet: 'Postal street is required',
      postalSuburb: 'Postal suburb is required',
      postalCode: 'Postal code is required',
      nextOfKinPhone: 'Next of kin phone is required',
      relationship: 'Relationship is required',
      nextOfKinStreet: 'Next of kin street is required',
      nextOfKinSuburb: 'Next of kin suburb is required',
      nextOfKinCode: 'Next of kin code is required',
    });
    expect(messages(validateFinanceStep(0, {}))).toHaveProperty('variant', 'Vehicle type is required');
  });

  it('step 0: make and model only for new vehicles; only Subaru, and a model of the range when known', () => {
    expect(
      validateFinanceStep(0, { ...step0, variant: 'used', make: '', model: '' }, { today: TODAY }).ok,
    ).toBe(true);
    expect(
      messages(
        validateFinanceStep(
          0,
          { ...step0, make: 'Toyota', model: 'Hilux' },
          { models: ['Forester', 'Outback'], today: TODAY },
        ),
      ),
    ).toEqual({
      make: 'Only Subaru vehicles can be financed here',
      model: 'Please choose a model from the range',
    });
    expect(
      validateFinanceStep(
        0,
        { ...step0, make: 'subaru', model: 'outback' },
        { models: ['Forester', 'Outback'], today: TODAY },
      ).ok,
    ).toBe(true);
  });

  it.each([
    ['80010150090', 'ID number must be 13 digits'],
    ['9002290123089', 'ID number does not contain a real date of birth'],
    ['8001015009088', 'ID number is not valid'],
    ['0811215009085', 'You must be at least 18 years old to apply for finance'],
  ])('step 0: the ID number %s is refused with "%s"', (idNumber, message) => {
    expect(messages(validateFinanceStep(0, { ...step0, idNumber }, { today: TODAY }))).toEqual({
      idNumber: message,
    });
  });

  it('step 1: every required message of SPEC §5', () => {
    expect(messages(validateFinanceStep(1, {}))).toEqual({
      employmentOccupation: 'Occupation is required',
      employmentCompany: 'Company is required',
      employmentStreet: 'Street is required',
      employmentSuburb: 'Suburb is required',
      employmentCode: 'Code is required',
      employmentYearsWorked: 'Years worked is required',
      employmentTel: 'Tel number is required',
      basicMonthly: 'Basic monthly salary is required',
      totalSalary: 'Total salary is required',
      nettTakeHomePay: 'Nett take home pay is required',
    });
  });

  it('step 2: every required message of SPEC §5, and real past dates', () => {
    expect(messages(validateFinanceStep(2, {}))).toEqual({
      bankName: 'Bank name is required',
      bankAccountHolderName: 'Account holder name is required',
    });
    expect(
      messages(
        validateFinanceStep(2, {
          bankName: 'FNB',
          bankAccountHolderName: 'S D',
          datePurchased: '2023-13-01',
          dateRegistered: '2999-01-01',
        }),
      ),
    ).toEqual({
      datePurchased: 'Date purchased must be a real date',
      dateRegistered: 'Date registered cannot be in the future',
    });
  });

  it('step 3: the five required expenses in SPEC §5’s voice', () => {
    expect(messages(validateFinanceStep(3, {}))).toEqual({
      bondPaymentOrRent: 'Bond payment or rent is required',
      policyInsuranceRepayments: 'Policy and insurance repayments are required',
      totalMonthlyHouseholdExpenses: 'Total monthly household expenses are required',
      transportCosts: 'Transport costs are required',
      foodAndEntertainment: 'Food and entertainment is required',
    });
  });

  it('step 3: amounts are non-negative with at most two decimals', () => {
    const base = {
      bondPaymentOrRent: '0',
      policyInsuranceRepayments: '1',
      totalMonthlyHouseholdExpenses: '2',
      transportCosts: '3',
      foodAndEntertainment: '4',
    };
    const r = validateFinanceStep(3, {
      ...base,
      bondPaymentOrRent: '-1',
      creditCardPayments: '10.123',
      educationCosts: 'abc',
    });
    expect(messages(r)).toEqual({
      bondPaymentOrRent: 'Bond payment or rent must be an amount of zero or more with at most two decimals',
      creditCardPayments: 'Credit card payments must be an amount of zero or more with at most two decimals',
      educationCosts: 'Education costs must be an amount of zero or more with at most two decimals',
    });
    const ok = validateFinanceStep(3, { ...base, bondPaymentOrRent: 'R 9 500,50' });
    expect(ok.ok && ok.data.bondPaymentOrRent).toBe(9500.5);
  });

  it('step 4: each of the 13 confirmations has its own message', () => {
    const r = validateFinanceStep(4, {});
    expect(messages(r)).toEqual(Object.fromEntries(FINANCE_CONFIRMATIONS.map((c) => [c.name, c.message])));
    expect(new Set(FINANCE_CONFIRMATIONS.map((c) => c.message)).size).toBe(13);
    expect(messages(r)).toMatchObject({
      isNotMinor: 'Please confirm you are not a minor',
      license: 'Please confirm you have a license',
      debtReview: 'Please confirm you are not under debt review',
    });
  });
});

describe('validateFinanceApplication', () => {
  it('collects the violations of all five steps', () => {
    const r = validateFinanceApplication({});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violations).toHaveLength(15 + 10 + 2 + 5 + 13); // step 0 asks make and model only for new vehicles
  });
});
