/** axe: zero violations on each page template, desktop and phone widths. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { templateNames, templatePath } from './helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

// One test per template, so each page gets its own time budget and the templates spread over the workers.
for (const name of templateNames) {
  test(`the ${name} template has no axe violations @mobile`, async ({ page, request }) => {
    const path = await templatePath(request, name);
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(
      results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

test('the open drawer has no axe violations @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/showroom');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
