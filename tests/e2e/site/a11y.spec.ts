/** axe: zero violations on each page template, desktop and phone widths. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { siteData } from './helpers.ts';

const templates = async (request: import('@playwright/test').APIRequestContext) => {
  const d = await siteData(request);
  const v = `/showroom/${d.variant.make_slug}/${d.variant.model_slug}/${d.variant.variant_slug}`;
  return [
    '/',
    '/new',
    '/showroom',
    `/showroom/${d.model.make_slug}`,
    `/showroom/${d.model.make_slug}/${d.model.model_slug}`,
    v,
    `${v}/enquire`,
    `/test-drive/${d.model.make_slug}/${d.model.model_slug}`,
    '/special-offers',
    `/special-offers/${d.special.slug}`,
    '/blog',
    '/blog/page/2',
    `/blog/${d.post.slug}`,
    '/about-us',
    '/privacy-policy',
    '/contact-us',
    '/parts',
    '/book-a-service',
    '/finance',
    '/parts/thank-you',
    '/no-such-page',
    `/dealer/${d.dealers.at(-1)?.siteName}`,
  ];
};

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
