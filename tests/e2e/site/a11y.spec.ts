/** axe: zero violations on each page template, desktop and phone widths. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { pageTemplates as templates } from './helpers.ts';

test('every page template has no axe violations @mobile', async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const path of await templates(request)) {
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    for (const v of results.violations)
      problems.push(`${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  expect(problems).toEqual([]);
});

test('the open drawer has no axe violations @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/showroom');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
