/**
 * Every enquiry form with JavaScript turned off (src/server/forms/, decision 232): a real form post,
 * a stored lead queued for delivery, the thank-you page; empty fields and a bad phone number answered
 * with the same page, the SPEC messages in order and the typed values kept; a double click, one lead
 * (also under the key an answered page carries, decision 265); valuation photos in the form's own
 * multipart post (decision 266).
 */
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import sharp from 'sharp';
import { E2E_EDITOR_TOKEN } from '../../../scripts/e2e-env.ts';
import { axeViolations } from '../axe.ts';
import { bookableSlot, type FormPages, formPages, THANKS } from './helpers.ts';

test.use({ javaScriptEnabled: false });
// Three answers from the server and an axe run each: more than the default on a shared machine.
test.describe.configure({ timeout: 90_000 });

const PERSON = [
  'First name is required',
  'Last name is required',
  'Email is required',
  'Cell phone is required',
];
const CONTACT = 'Please allow us to contact you';
const BAD_PHONE = 'Please enter a valid South African phone number';

interface Case {
  key: string;
  label: string;
  submit: string;
  path: (d: FormPages) => string;
  /** The form's own errors of an empty send, between the person's and the contact tick. */
  extra: string[];
  fill?: (form: Locator) => Promise<unknown>;
}

const field = (form: Locator, label: string | RegExp) =>
  form.getByLabel(label, { exact: typeof label === 'string' });
const chooseDealer = (form: Locator) => field(form, /dealership$/i).selectOption({ index: 1 });
async function booking(form: Locator) {
  const slot = bookableSlot();
  await field(form, / date$/).fill(slot.date);
  await field(form, 'Time').selectOption(slot.time);
}

const DEALER = 'Dealership is required';
const BOOKING = ['Date is required', 'Time is required'];
const CASES: Case[] = [
  {
    key: 'contact',
    label: 'Contact form',
    submit: 'Send message',
    path: () => '/contact-us',
    extra: [DEALER],
    fill: chooseDealer,
  },
  {
    key: 'parts',
    label: 'Parts enquiry',
    submit: 'Request a quote',
    path: () => '/parts',
    extra: [DEALER, 'A part number or a description of the part is required'],
    fill: async (form) => {
      await chooseDealer(form);
      await field(form, /^Part number/).fill('SOA635P0010');
    },
  },
  {
    key: 'service',
    label: 'Service booking',
    submit: 'Book my service',
    path: () => '/book-a-service',
    extra: [
      DEALER,
      ...BOOKING,
      'Service type is required',
      'Registration is required',
      'Mileage is required',
    ],
    fill: async (form) => {
      await chooseDealer(form);
      await booking(form);
      await field(form, 'Service type').selectOption('Major service');
      await field(form, 'Registration number').fill('CA 123-456');
      await field(form, 'Mileage (km)').fill('85 000');
    },
  },
  {
    key: 'special',
    label: 'Special offer enquiry',
    submit: 'Send enquiry',
    path: (d) => d.special,
    extra: [DEALER],
    fill: chooseDealer,
  },
  {
    key: 'new',
    label: 'New vehicle enquiry',
    submit: 'Send enquiry',
    path: (d) => d.variantEnquire,
    extra: [DEALER],
    fill: chooseDealer,
  },
  {
    key: 'used',
    label: 'Pre-owned vehicle enquiry',
    submit: 'Send enquiry',
    path: (d) => d.used.path,
    extra: [],
  },
  {
    key: 'test-drive',
    label: 'Test drive booking',
    submit: 'Book my test drive',
    path: (d) => d.testDrive,
    extra: [DEALER, ...BOOKING],
    fill: async (form) => {
      await chooseDealer(form);
      await booking(form);
    },
  },
  {
    key: 'valuation',
    label: 'Trade-in valuation',
    submit: 'Get my valuation',
    path: () => '/sell-your-car',
    extra: [
      'Make is required',
      'Model is required',
      'Year is required',
      'Mileage is required',
      'Condition is required',
      DEALER,
    ],
    fill: async (form) => {
      await field(form, 'Make').fill('Toyota');
      await field(form, 'Model').fill('Corolla 1.8');
      await field(form, 'Year').fill('2017');
      await field(form, 'Mileage (km)').fill('123 400');
      await field(form, 'Condition').selectOption('Good');
      await chooseDealer(form);
    },
  },
];

/** The leads inbox (staff API) entries of one visitor's e-mail address. */
async function leadsOf(request: APIRequestContext, email: string) {
  const res = await request.get(`/api/admin/leads?q=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${E2E_EDITOR_TOKEN}` },
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json())['hydra:member'] as { form_name: string; delivery: { status: string }[] }[];
}

async function fillPerson(form: Locator, email: string, phone = '082 123 4567') {
  await field(form, 'First name').fill('Thandi');
  await field(form, 'Last name').fill('Nkosi');
  await field(form, 'Email').fill(email);
  await field(form, 'Cell phone').fill(phone);
}

/**
 * axe runs in the page, so it needs scripts: the answered page's HTML is opened again at its own
 * address in a context with JavaScript on (the form island is unwrapped, so it stays as answered).
 */
async function axeOfAnswer(browser: Browser, page: Page) {
  const html = await page.content();
  const url = page.url();
  const context = await browser.newContext({ javaScriptEnabled: true });
  const other = await context.newPage();
  await other.route(url, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
  await other.goto(url);
  const found = await axeViolations(other);
  await context.close();
  return found;
}

const errorsOf = (page: Page) => page.getByRole('region', { name: /Please correct/ }).getByRole('listitem');

for (const c of CASES) {
  test(`${c.key} form without JavaScript: errors with typed values kept, then a stored lead and the thank-you page`, async ({
    page,
    request,
    browser,
  }) => {
    const d = await formPages(request);
    const path = c.path(d);
    const email = `nojs.${c.key}.${Date.now()}@example.co.za`;
    await page.goto(path);
    const form = page.getByRole('form', { name: c.label });
    const send = form.getByRole('button', { name: c.submit });
    await expect(send).toBeEnabled();

    await send.click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(errorsOf(page)).toHaveText([...PERSON, ...c.extra, CONTACT]);
    await expect(page.locator('.error-summary')).toBeFocused();
    await expect(field(form, 'First name')).toHaveAccessibleDescription('First name is required');
    expect(await axeOfAnswer(browser, page)).toEqual([]);

    // A bad phone number: its message, and everything typed still there.
    await fillPerson(form, email, '12345');
    await c.fill?.(form);
    await field(form, /^Message|^Part description|^About your car|^Your message|^Anything else/).fill(
      'Line one\nLine "two" & <three>',
    );
    await form.getByRole('checkbox', { name: /contact me/ }).check();
    await send.click();
    await expect(errorsOf(page)).toHaveText([BAD_PHONE, 'Please accept the terms and conditions']);
    await expect(field(form, 'Email')).toHaveValue(email);
    await expect(field(form, 'Cell phone')).toHaveValue('12345');
    await expect(
      field(form, /^Message|^Part description|^About your car|^Your message|^Anything else/),
    ).toHaveValue('Line one\nLine "two" & <three>');
    await expect(form.getByRole('checkbox', { name: /contact me/ })).toBeChecked();
    if (c.key !== 'used') await expect(field(form, /dealership$/i)).not.toHaveValue('');

    await field(form, 'Cell phone').fill('082 123 4567');
    await form.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await send.click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}/thank-you/?$`));
    await expect(page.getByRole('heading', { level: 1, name: THANKS })).toBeVisible();
    const leads = await leadsOf(request, email);
    expect(leads.map((l) => l.form_name)).toEqual([c.key]);
    expect(leads[0]?.delivery.length).toBeGreaterThan(0);
  });
}

test('a double click on Send stores one lead', async ({ page, request }) => {
  const email = `nojs.double.${Date.now()}@example.co.za`;
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  await fillPerson(form, email);
  await chooseDealer(form);
  await form.getByRole('checkbox', { name: /contact me/ }).check();
  await form.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await form.getByRole('button', { name: 'Send message' }).dblclick();
  await expect(page).toHaveURL(/\/contact-us\/thank-you\/?$/);
  // Whole, so a second lead shows how it differs (once, the cancelled first post had lost its address).
  const leads = await leadsOf(request, email);
  expect(leads, JSON.stringify(leads, null, 1)).toHaveLength(1);
});

test('a form answered with an error carries a fresh key: corrected and double-clicked, one lead', async ({
  page,
  request,
}) => {
  const email = `nojs.keyed.${Date.now()}@example.co.za`;
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  const key = form.locator('input[name="idempotency_key"]');
  // One static page for every visitor: no key in it (the server derives one for its first post).
  await expect(key).toHaveValue('');
  await fillPerson(form, email, '12345');
  await chooseDealer(form);
  await form.getByRole('checkbox', { name: /contact me/ }).check();
  await form.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(errorsOf(page)).toHaveText([BAD_PHONE]);
  await expect(key).toHaveValue(/^[0-9a-f-]{36}$/);
  await field(form, 'Cell phone').fill('082 123 4567');
  await form.getByRole('button', { name: 'Send message' }).dblclick();
  await expect(page).toHaveURL(/\/contact-us\/thank-you\/?$/);
  expect(await leadsOf(request, email)).toHaveLength(1);
});

test('the valuation sends its photos with the form: a bad file is named, a good one kept, then one lead with it', async ({
  page,
  request,
}) => {
  const email = `nojs.photos.${Date.now()}@example.co.za`;
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#1a5ea0' } })
    .jpeg()
    .toBuffer();
  await page.goto('/sell-your-car');
  const form = page.getByRole('form', { name: 'Trade-in valuation' });
  await expect(form.getByText(/your photos are not made smaller/)).toBeVisible();
  await fillPerson(form, email);
  await field(form, 'Make').fill('Toyota');
  await field(form, 'Model').fill('Corolla 1.8');
  await field(form, 'Year').fill('2017');
  await field(form, 'Mileage (km)').fill('123 400');
  await field(form, 'Condition').selectOption('Good');
  await chooseDealer(form);
  await form.getByRole('checkbox', { name: /contact me/ }).check();
  await form.getByRole('checkbox', { name: /terms and conditions/ }).check();
  const files = form.getByLabel('Photos of your car');
  await files.setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('my notes, not a photo') },
  ]);
  await form.getByRole('button', { name: 'Get my valuation' }).click();
  await expect(errorsOf(page)).toHaveText([/^notes\.jpg: .*not a JPEG, PNG, WebP or HEIC/]);
  await expect(files).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('One photo you sent is kept with this form.')).toBeVisible();
  await expect(field(form, 'Make')).toHaveValue('Toyota');
  // Sent again as it is: the kept photo goes with it, nothing chosen again.
  await form.getByRole('button', { name: 'Get my valuation' }).click();
  await expect(page).toHaveURL(/\/sell-your-car\/thank-you\/?$/);
  const [lead] = await leadsOf(request, email);
  expect(lead).toBeDefined();
  const detail = await request.get((lead as unknown as { '@id': string })['@id'], {
    headers: { Authorization: `Bearer ${E2E_EDITOR_TOKEN}` },
  });
  const record = (await detail.json()).record as { photos?: string[] };
  expect(record.photos).toHaveLength(1);
});

test('the dealer twin thanks under its own prefix', async ({ page, request }) => {
  const d = await formPages(request);
  const email = `nojs.twin.${Date.now()}@example.co.za`;
  await page.goto(`/dealer/${d.dealer.siteName}/contact-us`);
  const form = page.getByRole('form', { name: 'Contact form' });
  await fillPerson(form, email);
  await form.getByRole('checkbox', { name: /contact me/ }).check();
  await form.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(new RegExp(`/dealer/${d.dealer.siteName}/contact-us/thank-you/?$`));
  expect(await leadsOf(request, email)).toHaveLength(1);
});

test('the data-saver switch works without JavaScript and is remembered on the device', async ({ page }) => {
  await page.goto('/contact-us?from=footer');
  await page.getByRole('button', { name: 'Data saver is off: turn it on' }).click();
  // Back on the same page, with its query, as the data-saver form of it.
  await expect(page).toHaveURL(/\/contact-us\/?\?from=footer$/);
  await expect(page.getByRole('button', { name: 'Data saver is on: turn it off' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the map' })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'data_saver');
  expect(cookie?.value).toBe('1');
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-saver', '');
  await page.getByRole('button', { name: 'Data saver is on: turn it off' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-saver', '');
});

test('the finance page says how to apply without JavaScript', async ({ page }) => {
  await page.goto('/finance');
  await expect(page.getByText(/This form needs JavaScript/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'WhatsApp message' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  );
  await expect(page.locator('.form-fallback-dealers li').first()).toContainText(/\d/);
});
