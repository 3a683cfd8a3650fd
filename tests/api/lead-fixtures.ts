/** Valid lead payloads and a poster for the lead API tests. Every call makes a distinct visitor. */

import { FINANCE_CONFIRMATIONS } from '../../src/contract/forms/finance.ts';
import { firstBookableDate, timeSlots } from '../../src/domain/booking.ts';
import type { TestApi } from './harness.ts';

let n = 0;
export const unique = () => `${process.pid}-${Date.now()}-${++n}`;

/** Env for lead tests: a generous rate limit unless a test is about the limit. */
export const LEAD_ENV = { RATE_LIMIT_LEADS: '10000/60s', TRUST_PROXY: '1' };

export function enquiry(overrides: Record<string, unknown> = {}) {
  return {
    form_name: 'contact',
    first_name: 'Thandi',
    last_name: 'Nkosi',
    email: `thandi.${unique()}@example.co.za`,
    cell_phone: '082 123 4567',
    message: 'Please call me after five.',
    contact: true,
    terms: true,
    uri: '/contact-us',
    ...overrides,
  };
}

/** A bookable test drive or service slot: the next open day after tomorrow, its first time. */
export function slot() {
  const preferred_date = firstBookableDate(new Date(), 2);
  return { preferred_date, preferred_time: timeSlots(preferred_date)[0] as string };
}

/** A complete service booking's own fields. */
export const serviceFields = () => ({
  ...slot(),
  service_type: 'Major service',
  registration: 'CA 123-456',
  mileage: '85 000',
});

export function finance(overrides: Record<string, unknown> = {}) {
  return {
    dealership: 'motus-subaru-west-rand',
    variant: 'new',
    make: 'Subaru',
    model: 'Forester',
    firstName: 'Sipho',
    surname: 'Dlamini',
    idNumber: '8001015009087',
    email: `sipho.${unique()}@example.co.za`,
    phone: '082 555 0101',
    postalStreet: '12 Main Road',
    postalSuburb: 'Ruimsig',
    postalCode: '1724',
    nextOfKinFullName: 'Lindiwe Dlamini',
    nextOfKinPhone: '083 444 2211',
    relationship: 'Sister',
    nextOfKinStreet: '4 Oak Avenue',
    nextOfKinSuburb: 'Randburg',
    nextOfKinCode: '2194',
    employmentOccupation: 'Engineer',
    employmentCompany: 'Acme Mining',
    employmentStreet: '1 Commissioner Street',
    employmentSuburb: 'Marshalltown',
    employmentCode: '2001',
    employmentYearsWorked: '6',
    employmentTel: '011 555 0100',
    basicMonthly: '45000',
    totalSalary: 'R 52 000,50',
    nettTakeHomePay: '38500.25',
    bankName: 'First National Bank',
    bankAccountHolderName: 'S Dlamini',
    bondPaymentOrRent: '9500',
    policyInsuranceRepayments: '1200',
    totalMonthlyHouseholdExpenses: '21000',
    foodAndEntertainment: '4000',
    transportCosts: '2500',
    uri: '/finance',
    ...Object.fromEntries(FINANCE_CONFIRMATIONS.map((c) => [c.name, true])),
    ...overrides,
  };
}

export interface Posted<T = Record<string, unknown>> {
  status: number;
  body: T;
  res: Response;
}

export async function post<T = Record<string, unknown>>(
  api: TestApi,
  path: '/api/customer_enquiries' | '/api/finance_applications',
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Posted<T>> {
  return api.json<T>(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/ld+json',
      'X-Forwarded-For': `10.0.${n % 250}.${++n % 250}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface ViolationBody {
  '@type': string;
  'hydra:title': string;
  'hydra:description': string;
  violations: { propertyPath: string; message: string; code: string }[];
}

export const messagesOf = (b: ViolationBody) =>
  Object.fromEntries(b.violations.map((v) => [v.propertyPath, v.message]));
