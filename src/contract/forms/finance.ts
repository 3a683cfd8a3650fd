/**
 * The five-step finance application (SPEC §2, §3, §5). Each step validates on its own (the wizard's
 * Next) and the API validates all five. Messages are SPEC §5's; steps 3 and 4 are written in its voice.
 */
import * as v from 'valibot';
import { checkSaIdNumber } from '../../domain/sa-id.ts';
import type { Violation } from '../index.ts';
import {
  amount,
  asText,
  email,
  optionalText,
  pastDate,
  requiredText,
  rule,
  run,
  saPhone,
  sent,
  slug,
  ticked,
  type Validation,
  years,
} from './common.ts';

export const FINANCE_MAKE = 'Subaru';

/** The 13 confirmations of step 4: what the applicant agrees to, and the message when it is not ticked. */
export const FINANCE_CONFIRMATIONS = [
  {
    name: 'communication',
    label: 'I agree to be contacted about my application and related offers.',
    message: 'Please agree to be contacted about your application',
  },
  {
    name: 'creditLimitIncrease',
    label: 'I accept an annual credit limit increase as allowed by the National Credit Act.',
    message: 'Please confirm the annual credit limit increase',
  },
  {
    name: 'isNotMinor',
    label: 'I am not a minor (I am 18 or older).',
    message: 'Please confirm you are not a minor',
  },
  {
    name: 'license',
    label: 'I have a valid driver’s license.',
    message: 'Please confirm you have a license',
  },
  {
    name: 'creditBureauCheck',
    label: 'I consent to a credit bureau check.',
    message: 'Please confirm you consent to a credit bureau check',
  },
  {
    name: 'isDeclaredUnfit',
    label: 'I have not been declared mentally unfit by a court.',
    message: 'Please confirm you have not been declared mentally unfit',
  },
  {
    name: 'prevDebtReArrangement',
    label: 'I have not previously applied for a debt re-arrangement.',
    message: 'Please confirm you have not had a previous debt re-arrangement',
  },
  {
    name: 'financeTermsAndConditions',
    label: 'I accept the finance terms and conditions.',
    message: 'Please accept the finance terms and conditions',
  },
  {
    name: 'nationalCredit',
    label: 'I have read my rights under section 92 of the National Credit Act.',
    message: 'Please confirm you have read the National Credit Act notice',
  },
  {
    name: 'debtCounselling',
    label: 'I am not under debt counselling.',
    message: 'Please confirm you are not under debt counselling',
  },
  {
    name: 'debtReview',
    label: 'I am not under debt review.',
    message: 'Please confirm you are not under debt review',
  },
  {
    name: 'currentDebtReArrangement',
    label: 'I am not currently under a debt re-arrangement.',
    message: 'Please confirm you are not under a current debt re-arrangement',
  },
  {
    name: 'termsAndConditionsAndPrivacyPolicies',
    label: 'I accept the terms and conditions and the privacy policy.',
    message: 'Please accept the terms and conditions and privacy policy',
  },
] as const;

type FinanceConfirmation = (typeof FINANCE_CONFIRMATIONS)[number]['name'];

export const FINANCE_MESSAGES = {
  firstName: 'First name is required',
  surname: 'Last name is required',
  email: 'Email is required',
  phone: 'Phone numbers is required', // sic: SPEC §5's wording
  idNumber: 'ID number is required',
  dealership: 'Dealership is required',
  variant: 'Vehicle type is required',
  make: 'Make is required for new vehicles',
  model: 'Model is required for new vehicles',
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
  policyInsuranceRepayments: 'Policy and insurance repayments are required',
  totalMonthlyHouseholdExpenses: 'Total monthly household expenses are required',
  foodAndEntertainment: 'Food and entertainment is required',
  transportCosts: 'Transport costs are required',
  // Beyond "required"
  idFormat: 'ID number must be 13 digits',
  idDate: 'ID number does not contain a real date of birth',
  idChecksum: 'ID number is not valid',
  idMinor: 'You must be at least 18 years old to apply for finance',
  makeOnly: `Only ${FINANCE_MAKE} vehicles can be financed here`,
  modelUnknown: 'Please choose a model from the range',
  variantChoice: 'Vehicle type must be New or Used',
} as const;

const M = FINANCE_MESSAGES;

export interface FinanceContext {
  /** Model names of the new range; when given, a new vehicle's model must be one of them. */
  models?: readonly string[];
  /** "Today" for the age check (tests). */
  today?: Date;
}

function postalCode(required: string, label: string) {
  return v.pipe(
    sent({ type: 'string', pattern: '^\\d{4}$' }),
    v.transform(asText),
    v.nonEmpty(rule('required', required)),
    v.regex(/^\d{4}$/, rule('invalid_postal_code', `${label} must be 4 digits`)),
  );
}

const ID_REASONS = {
  format: rule('invalid_id_format', M.idFormat),
  date: rule('invalid_id_date', M.idDate),
  checksum: rule('invalid_id_checksum', M.idChecksum),
  minor: rule('under_age', M.idMinor),
} as const;

function idNumber(today: Date | undefined) {
  return v.pipe(
    sent({
      type: 'string',
      pattern: '^\\d{13}$',
      description: 'South African ID number; stored encrypted, answered masked.',
    }),
    v.transform((x) => asText(x).replace(/\s/g, '')),
    v.nonEmpty(rule('required', M.idNumber)),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const r = checkSaIdNumber(dataset.value, today ?? new Date());
      if (!r.ok) addIssue({ message: ID_REASONS[r.reason] });
    }),
  );
}

function vehicle(data: Record<string, unknown>, ctx: FinanceContext) {
  const isNew = asText(data.variant).toLowerCase() === 'new';
  const models = ctx.models?.map((m) => m.toLowerCase());
  return {
    dealership: slug('Dealership', M.dealership),
    variant: v.pipe(
      sent({ type: 'string', enum: ['new', 'used'] }),
      v.transform((x) => asText(x).toLowerCase()),
      v.nonEmpty(rule('required', M.variant)),
      v.picklist(['new', 'used'], rule('invalid_choice', M.variantChoice)),
    ),
    make: isNew
      ? v.pipe(
          sent({ type: 'string', description: `${FINANCE_MAKE}; required for new vehicles.` }),
          v.transform(asText),
          v.nonEmpty(rule('required', M.make)),
          v.check((s) => s.toLowerCase() === FINANCE_MAKE.toLowerCase(), rule('invalid_make', M.makeOnly)),
          v.transform(() => FINANCE_MAKE),
        )
      : optionalText('Make', 60),
    model: isNew
      ? v.pipe(
          requiredText(M.model, 'Model', 60),
          v.check((s) => !models || models.includes(s.toLowerCase()), rule('invalid_model', M.modelUnknown)),
        )
      : optionalText('Model', 60),
    /** The advertised price of the car applied for (filled in from the vehicle page's link). */
    vehiclePrice: amount('Vehicle price'),
  };
}

function step0(data: Record<string, unknown>, ctx: FinanceContext) {
  return {
    ...vehicle(data, ctx),
    firstName: requiredText(M.firstName, 'First name', 60),
    surname: requiredText(M.surname, 'Last name', 60),
    idNumber: idNumber(ctx.today),
    email: email(M.email),
    phone: saPhone(M.phone),
    workTel: saPhone(),
    homeTel: saPhone(),
    maritalStatus: optionalText('Marital status', 40),
    dateOfMarriage: pastDate('Date of marriage'),
    typeOfMarriage: optionalText('Type of marriage', 60),
    code: optionalText('Code', 10),
    period: years('Years at address'),
    postalStreet: requiredText(M.postalStreet, 'Postal street', 120),
    postalSuburb: requiredText(M.postalSuburb, 'Postal suburb', 80),
    postalCode: postalCode(M.postalCode, 'Postal code'),
    nextOfKinFullName: optionalText('Next of kin full name', 120),
    nextOfKinPhone: saPhone(M.nextOfKinPhone),
    relationship: requiredText(M.relationship, 'Relationship', 60),
    nextOfKinStreet: requiredText(M.nextOfKinStreet, 'Next of kin street', 120),
    nextOfKinSuburb: requiredText(M.nextOfKinSuburb, 'Next of kin suburb', 80),
    nextOfKinCode: postalCode(M.nextOfKinCode, 'Next of kin code'),
  };
}

function step1() {
  return {
    employmentOccupation: requiredText(M.employmentOccupation, 'Occupation', 80),
    employmentCompany: requiredText(M.employmentCompany, 'Company', 120),
    employmentStreet: requiredText(M.employmentStreet, 'Street', 120),
    employmentSuburb: requiredText(M.employmentSuburb, 'Suburb', 80),
    employmentCode: postalCode(M.employmentCode, 'Code'),
    employmentYearsWorked: years('Years worked', M.employmentYearsWorked),
    employmentTel: saPhone(M.employmentTel),
    basicMonthly: amount('Basic monthly salary', M.basicMonthly),
    carAllowance: amount('Car allowance'),
    totalSalary: amount('Total salary', M.totalSalary),
    monthlyCommission: amount('Monthly commission'),
    nettTakeHomePay: amount('Nett take home pay', M.nettTakeHomePay),
    otherSalary: amount('Other income'),
    otherSalarySources: optionalText('Other income sources', 200),
    totalMonthlyHousehold: amount('Total monthly household income'),
  };
}

function step2() {
  return {
    bankName: requiredText(M.bankName, 'Bank name', 80),
    bankAccountHolderName: requiredText(M.bankAccountHolderName, 'Account holder name', 120),
    amountOutstanding: amount('Amount outstanding'),
    propertyValue: amount('Property value'),
    instalment: amount('Instalment'),
    purchasePrice: amount('Purchase price'),
    datePurchased: pastDate('Date purchased'),
    dateRegistered: pastDate('Date registered'),
  };
}

function step3() {
  return {
    bondPaymentOrRent: amount('Bond payment or rent', M.bondPaymentOrRent),
    creditCardPayments: amount('Credit card payments'),
    policyInsuranceRepayments: amount('Policy and insurance repayments', M.policyInsuranceRepayments),
    educationCosts: amount('Education costs'),
    totalMonthlyHouseholdExpenses: amount(
      'Total monthly household expenses',
      M.totalMonthlyHouseholdExpenses,
    ),
    furnitureAccounts: amount('Furniture accounts'),
    telephoneRepayments: amount('Telephone repayments'),
    maintenance: amount('Maintenance'),
    other: amount('Other expenses'),
    otherSpecify: optionalText('Other expenses (specify)', 200),
    vehicleInstalments: amount('Vehicle instalments'),
    clothingAccounts: amount('Clothing accounts'),
    transportCosts: amount('Transport costs', M.transportCosts),
    householdExpenses: amount('Household expenses'),
    overdraftPayments: amount('Overdraft payments'),
    foodAndEntertainment: amount('Food and entertainment', M.foodAndEntertainment),
  };
}

function step4() {
  return Object.fromEntries(FINANCE_CONFIRMATIONS.map((c) => [c.name, ticked(c.message)])) as Record<
    FinanceConfirmation,
    ReturnType<typeof ticked>
  >;
}

const STEP_FIELDS = [step0, step1, step2, step3, step4] as const;
const TITLES = [
  'Vehicle & Personal Details',
  'Employment & Salary Details',
  'Financial Details',
  'Monthly Expenses',
  'Permission and Confirmation',
] as const;

/** The wizard's steps (SPEC §2): title and the fields each step holds, in form order. */
export const FINANCE_STEPS = TITLES.map((title, i) => ({
  title,
  fields: Object.keys(
    (STEP_FIELDS[i] as (d: Record<string, unknown>, c: FinanceContext) => object)({ variant: 'new' }, {}),
  ),
}));

export type FinanceStep = 0 | 1 | 2 | 3 | 4;

export type FinanceData = v.InferOutput<v.ObjectSchema<ReturnType<typeof step0>, undefined>> &
  v.InferOutput<v.ObjectSchema<ReturnType<typeof step1>, undefined>> &
  v.InferOutput<v.ObjectSchema<ReturnType<typeof step2>, undefined>> &
  v.InferOutput<v.ObjectSchema<ReturnType<typeof step3>, undefined>> &
  Record<FinanceConfirmation, true>;

/** Never written to the visitor's device (the draft in localStorage leaves them out). */
export const FINANCE_DEVICE_EXCLUDED = ['idNumber', 'bankName', 'bankAccountHolderName'] as const;

/** Encrypted at rest and never echoed: the ID number, bank details and every income or amount field. */
export const FINANCE_SENSITIVE_FIELDS: readonly string[] = [
  'idNumber',
  'bankName',
  'bankAccountHolderName',
  ...Object.keys(step1()).filter((k) => !k.startsWith('employment') && k !== 'otherSalarySources'),
  'amountOutstanding',
  'propertyValue',
  'instalment',
  'purchasePrice',
  ...Object.keys(step3()).filter((k) => k !== 'otherSpecify'),
];

/** Every field of the five steps, as they are for a used vehicle (make and model optional). */
export function financeFields(ctx: FinanceContext = {}) {
  return {
    ...step0({ variant: 'used' }, ctx),
    ...step1(),
    ...step2(),
    ...step3(),
    ...step4(),
  };
}

function asRecord(data: unknown): Record<string, unknown> {
  return (data && typeof data === 'object' && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
}

/** Validates one step of the wizard (0..4). */
export function validateFinanceStep(
  step: FinanceStep,
  data: unknown,
  ctx: FinanceContext = {},
): Validation<Record<string, unknown>> {
  const fields = (STEP_FIELDS[step] as (d: Record<string, unknown>, c: FinanceContext) => v.ObjectEntries)(
    asRecord(data),
    ctx,
  );
  return run(fields, data);
}

/** Validates the whole application: every step's violations, in step order. */
export function validateFinanceApplication(data: unknown, ctx: FinanceContext = {}): Validation<FinanceData> {
  const violations: Violation[] = [];
  let out: Record<string, unknown> = {};
  for (const step of [0, 1, 2, 3, 4] as const) {
    const r = validateFinanceStep(step, data, ctx);
    if (r.ok) out = { ...out, ...r.data };
    else violations.push(...r.violations);
  }
  return violations.length ? { ok: false, violations } : { ok: true, data: out as FinanceData };
}
