/** axe: zero violations on the used listing (with the drawer open on a phone) and a vehicle page (with the disclaimer open). */
import { expect, type Page, test } from '@playwright/test';
import { axeViolations as violations } from '../axe.ts';
import { SHOWCASE } from './helpers.ts';

async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

// One test per page, so each gets its own time budget.
for (const path of [
  '/pre-owned',
  '/pre-owned/subaru/forester?fuelType=Petrol',
  SHOWCASE.path,
  '/pre-owned/subaru/forester/999999',
]) {
  test(`${path} has no axe violations @mobile`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  });
}

test('the open filter drawer has no axe violations @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/pre-owned');
  await hydrated(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the open disclaimer has no axe violations', async ({ page }) => {
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  await page.getByRole('button', { name: 'Finance disclaimer' }).click();
  await expect(page.getByRole('dialog', { name: 'Finance disclaimer' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

// The per-device pages with cars on them: one on sale, one gone since it was saved (issue #11).
for (const path of ['/pre-owned/saved', '/pre-owned/compare']) {
  test(`${path} with saved and compared cars has no axe violations @mobile`, async ({ page, context }) => {
    await context.addInitScript(
      (car) => {
        const gone = {
          id: 999999,
          name: '2018 Subaru Outback 2.5i',
          uri: '/pre-owned/subaru/outback/999999',
        };
        localStorage.setItem('saved_cars', JSON.stringify([car, gone]));
        localStorage.setItem('compare_cars', JSON.stringify([car.id, gone.id]));
      },
      { id: SHOWCASE.id, name: '2022 Subaru Forester 2.5i-S ES', uri: SHOWCASE.path },
    );
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByText('No longer available').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /2022 Subaru Forester/ }).first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  });
}
