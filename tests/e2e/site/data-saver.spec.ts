/**
 * Data saver (src/domain/data-saver.ts, decision 234): with `Save-Data: on` or the footer's switch,
 * pages ask for the narrowest image renditions only, start no carousel and load no map frame, and the
 * first view of the home page, /pre-owned and a vehicle page stays within 250 KB on the wire.
 */
import { expect, test } from '@playwright/test';
import { measureFirstView } from '../../../scripts/first-view/measure.ts';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';

const BUDGET = 250 * 1024;
/** The narrowest width of every image kind (src/domain/images.ts) is at most this. */
const NARROWEST = 640;

for (const path of ['/', '/pre-owned', SHOWCASE.path]) {
  test(`${path} with data saver: first view within 250 KB, narrow images only`, async ({
    browser,
    baseURL,
  }) => {
    const view = await measureFirstView(browser, baseURL as string, path, true);
    expect(view.bytes).toBeLessThanOrEqual(BUDGET);
    const wide = view.images.filter((u) => Number(/-(\d+)\.\w+$/.exec(u)?.[1] ?? 0) > NARROWEST);
    expect(wide).toEqual([]);
  });
}

test('the footer switch turns data saver on and off, remembered across pages', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.locator('deferred-frame')).toHaveCount(1);
  await page.getByRole('button', { name: 'Data saver is off: turn it on' }).click();
  await expect(page).toHaveURL(/\/contact-us\/?$/);
  await expect(page.getByRole('button', { name: 'Data saver is on: turn it off' })).toBeVisible();
  // No map frame: a link to it instead.
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', /^https:\/\//);
  expect((await page.context().cookies()).find((c) => c.name === 'data_saver')?.value).toBe('1');

  // The carousels read <html data-saver> and do not start (Carousel.astro).
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-saver', '');
  await page.getByRole('button', { name: 'Data saver is on: turn it off' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-saver', '');
  expect((await page.context().cookies()).find((c) => c.name === 'data_saver')?.value).toBe('0');
});

test('Save-Data: on from the browser is honoured without the switch', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Save-Data': 'on' } });
  const page = await context.newPage();
  const res = await page.goto('/contact-us');
  expect(res?.headers().vary).toMatch(/Save-Data/);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-saver', '');
  await context.close();
});
