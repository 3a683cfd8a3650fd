/** Page objects for the lead-form browser tests: an enquiry form and the finance wizard. */
import { type APIRequestContext, expect, type Locator, type Page, type Request } from '@playwright/test';
import { firstBookableDate, timeSlots } from '../../../src/domain/booking.ts';
import { luhnCheckDigit } from '../../../src/domain/sa-id.ts';
import { axeViolations } from '../axe.ts';

export const BOOKING_ERRORS = ['Date is required', 'Time is required'];

/** A bookable day (two or more days ahead, not a Sunday or holiday) and its first slot. */
export function bookableSlot() {
  const date = firstBookableDate(new Date(), 2);
  return { date, time: timeSlots(date)[0] as string };
}

export const THANKS = 'Thank You for Your Enquiry!';

/** A valid South African ID number of someone born on 1 January 1985. */
export const VALID_ID = (() => {
  const first12 = '850101500908';
  return `${first12}${luhnCheckDigit(first12)}`;
})();

export const PERSON = {
  first: 'Thandi',
  last: 'Nkosi',
  email: 'thandi.nkosi@example.co.za',
  phone: '082 123 4567',
};

interface Member<T> {
  'hydra:member': T[];
}

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/${path}`);
  expect(res.ok(), `GET /api/${path}`).toBeTruthy();
  return (await res.json()) as T;
}

export interface FormPages {
  dealer: { slug: string; siteName: string };
  variantEnquire: string;
  testDrive: string;
  special: string;
  used: { path: string; id: number; make: string; model: string; make_slug: string };
}

/** Concrete URLs of every enquiry form, from the API. */
export async function formPages(request: APIRequestContext): Promise<FormPages> {
  const [dealers, variants, specials, stock] = await Promise.all([
    api<Member<{ slug: string; siteName: string }>>(request, 'dealers'),
    api<Member<{ make_slug: string; model_slug: string; variant_slug: string }>>(request, 'renault_ranges'),
    api<Member<{ specials: { slug: string }[] }>>(request, 'special-deals/motus-subaru'),
    api<Member<{ id: number; uri: string; make: string; model: string; make_slug: string }>>(
      request,
      'motus-subaru/vehicles',
    ),
  ]);
  const v = variants['hydra:member'][0];
  const special = specials['hydra:member'][0]?.specials[0];
  const car = stock['hydra:member'][0];
  const dealer = dealers['hydra:member'][0];
  if (!v || !special || !car || !dealer) throw new Error('demo data is missing records the tests need');
  return {
    dealer,
    variantEnquire: `/showroom/${v.make_slug}/${v.model_slug}/${v.variant_slug}/enquire`,
    testDrive: `/test-drive/${v.make_slug}/${v.model_slug}`,
    special: `/special-offers/${special.slug}`,
    used: {
      path: `${car.uri}/enquire`,
      id: car.id,
      make: car.make,
      model: car.model,
      make_slug: car.make_slug,
    },
  };
}

/** Zero axe violations (WCAG 2.2 AA and best practice) on what the page shows now (or in `include`). */
export async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, { include })).toEqual([]);
}

/** The island has hydrated: Astro removed the `ssr` marker and the submit button is enabled. */
export async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

export class EnquiryPage {
  readonly page: Page;
  readonly form: Locator;
  readonly submitName: string;
  constructor(page: Page, formName: string, submitName: string) {
    this.page = page;
    this.submitName = submitName;
    this.form = page.getByRole('form', { name: formName });
  }

  async open(path: string) {
    await this.page.goto(path);
    await this.form.scrollIntoViewIfNeeded();
    await hydrated(this.page);
    await expect(this.submit).toBeEnabled();
  }

  field(label: string | RegExp): Locator {
    return this.form.getByLabel(label, { exact: typeof label === 'string' });
  }
  get submit(): Locator {
    return this.form.getByRole('button', { name: this.submitName });
  }
  get contact(): Locator {
    return this.form.getByRole('checkbox', { name: /contact me/ });
  }
  get terms(): Locator {
    return this.form.getByRole('checkbox', { name: /terms and conditions/ });
  }
  /** The messages of the error summary, in order. */
  async errors(): Promise<string[]> {
    const summary = this.form.getByRole('region', { name: /Please correct/ });
    await expect(summary).toBeVisible();
    return summary.getByRole('listitem').allTextContents();
  }
  get alert(): Locator {
    return this.form.locator('.form-alert[role="alert"]');
  }

  async fillPerson(p = PERSON) {
    await this.field('First name').fill(p.first);
    await this.field('Last name').fill(p.last);
    await this.field('Email').fill(p.email);
    await this.field('Cell phone').fill(p.phone);
  }
  /** A dated test drive or service: the day's slots appear once the date is chosen. */
  async fillBooking(slot = bookableSlot()) {
    await this.field(/ date$/).fill(slot.date);
    await this.field('Time').selectOption(slot.time);
    return slot;
  }
  async fillService() {
    const slot = await this.fillBooking();
    await this.field('Service type').selectOption('Major service');
    await this.field('Registration number').fill('CA 123-456');
    await this.field('Mileage (km)').fill('85 000');
    return slot;
  }
  async fillValid(message = 'Please call me after 16:00.') {
    await this.fillPerson();
    await this.field(/^Message|^Part description|^About your car|^Your message|^Anything else/).fill(message);
    await this.contact.check();
    await this.terms.check();
  }
}

/** The thank-you page replaced the form in the history: Back returns to the page before it. */
export async function expectThankYouReplacingForm(page: Page, formPath: string, before: string) {
  await expect(page).toHaveURL(new RegExp(`${formPath.replace(/[/.]/g, '\\$&')}/thank-you/?$`));
  await expect(page.getByRole('heading', { level: 1, name: THANKS })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${before.replace(/[/.]/g, '\\$&')}/?$`));
}

/** Collects the lead POSTs a page makes (method, Idempotency-Key, answer). */
export function leadPosts(page: Page, path: 'customer_enquiries' | 'finance_applications') {
  const seen: { key: string | null; status: number | null; body: Record<string, unknown> }[] = [];
  page.on('requestfinished', async (req: Request) => {
    if (req.method() !== 'POST' || !req.url().endsWith(`/api/${path}`)) return;
    const res = await req.response();
    seen.push({
      key: req.headers()['idempotency-key'] ?? null,
      status: res?.status() ?? null,
      body: req.postDataJSON(),
    });
  });
  page.on('requestfailed', (req: Request) => {
    if (req.method() !== 'POST' || !req.url().endsWith(`/api/${path}`)) return;
    seen.push({ key: req.headers()['idempotency-key'] ?? null, status: null, body: req.postDataJSON() });
  });
  return seen;
}
