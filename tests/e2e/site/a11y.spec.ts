/** axe: zero violations on each page template, desktop and phone widths. */
import { expect, test } from '@playwright/test';
import { axeViolations } from '../axe.ts';
import { templateNames, templatePath } from './helpers.ts';

// One test per template, so each page gets its own time budget and the templates spread over the workers.
for (const name of templateNames) {
  test(`the ${name} template has no axe violations @mobile`, async ({ page, request }) => {
    const path = await templatePath(request, name);
    await page.goto(path);
    expect((await axeViolations(page)).map((v) => `${path} ${v}`)).toEqual([]);
  });
}

test('the open drawer has no axe violations @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/showroom');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible();
  expect(await axeViolations(page, { tags: null })).toEqual([]);
});
