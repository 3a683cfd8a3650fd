/**
 * The five-step finance application (SPEC §2, §4, §5): validation per step with the banner, Previous
 * and Next, the whole application at phone and desktop widths, the draft on the device (never the ID
 * number or bank details), server violations and axe on every step.
 */
import { expect, test } from '@playwright/test';
import { validateFinanceStep } from '../../../src/contract/forms/finance.ts';
import { bannerText, FinanceWizard, STEP_TITLES } from './finance-wizard.ts';
import { expectNoAxeViolations, hydrated, leadPosts, PERSON, VALID_ID } from './helpers.ts';

const STORAGE = 'finance_application';
const stored = (page: import('@playwright/test').Page) =>
  page.evaluate((k) => localStorage.getItem(k), STORAGE);

test('the whole application, step by step, ends on the thank-you page and clears the draft @mobile', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const wizard = new FinanceWizard(page);
  const posts = leadPosts(page, 'finance_applications');
  await page.goto('/about-us');
  await wizard.open();
  await wizard.expectStep(0);
  await expect(wizard.previous).toHaveCount(0);
  const mobile = (page.viewportSize()?.width ?? 1280) < 600;
  // Below 600 px only the current step's label shows; wider, all five.
  await expect(page.getByText(`Step 1 of 5: ${STEP_TITLES[0]}`)).toBeVisible({ visible: mobile });
  for (const title of STEP_TITLES) {
    const box = await wizard.form
      .getByRole('listitem')
      .filter({ hasText: title })
      .locator('.stepper-label')
      .boundingBox();
    expect((box?.width ?? 0) > 1, `${title} label shown`).toBe(!mobile);
  }

  // An empty step 0: the banner counts the errors (vehicle type set: make and model join them).
  await wizard.next.click();
  const expected = validateFinanceStep(0, { make: 'Subaru', dealership: 'x' });
  const n = expected.ok ? 0 : expected.violations.length;
  await expect(wizard.banner).toContainText(bannerText(n));
  await expect(wizard.banner).toBeFocused();
  await expect(wizard.field('First name')).toHaveAccessibleDescription('First name is required');
  await expect(wizard.field('Cell phone')).toHaveAccessibleDescription('Phone numbers is required');
  if (!mobile) await expectNoAxeViolations(page);
  // Closing the banner clears the errors.
  await wizard.banner.getByRole('button', { name: 'Close the error message' }).click();
  await expect(wizard.banner).toHaveCount(0);
  await expect(wizard.field('First name')).not.toHaveAttribute('aria-invalid', 'true');

  for (let step = 0; step < 5; step++) {
    await wizard.expectStep(step);
    await wizard.fillStep(step);
    if (!mobile) await expectNoAxeViolations(page);
    if (step < 4) {
      await wizard.next.click();
      await expect(wizard.banner).toHaveCount(0);
    }
  }
  // Previous goes back with everything kept, Next returns.
  await wizard.previous.click();
  await wizard.expectStep(3);
  await expect(wizard.field('Transport costs in rand')).toHaveValue('2500');
  await wizard.next.click();
  await wizard.expectStep(4);
  await expect(wizard.form.getByRole('checkbox').first()).toBeChecked();

  await wizard.submit.click();
  await expect(page).toHaveURL(/\/finance\/thank-you\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Enquiry!' })).toBeVisible();
  expect(await stored(page)).toBeNull();
  expect(posts.map((p) => p.status)).toEqual([201]);
  expect(posts[0]?.body).toMatchObject({
    firstName: PERSON.first,
    idNumber: VALID_ID,
    variant: 'new',
    make: 'Subaru',
    communication: true,
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/about-us\/?$/);
  info.annotations.push({ type: 'width', description: String(page.viewportSize()?.width) });
});

test('step 4 needs every confirmation, each with its own message', async ({ page }) => {
  const wizard = new FinanceWizard(page);
  await wizard.open();
  for (let step = 0; step < 4; step++) {
    await wizard.fillStep(step);
    await wizard.next.click();
  }
  await wizard.expectStep(4);
  await wizard.submit.click();
  await expect(wizard.banner).toContainText(bannerText(13));
  await expect(
    wizard.form.getByRole('checkbox', { name: /section 92 of the National Credit Act/ }),
  ).toHaveAccessibleDescription('Please confirm you have read the National Credit Act notice');
  await expect(
    wizard.form.getByRole('checkbox', { name: /annual credit limit increase/ }),
  ).toHaveAccessibleDescription('Please confirm the annual credit limit increase');
  for (const box of await wizard.form.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  await expectNoAxeViolations(page);
});

test('the draft survives a reload, without the ID number or bank details', async ({ page }) => {
  const wizard = new FinanceWizard(page);
  await wizard.open();
  await wizard.fillStep(0);
  await wizard.next.click();
  await wizard.fillStep(1);
  await wizard.next.click();
  await wizard.fillStep(2);
  await expect
    .poll(async () => JSON.parse((await stored(page)) ?? '{}').employmentCompany)
    .toBe('Acme Mining');
  const draft = (await stored(page)) ?? '';
  expect(draft).not.toContain(VALID_ID);
  expect(draft).not.toContain('First National Bank');
  expect(Object.keys(JSON.parse(draft))).not.toEqual(expect.arrayContaining(['idNumber']));
  expect(JSON.parse(draft)).not.toHaveProperty('bankName');
  expect(JSON.parse(draft)).not.toHaveProperty('bankAccountHolderName');

  await page.reload();
  await wizard.expectStep(0);
  await expect(wizard.field('First name')).toHaveValue(PERSON.first);
  await expect(wizard.field('Street', 'Next of kin')).toHaveValue('4 Protea Road');
  await expect(wizard.field('South African ID number')).toHaveValue('');
  await expect(
    wizard.form.getByRole('status').filter({ hasText: 'We restored the application' }),
  ).toBeVisible();
  // The ID number is asked for again before the visitor can move on.
  await wizard.next.click();
  await expect(wizard.banner).toContainText(bannerText(1));
  await expect(wizard.field('South African ID number')).toHaveAccessibleDescription(/ID number is required/);
  await wizard.field('South African ID number').fill(VALID_ID);
  await wizard.next.click();
  await wizard.expectStep(1);
  await expect(wizard.field('Company')).toHaveValue('Acme Mining');
  expect(await stored(page)).not.toContain(VALID_ID);
});

test('what the visitor types before the wizard hydrates is kept, and saved in the draft', async ({
  page,
}) => {
  // The wizard hydrates after the page's largest paint (client:painted); hold its code back to type first.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/_astro\/FinanceWizard\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const wizard = new FinanceWizard(page);
  await page.goto('/finance');
  await wizard.field('First name').fill(PERSON.first);
  await wizard.field('Suburb', 'Your address').fill('Ruimsig');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  release();
  await hydrated(page);
  // A keystroke after hydration renders every field from the wizard's state again.
  await wizard.field('Last name').fill(PERSON.last);
  await expect(wizard.field('First name')).toHaveValue(PERSON.first);
  await expect(wizard.field('Suburb', 'Your address')).toHaveValue('Ruimsig');
  await expect
    .poll(async () => JSON.parse((await stored(page)) ?? '{}'))
    .toMatchObject({ firstName: PERSON.first, surname: PERSON.last, postalSuburb: 'Ruimsig' });
});

test('a server violation takes the visitor to its step and shows under its field', async ({ page }) => {
  await page.route('**/api/finance_applications', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        violations: [
          { propertyPath: 'idNumber', message: 'ID number is not valid', code: 'invalid_id_checksum' },
        ],
      }),
    }),
  );
  const wizard = new FinanceWizard(page);
  await wizard.open();
  for (let step = 0; step < 5; step++) {
    await wizard.fillStep(step);
    if (step < 4) await wizard.next.click();
  }
  await wizard.submit.click();
  await wizard.expectStep(0);
  await expect(wizard.banner).toContainText(bannerText(1));
  await expect(wizard.field('South African ID number')).toHaveAccessibleDescription(/ID number is not valid/);
  await expect(wizard.field('First name')).toHaveValue(PERSON.first);
});

test('a network failure keeps the application, and the retry sends it once', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/finance_applications', (route) =>
    calls++ === 0 ? route.abort('internetdisconnected') : route.continue(),
  );
  const posts = leadPosts(page, 'finance_applications');
  const wizard = new FinanceWizard(page);
  await wizard.open();
  for (let step = 0; step < 5; step++) {
    await wizard.fillStep(step);
    if (step < 4) await wizard.next.click();
  }
  await wizard.submit.click();
  await expect(
    wizard.form.getByRole('alert').filter({ hasText: 'We could not reach our server' }),
  ).toBeVisible();
  await wizard.expectStep(4);
  await wizard.submit.click();
  await expect(page).toHaveURL(/\/finance\/thank-you\/?$/);
  expect(posts.map((p) => p.status)).toEqual([null, 201]);
  expect(posts[1]?.key).toBe(posts[0]?.key);
});
