/**
 * Every enquiry form (SPEC §2, §5, §7): errors in SPEC order (contact before terms), tied to their
 * fields, then a real lead and the thank-you page replacing the form in the history; axe on each.
 */
import { expect, test } from '@playwright/test';
import { LEAD_PRESETS } from '../../../src/domain/lead-presets.ts';
import {
  BOOKING_ERRORS,
  EnquiryPage,
  expectNoAxeViolations,
  expectThankYouReplacingForm,
  formPages,
  leadPosts,
  PERSON,
} from './helpers.ts';

const REQUIRED = [
  'First name is required',
  'Last name is required',
  'Email is required',
  'Cell phone is required',
];
const CONTACT = 'Please allow us to contact you';
const TERMS = 'Please accept the terms and conditions';

type Key = 'contact' | 'parts' | 'service' | 'special' | 'new' | 'used' | 'test-drive';
const FORMS: {
  key: Key;
  label: string;
  submit: string;
  path: (d: Awaited<ReturnType<typeof formPages>>) => string;
  /** The form's own errors of an empty submit (after the person's, before the ticks). */
  extra?: string[];
  /** Fills the form's own fields. */
  fill?: (form: EnquiryPage) => Promise<unknown>;
}[] = [
  { key: 'contact', label: 'Contact form', submit: 'Send message', path: () => '/contact-us' },
  {
    key: 'parts',
    label: 'Parts enquiry',
    submit: 'Request a quote',
    path: () => '/parts',
    extra: ['A part number or a description of the part is required'],
    fill: (form) => form.field(/^Part number/).fill('SOA635P0010'),
  },
  {
    key: 'service',
    label: 'Service booking',
    submit: 'Book my service',
    path: () => '/book-a-service',
    extra: [...BOOKING_ERRORS, 'Service type is required', 'Registration is required', 'Mileage is required'],
    fill: (form) => form.fillService(),
  },
  { key: 'special', label: 'Special offer enquiry', submit: 'Send enquiry', path: (d) => d.special },
  { key: 'new', label: 'New vehicle enquiry', submit: 'Send enquiry', path: (d) => d.variantEnquire },
  { key: 'used', label: 'Pre-owned vehicle enquiry', submit: 'Send enquiry', path: (d) => d.used.path },
  {
    key: 'test-drive',
    label: 'Test drive booking',
    submit: 'Book my test drive',
    path: (d) => d.testDrive,
    extra: BOOKING_ERRORS,
    fill: (form) => form.fillBooking(),
  },
];

for (const f of FORMS) {
  test(`${f.key} form: errors in SPEC order, then a lead and the thank-you page replacing the form`, async ({
    page,
    request,
  }) => {
    const d = await formPages(request);
    const path = f.path(d);
    const form = new EnquiryPage(page, f.label, f.submit);
    const posts = leadPosts(page, 'customer_enquiries');
    await page.goto('/about-us');
    await form.open(path);
    await expectNoAxeViolations(page);

    await form.submit.click();
    expect(await form.errors()).toEqual([...REQUIRED, ...(f.extra ?? []), CONTACT]);
    await expect(form.field('First name')).toBeFocused();
    await expect(form.field('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.field('First name')).toHaveAccessibleDescription('First name is required');
    await expect(form.field('Cell phone')).toHaveAccessibleDescription(/Cell phone is required/);
    await expect(form.contact).toHaveAccessibleDescription(CONTACT);
    await expectNoAxeViolations(page);

    // Editing a field clears its error; contact ticked, terms is the next (and only) error.
    await form.fillPerson();
    await f.fill?.(form);
    await expect(form.field('First name')).not.toHaveAttribute('aria-invalid', 'true');
    await form.contact.check();
    await form.submit.click();
    expect(await form.errors()).toEqual([TERMS]);
    await expect(form.terms).toBeFocused();
    expect(posts).toHaveLength(0);

    await form.terms.check();
    await form.submit.click();
    await expectThankYouReplacingForm(page, path, '/about-us');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.status).toBe(201);
    expect(posts[0]?.body).toMatchObject({
      form_name: f.key,
      lead_type: LEAD_PRESETS[f.key].lead_type,
      uri: path,
      contact: true,
      terms: true,
    });
    if (f.key === 'used')
      expect(posts[0]?.body).toMatchObject({ vehicle_id: d.used.id, make: d.used.make, model: d.used.model });
  });
}

test('the new-car form requires a make and a model from the range', async ({ page, request }) => {
  const d = await formPages(request);
  const form = new EnquiryPage(page, 'New vehicle enquiry', 'Send enquiry');
  await form.open(d.variantEnquire);
  await expect(form.field('Make')).not.toHaveValue('');
  await expect(form.field('Model')).not.toHaveValue('');
  await form.field('Make').selectOption('');
  await form.submit.click();
  expect(await form.errors()).toEqual([...REQUIRED, 'Make is required', 'Model is required', CONTACT]);
});

test('a dealership is chosen only when the page has no dealer, and then it is required', async ({
  page,
  request,
}) => {
  const d = await formPages(request);
  const form = new EnquiryPage(page, 'Contact form', 'Send message');
  await form.open('/contact-us');
  const dealer = form.field('Dealership');
  await expect(dealer.locator('option')).not.toHaveCount(1);
  await dealer.selectOption('');
  await form.submit.click();
  expect(await form.errors()).toEqual([...REQUIRED, 'Dealership is required', CONTACT]);

  await form.open(`/dealer/${d.dealer.siteName}/contact-us`);
  await expect(form.field('Dealership')).toHaveCount(0);
  const posts = leadPosts(page, 'customer_enquiries');
  await form.fillValid();
  await form.submit.click();
  await expect(page).toHaveURL(/\/contact-us\/thank-you\/?$/);
  expect(posts[0]?.body.dealer_slug).toBe(d.dealer.slug);
});

test('a server violation shows under its field, and editing the field clears it', async ({ page }) => {
  await page.route('**/api/customer_enquiries', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        violations: [
          {
            propertyPath: 'cell_phone',
            message: 'Please enter a valid South African phone number',
            code: 'invalid_phone',
          },
        ],
      }),
    }),
  );
  const form = new EnquiryPage(page, 'Parts enquiry', 'Request a quote');
  await form.open('/parts');
  await form.fillValid();
  await form.submit.click();
  const phone = form.field('Cell phone');
  await expect(phone).toHaveAccessibleDescription(/Please enter a valid South African phone number/);
  await expect(phone).toBeFocused();
  expect(await form.errors()).toEqual(['Please enter a valid South African phone number']);
  await phone.fill('083 555 0100');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.form.getByRole('region', { name: /Please correct/ })).toHaveCount(0);
});

test('a network failure keeps what was typed, and the retry makes exactly one lead', async ({
  page,
  request,
}) => {
  let calls = 0;
  await page.route('**/api/customer_enquiries', (route) =>
    calls++ === 0 ? route.abort('internetdisconnected') : route.continue(),
  );
  const posts = leadPosts(page, 'customer_enquiries');
  const form = new EnquiryPage(page, 'Service booking', 'Book my service');
  await page.goto('/about-us');
  await form.open('/book-a-service');
  await form.fillValid('Major service, Tuesday morning');
  await form.fillService();
  await form.submit.click();
  await expect(form.alert).toContainText('We could not reach our server');
  await expect(form.field('First name')).toHaveValue(PERSON.first);
  await expect(form.field(/^About your car/)).toHaveValue('Major service, Tuesday morning');
  await expect(form.terms).toBeChecked();

  await form.submit.click();
  await expectThankYouReplacingForm(page, '/book-a-service', '/about-us');
  expect(posts.map((p) => p.status)).toEqual([null, 201]);
  const key = posts[0]?.key;
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  expect(posts[1]?.key).toBe(key);
  // The same key and body again is answered from the first lead: no second one is made.
  const again = await request.post('/api/customer_enquiries', {
    headers: { 'Idempotency-Key': key as string, 'Content-Type': 'application/ld+json' },
    data: posts[1]?.body,
  });
  expect(again.status()).toBe(201);
  expect(again.headers()['idempotent-replayed']).toBe('true');
});

test('a server error keeps the form and says so; a 429 says when to try again', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/customer_enquiries', (route) =>
    calls++ === 0
      ? route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{}' })
      : route.fulfill({
          status: 429,
          headers: { 'Retry-After': '120' },
          contentType: 'application/problem+json',
          body: '{}',
        }),
  );
  const form = new EnquiryPage(page, 'Contact form', 'Send message');
  await form.open('/contact-us');
  await form.fillValid();
  await form.submit.click();
  await expect(form.alert).toContainText('Something went wrong on our side');
  await form.submit.click();
  await expect(form.alert).toHaveText(
    'You have sent several enquiries in a short time. Please try again in 2 minutes.',
  );
  await expect(form.field('Email')).toHaveValue(PERSON.email);
  await expect(page).toHaveURL(/\/contact-us\/?$/);
});

test('a car added after the build can be enquired about (the shell page loads it by id) @mobile', async ({
  page,
  request,
}) => {
  const d = await formPages(request);
  // No page was built for this address, so the server answers with the enquiry shell.
  const path = `/pre-owned/${d.used.make_slug}/added-later/${d.used.id}/enquire`;
  const form = new EnquiryPage(page, 'Pre-owned vehicle enquiry', 'Send enquiry');
  const posts = leadPosts(page, 'customer_enquiries');
  await page.goto('/about-us');
  await form.open(path);
  await expect(form.form.getByText(`${d.used.make} ${d.used.model}`)).toBeVisible();
  await form.fillValid();
  await form.submit.click();
  await expectThankYouReplacingForm(page, path, '/about-us');
  expect(posts[0]?.body).toMatchObject({ vehicle_id: d.used.id, form_name: 'used' });

  await page.goto(`/pre-owned/${d.used.make_slug}/added-later/999999999/enquire`);
  await expect(page.getByText('We could not find this vehicle')).toBeVisible();
});

test('the contact form works from the keyboard alone @mobile', async ({ page }) => {
  const form = new EnquiryPage(page, 'Contact form', 'Send message');
  await form.open('/contact-us');
  await form.field('First name').focus();
  await page.keyboard.press('Enter');
  await expect(form.field('First name')).toBeFocused();
  await page.keyboard.type(PERSON.first);
  for (const value of [PERSON.last, PERSON.email, PERSON.phone]) {
    await page.keyboard.press('Tab');
    if (value === PERSON.phone) await expect(form.field('Cell phone')).toBeFocused();
    await page.keyboard.type(value);
  }
  await form.contact.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(form.terms).toBeFocused();
  await page.keyboard.press('Space');
  await form.submit.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact-us\/thank-you\/?$/);
});
