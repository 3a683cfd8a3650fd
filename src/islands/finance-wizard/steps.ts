/**
 * The finance wizard's fields per step (SPEC §2, §3), grouped as the visitor sees them. Which fields
 * are required, and their messages, come from the shared schema (src/contract/forms/finance.ts); this
 * file only says how each is shown. Steps 0 to 3 are described here; step 4 is the confirmations.
 */

type FieldKind = 'text' | 'email' | 'tel' | 'amount' | 'date' | 'years' | 'digits' | 'select';

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  optional?: boolean;
  hint?: string;
  autoComplete?: string;
  /** Options of a select. */
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
}

export interface GroupDef {
  legend: string;
  fields: FieldDef[];
  /** Shown only when the data allows (the make/model of a new vehicle). */
  when?: (data: Record<string, string | boolean>) => boolean;
}

const t = (name: string, label: string, more: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  kind: 'text',
  ...more,
});
const amount = (name: string, label: string, optional = false): FieldDef => ({
  name,
  label,
  kind: 'amount',
  optional,
});
const postal = (name: string, label: string): FieldDef => ({
  name,
  label,
  kind: 'digits',
  maxLength: 4,
  hint: '4 digits',
});

const MARITAL = ['Single', 'Married', 'Divorced', 'Widowed', 'Living together'].map((v) => ({
  value: v,
  label: v,
}));
const MARRIAGE = [
  'In community of property',
  'Out of community of property with accrual',
  'Out of community of property without accrual',
  'Customary marriage',
].map((v) => ({ value: v, label: v }));

const isNew = (d: Record<string, string | boolean>) => d.variant === 'new';
const isUsed = (d: Record<string, string | boolean>) => d.variant === 'used';

/** Groups of steps 0..3; the vehicle group's make/model selects are filled by the wizard. */
export const STEP_GROUPS: GroupDef[][] = [
  [
    {
      legend: 'The vehicle',
      fields: [
        { name: 'dealership', label: 'Dealership', kind: 'select' },
        {
          name: 'variant',
          label: 'Vehicle type',
          kind: 'select',
          options: [
            { value: 'new', label: 'New' },
            { value: 'used', label: 'Used / Pre-Owned' },
          ],
        },
      ],
    },
    {
      legend: 'New vehicle',
      when: isNew,
      fields: [
        { name: 'make', label: 'Make', kind: 'select' },
        { name: 'model', label: 'Model', kind: 'select' },
      ],
    },
    {
      legend: 'Pre-owned vehicle',
      when: isUsed,
      fields: [
        t('make', 'Make', { optional: true }),
        t('model', 'Model', { optional: true }),
        amount('vehiclePrice', 'Price of the car', true),
      ],
    },
    {
      legend: 'About you',
      fields: [
        t('firstName', 'First name', { autoComplete: 'given-name', maxLength: 60 }),
        t('surname', 'Last name', { autoComplete: 'family-name', maxLength: 60 }),
        {
          name: 'idNumber',
          label: 'South African ID number',
          kind: 'digits',
          maxLength: 13,
          autoComplete: 'off',
          hint: '13 digits. For your security it is never saved on this device.',
        },
        { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email', maxLength: 254 },
        { name: 'phone', label: 'Cell phone', kind: 'tel', autoComplete: 'tel' },
        { name: 'workTel', label: 'Work phone', kind: 'tel', optional: true, autoComplete: 'off' },
        { name: 'homeTel', label: 'Home phone', kind: 'tel', optional: true, autoComplete: 'off' },
      ],
    },
    {
      legend: 'Marital status',
      fields: [
        { name: 'maritalStatus', label: 'Marital status', kind: 'select', optional: true, options: MARITAL },
        { name: 'dateOfMarriage', label: 'Date of marriage', kind: 'date', optional: true },
        {
          name: 'typeOfMarriage',
          label: 'Type of marriage',
          kind: 'select',
          optional: true,
          options: MARRIAGE,
        },
      ],
    },
    {
      legend: 'Your address',
      fields: [
        t('postalStreet', 'Street', { autoComplete: 'address-line1', maxLength: 120 }),
        t('postalSuburb', 'Suburb', { autoComplete: 'address-level3', maxLength: 80 }),
        { ...postal('postalCode', 'Postal code'), autoComplete: 'postal-code' },
        t('code', 'Area code', { optional: true, maxLength: 10, autoComplete: 'off' }),
        { name: 'period', label: 'Years at this address', kind: 'years', optional: true },
      ],
    },
    {
      legend: 'Next of kin',
      fields: [
        t('nextOfKinFullName', 'Full name', { optional: true, autoComplete: 'off', maxLength: 120 }),
        { name: 'nextOfKinPhone', label: 'Phone', kind: 'tel', autoComplete: 'off' },
        t('relationship', 'Relationship', {
          hint: 'For example mother, brother or friend',
          maxLength: 60,
          autoComplete: 'off',
        }),
        t('nextOfKinStreet', 'Street', { autoComplete: 'off', maxLength: 120 }),
        t('nextOfKinSuburb', 'Suburb', { autoComplete: 'off', maxLength: 80 }),
        { ...postal('nextOfKinCode', 'Postal code'), autoComplete: 'off' },
      ],
    },
  ],
  [
    {
      legend: 'Employment',
      fields: [
        t('employmentOccupation', 'Occupation', { autoComplete: 'organization-title', maxLength: 80 }),
        t('employmentCompany', 'Company', { autoComplete: 'organization', maxLength: 120 }),
        { name: 'employmentYearsWorked', label: 'Years worked there', kind: 'years' },
        { name: 'employmentTel', label: 'Work phone number', kind: 'tel', autoComplete: 'off' },
        t('employmentStreet', 'Street', { autoComplete: 'off', maxLength: 120 }),
        t('employmentSuburb', 'Suburb', { autoComplete: 'off', maxLength: 80 }),
        { ...postal('employmentCode', 'Postal code'), autoComplete: 'off' },
      ],
    },
    {
      legend: 'Monthly income',
      fields: [
        amount('basicMonthly', 'Basic monthly salary'),
        amount('carAllowance', 'Car allowance', true),
        amount('monthlyCommission', 'Monthly commission', true),
        amount('totalSalary', 'Total salary'),
        amount('nettTakeHomePay', 'Nett take-home pay'),
        amount('otherSalary', 'Other income', true),
        t('otherSalarySources', 'Sources of other income', {
          optional: true,
          maxLength: 200,
          autoComplete: 'off',
        }),
        amount('totalMonthlyHousehold', 'Total monthly household income', true),
      ],
    },
  ],
  [
    {
      legend: 'Your bank',
      fields: [
        t('bankName', 'Bank name', {
          hint: 'Never saved on this device.',
          maxLength: 80,
          autoComplete: 'off',
        }),
        t('bankAccountHolderName', 'Account holder name', { maxLength: 120, autoComplete: 'off' }),
      ],
    },
    {
      legend: 'Property (if you own one)',
      fields: [
        amount('purchasePrice', 'Purchase price', true),
        { name: 'datePurchased', label: 'Date purchased', kind: 'date', optional: true },
        { name: 'dateRegistered', label: 'Date registered', kind: 'date', optional: true },
        amount('propertyValue', 'Current value', true),
        amount('amountOutstanding', 'Amount outstanding', true),
        amount('instalment', 'Monthly instalment', true),
      ],
    },
  ],
  [
    {
      legend: 'Housing and living',
      fields: [
        amount('bondPaymentOrRent', 'Bond payment or rent'),
        amount('totalMonthlyHouseholdExpenses', 'Total monthly household expenses'),
        amount('householdExpenses', 'Household expenses', true),
        amount('foodAndEntertainment', 'Food and entertainment'),
        amount('transportCosts', 'Transport costs'),
        amount('educationCosts', 'Education costs', true),
        amount('maintenance', 'Maintenance', true),
      ],
    },
    {
      legend: 'Accounts and repayments',
      fields: [
        amount('policyInsuranceRepayments', 'Policy and insurance repayments'),
        amount('vehicleInstalments', 'Vehicle instalments', true),
        amount('creditCardPayments', 'Credit card payments', true),
        amount('overdraftPayments', 'Overdraft payments', true),
        amount('furnitureAccounts', 'Furniture accounts', true),
        amount('clothingAccounts', 'Clothing accounts', true),
        amount('telephoneRepayments', 'Telephone repayments', true),
        amount('other', 'Other expenses', true),
        t('otherSpecify', 'Other expenses (specify)', {
          optional: true,
          maxLength: 200,
          autoComplete: 'off',
        }),
      ],
    },
  ],
];

/** The order a step's fields are shown in (its errors are listed in this order). */
export function fieldOrder(step: number): string[] {
  return [...new Set((STEP_GROUPS[step] ?? []).flatMap((g) => g.fields.map((f) => f.name)))];
}
