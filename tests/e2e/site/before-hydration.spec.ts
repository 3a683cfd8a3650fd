/**
 * Islands hydrate after the page's largest paint (decision 199). Whatever a visitor picks or types in an
 * island's server-rendered fields before that is taken up when it hydrates, not reset by React's first
 * render. Each test holds the island's code back, acts, then lets it load.
 */
import { expect, type Page, test } from '@playwright/test';
import { addDaysIso, bookingDateProblem, saNow } from '../../../src/domain/booking.ts';

/** Holds the island's component file until the returned function is called. */
async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(new RegExp(`/_astro/${component}\\.[^/]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

test('a variant chosen in the configurator before it hydrates is the one it shows', async ({ page }) => {
  const release = await holdIsland(page, 'Configurator');
  await page.goto('/showroom/subaru/forester/');
  const configurator = page.locator('.cfg');
  await configurator.scrollIntoViewIfNeeded();
  const second = configurator.locator('input[type="radio"][name$="-variant"]').nth(1);
  const name = (await second.locator('xpath=..').locator('.cfg-variant-name').textContent()) ?? '';
  expect(name).not.toBe('');
  await second.check();
  release();
  await hydrated(page);
  await expect(configurator.locator('.cfg-caption')).toContainText(name);
  await expect(second).toBeChecked();
  await expect(configurator.getByRole('link', { name: new RegExp(`View ${name} details`) })).toBeVisible();
});

test('a service date typed before the form hydrates is kept, and its times are offered', async ({ page }) => {
  const today = saNow().date;
  const day = [...Array(14).keys()]
    .map((n) => addDaysIso(today, n + 2))
    .find((d) => bookingDateProblem(d) === null);
  if (!day) throw new Error('no bookable day in the next two weeks');
  const release = await holdIsland(page, 'EnquiryForm');
  await page.goto('/book-a-service/');
  const date = page.getByLabel('Service date');
  await date.fill(day);
  release();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Book my service' })).toBeEnabled();
  await expect(date).toHaveValue(day);
  const time = page.getByLabel('Time', { exact: true });
  await expect(time.locator('option')).not.toHaveCount(1);
  await expect(time.locator('option').first()).toHaveText('Choose a time');
});

test('a model picked on the test-drive form before it hydrates stays picked', async ({ page }) => {
  const release = await holdIsland(page, 'EnquiryForm');
  await page.goto('/test-drive/subaru/forester/');
  const model = page.getByLabel('Model', { exact: true });
  const other = (
    await model.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter((v) => v && v !== 'Forester')[0];
  if (!other) throw new Error('the range has one model only');
  await expect(model).toHaveValue('Forester');
  await model.selectOption(other);
  release();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Book my test drive' })).toBeEnabled();
  await expect(model).toHaveValue(other);
  // Another model has none of the Forester's variants to offer.
  await expect(page.getByLabel('Variant', { exact: true })).toHaveCount(0);
});
