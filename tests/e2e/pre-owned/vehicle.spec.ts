/**
 * Used vehicle page (SPEC §2): the showcase car's values, the calculator checked against an independent
 * computation, the enquire link, the disclaimer dialog, the gallery, JSON-LD, and the shell for cars
 * without a pre-built page (sold, unknown, or added after the build).
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { soldVehicleIds, vehiclesWithoutVin } from '../../../src/demo/fixtures.ts';
import { money, SHOWCASE, squash } from './helpers.ts';

/** DESIGN §5, written out again here so the test does not trust the code under test. */
function instalment(price: number, deposit: number, balloonPct: number, ratePct: number, months: number) {
  const i = ratePct / 100 / 12;
  const balloon = (price * balloonPct) / 100;
  const p = price - deposit;
  const raw = ((p - balloon / (1 + i) ** months) * i) / (1 - (1 + i) ** -months);
  return Math.round(raw * 100) / 100;
}

async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test('the showcase car shows its values, finance summary and disclosures', async ({ page }) => {
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2022 Subaru Forester 2.5i-S ES');
  const main = page.getByRole('main');
  await expect
    .poll(async () =>
      squash(
        await main
          .getByText(/^Price:/)
          .locator('..')
          .textContent(),
      ),
    )
    .toBe(`Price:${money(SHOWCASE.price, false)}`);
  await expect(main.getByText('45 200 km', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: /^At Subaru West Rand/ })).toBeVisible();

  const expected = instalment(SHOWCASE.price, 0, 40, 12, 72);
  const summaryList = main.getByLabel('Advertised example');
  await expect
    .poll(async () => squash(await summaryList.textContent()))
    .toContain(`Monthlyinstalment${money(expected)}`);
  await expect(summaryList).toContainText('Number of instalments72');
  await expect
    .poll(async () => squash(await summaryList.textContent()))
    .toContain(`Totalofinstalments${money(expected * 72)}`);
  await expect
    .poll(async () => squash(await summaryList.textContent()))
    .toContain(`Balloon(40%)${money(195_960)}`);
  await expect(summaryList).toContainText('12% per year');
  await expect(main.getByText(/0% Deposit \| 72 Months \| 12% Interest/)).toBeVisible();
});

test('the calculator agrees with an independent computation, hints on non-numbers and resets', async ({
  page,
}) => {
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  const calc = page.getByRole('form', { name: 'Finance calculator' });
  await calc.getByRole('textbox', { name: /Deposit/ }).fill('50 000');
  await calc.getByRole('textbox', { name: /Balloon/ }).fill('30');
  await calc.getByRole('textbox', { name: /Interest rate/ }).fill('10,5');
  await calc.getByRole('textbox', { name: /Term/ }).fill('60');
  const expected = instalment(SHOWCASE.price, 50_000, 30, 10.5, 60);
  const result = calc.getByLabel('Your estimate');
  await expect
    .poll(async () => squash(await result.textContent()))
    .toContain(`Monthlyinstalment${money(expected)}`);
  await expect.poll(async () => squash(await result.textContent())).toContain(`Numberofinstalments60`);
  await expect
    .poll(async () => squash(await result.textContent()))
    .toContain(`Totalofinstalments${money(Math.round(expected * 60 * 100) / 100)}`);
  await expect
    .poll(async () => squash(await result.textContent()))
    .toContain(`Balloon(30%)${money(146_970)}`);

  const rate = calc.getByRole('textbox', { name: /Interest rate/ });
  await rate.fill('twelve');
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  await expect(rate).toHaveAccessibleDescription(/Please enter a number/);
  await expect(calc.getByText('Correct the highlighted field to see your instalment.')).toBeVisible();

  await calc.getByRole('button', { name: 'Reset calculator' }).click();
  await expect(rate).toHaveValue('12');
  await expect(calc.getByRole('textbox', { name: /Deposit/ })).toHaveValue('0');
  await expect(calc.getByRole('textbox', { name: /Vehicle price/ })).toHaveValue(String(SHOWCASE.price));
  await expect
    .poll(async () => squash(await result.textContent()))
    .toContain(`Monthlyinstalment${money(instalment(SHOWCASE.price, 0, 40, 12, 72))}`);
});

test("'Enquire Now' links to the current path + /enquire, also under a dealer's prefix", async ({ page }) => {
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Enquire Now' })).toHaveAttribute(
    'href',
    `${SHOWCASE.path}/enquire`,
  );
  await page.goto(`/dealer/west-rand${SHOWCASE.path}`);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Enquire Now' })).toHaveAttribute(
    'href',
    `/dealer/west-rand${SHOWCASE.path}/enquire`,
  );
});

test('the disclaimer dialog keeps focus inside, closes on Escape and returns focus', async ({ page }) => {
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  const opener = page.getByRole('button', { name: 'Finance disclaimer' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Finance disclaimer' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('exclude fees, insurance and bank initiation fees and are not binding');
  for (let n = 0; n < 3; n++) {
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the gallery works from the keyboard and its buttons', async ({ page }) => {
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  const gallery = page.getByRole('region', { name: /Photos of the 2022 Subaru Forester/ });
  const strip = gallery.getByRole('group', { name: /^Photo 1 of 4/ });
  await strip.focus();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByRole('group', { name: /^Photo 2 of 4/ })).toBeVisible();
  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(gallery.getByRole('group', { name: /^Photo 3 of 4/ })).toBeVisible();
  await gallery.getByRole('button', { name: 'Show photo 1' }).click();
  await expect(gallery.getByRole('group', { name: /^Photo 1 of 4/ })).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Previous photo' })).toBeDisabled();
});

test('a pre-built vehicle page carries Car/Offer JSON-LD in its HTML', async ({ request }) => {
  const html = await (await request.get(SHOWCASE.path)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? '{}'),
  );
  const car = blocks.find((b) => b['@type'] === 'Car');
  expect(car).toMatchObject({
    name: '2022 Subaru Forester 2.5i-S ES',
    itemCondition: 'https://schema.org/UsedCondition',
    mileageFromOdometer: { value: 45_200, unitCode: 'KMT' },
    offers: { '@type': 'Offer', price: SHOWCASE.price, priceCurrency: 'ZAR' },
  });
  expect(html).toContain('2022 Subaru Forester');
});

/** The schema.org Car block of a pre-built vehicle page's HTML. */
async function carLd(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? '{}'),
  );
  return blocks.find((b) => b['@type'] === 'Car') as Record<string, unknown> | undefined;
}

test('the vehicle page shows the VIN where known and its JSON-LD carries it, else leaves it out', async ({
  page,
  request,
}) => {
  const car = await carLd(request, SHOWCASE.path);
  expect(car?.vehicleIdentificationNumber).toBe(SHOWCASE.vin);
  expect(SHOWCASE.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
  await page.goto(SHOWCASE.path);
  await expect(page.getByRole('main').getByText(SHOWCASE.vin, { exact: true })).toBeVisible();

  const [id] = vehiclesWithoutVin();
  const other = (await (await request.get(`/api/vehicles/${id}`)).json()) as { uri: string; vin: null };
  expect(other.vin).toBeNull();
  const ld = await carLd(request, other.uri);
  expect(ld?.['@type']).toBe('Car');
  expect(ld).not.toHaveProperty('vehicleIdentificationNumber');
  await page.goto(other.uri);
  await expect(page.getByRole('main').getByText('Stock number', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('VIN', { exact: true })).toHaveCount(0);
});

test('an unknown id says so plainly and links to similar cars', async ({ page }) => {
  const res = await page.goto('/pre-owned/subaru/forester/999999');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this car' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See similar cars' })).toHaveAttribute(
    'href',
    '/pre-owned/subaru/forester',
  );
  await expect(page.getByRole('link', { name: 'All used cars' })).toHaveAttribute('href', '/pre-owned');
});

test('a sold car says it has been sold, with links to the same make and model', async ({ page, request }) => {
  // Sold cars are not in the listing; the demo seed names the ones it marks as sold.
  const [id] = soldVehicleIds();
  const sold: {
    status: string;
    uri: string;
    make: string;
    model: string;
    make_slug: string;
    model_slug: string;
  } = await (await request.get(`/api/vehicles/${id}`)).json();
  expect(sold.status).toBe('sold');
  const res = await page.goto(sold.uri);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'This car has been sold' })).toBeVisible();
  await expect(page.getByRole('link', { name: `See used ${sold.make} ${sold.model} cars` })).toHaveAttribute(
    'href',
    `/pre-owned/${sold.make_slug}/${sold.model_slug}`,
  );
});

test('a car with no pre-built page opens from the shell, with a skeleton while it loads', async ({
  page,
}) => {
  // The showcase car under a West Rand-only dealer twin of another dealer has no pre-built page: the shell serves it.
  let release: () => void = () => {};
  const held = new Promise<void>((ok) => {
    release = ok;
  });
  await page.route(`**/api/vehicles/${SHOWCASE.id}`, async (route) => {
    await held;
    await route.continue();
  });
  const res = await page.goto(`/dealer/pretoria${SHOWCASE.path}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the car…' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2022 Subaru Forester 2.5i-S ES');
  await expect(page.getByRole('link', { name: 'Enquire Now' })).toHaveAttribute(
    'href',
    `/dealer/pretoria${SHOWCASE.path}/enquire`,
  );
  await expect(page).toHaveTitle(/^2022 Subaru Forester 2.5i-S ES for sale/);
});

test('a car opened under the wrong make and model moves to its own address', async ({ page }) => {
  await page.goto(`/pre-owned/toyota/hilux/${SHOWCASE.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2022 Subaru Forester 2.5i-S ES');
  await expect.poll(() => new URL(page.url()).pathname).toBe(SHOWCASE.path);
  await expect(page.getByRole('link', { name: 'Enquire Now' })).toHaveAttribute(
    'href',
    `${SHOWCASE.path}/enquire`,
  );
});
