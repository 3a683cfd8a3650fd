/** The page frame: nav highlight and aria-current, breadcrumbs, footer, drawer, not-found page. */
import { expect, test } from '@playwright/test';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';
import { pageTemplates, siteData } from './helpers.ts';

test('the nav item of the current section is highlighted and aria-current', async ({ page, request }) => {
  const d = await siteData(request);
  await page.goto(`/showroom/${d.model.make_slug}/${d.model.model_slug}`);
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(nav.getByRole('link', { name: 'New Cars' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'New Cars' })).toHaveClass(/active/);
  await expect(nav.getByRole('link', { name: 'Finance' })).not.toHaveAttribute('aria-current');

  await page.goto('/special-offers');
  await expect(nav.getByRole('link', { name: 'Special Offers' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'New Cars' })).not.toHaveAttribute('aria-current');

  await page.goto('/contact-us');
  const secondary = page.getByRole('navigation', { name: 'Secondary' }).first();
  await expect(secondary.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');
});

test('the header and footer carry the SPEC links, the logo links home', async ({ page }) => {
  await page.goto('/about-us');
  const main = page.getByRole('navigation', { name: 'Main' }).first();
  const links: [string, string][] = [
    ['New Cars', '/showroom'],
    ['Pre-Owned', '/pre-owned'],
    ['Special Offers', '/special-offers'],
    ['Book a Service', '/book-a-service'],
    ['Finance', '/finance'],
    ['About Us', '/about-us'],
  ];
  for (const [name, href] of links) {
    await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('link', { name: /: home$/ })).toHaveAttribute('href', '/');
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'Privacy Policy',
    'Avoid Fraud',
    'PAIA Manual (PDF)',
    'Terms and Conditions (PDF)',
    'Cookie Policy (PDF)',
  ]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: /Section 18 Notice/ })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await expect(footer.getByRole('link', { name: /on Facebook/ })).toBeVisible();
  await expect(footer.getByText(/© \d{4} Motus Subaru/)).toBeVisible();
  for (const file of ['paia-manual.pdf', 'terms-and-conditions.pdf', 'cookie-policy.pdf']) {
    const res = await contentTypeOf(page, `/documents/${file}`);
    expect(res).toBe('application/pdf');
  }
});

async function contentTypeOf(page: import('@playwright/test').Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  return res.headers()['content-type'];
}

test('breadcrumbs follow the path with hyphens as spaces, with BreadcrumbList JSON-LD', async ({ page }) => {
  await page.goto('/about-us');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByText('About Us')).toHaveAttribute('aria-current', 'page');
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((t) => t.includes('"BreadcrumbList"'))).toBe(true);

  await page.goto('/dealer/durban/book-a-service');
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dealer/durban');
  await expect(crumbs.getByText('Book A Service')).toHaveAttribute('aria-current', 'page');
});

test('the home page has no breadcrumbs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const res = await page.goto('/no-such-page/at-all');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: "Oops, Let's Get Back on Track!" })).toBeVisible();
  await expect(
    page.getByText(
      "It looks like the page you're looking for is off the road. But no worries, let's steer you in the right direction! Head back to the homepage or use the navigation above to find what you need.",
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the drawer opens and closes from the keyboard at 375px @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/finance');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Site menu' });
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('link', { name: 'Finance' })).toHaveAttribute('aria-current', 'page');
  // Tab moves within the drawer; Escape closes it and focus returns to the menu button.
  await page.keyboard.press('Tab');
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // The close button closes it too, and a link navigates.
  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: 'Close menu' }).press('Enter');
  await expect(drawer).toBeHidden();
  await menu.press('Enter');
  await drawer.getByRole('link', { name: 'About Us' }).press('Enter');
  await expect(page).toHaveURL(/\/about-us\/?$/);
});

test('the drawer opens by touch and closes on the backdrop @mobile', async ({ page, hasTouch }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (hasTouch) await menu.tap();
  else await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Site menu' });
  await expect(drawer).toBeVisible();
  await page.mouse.click(20, 400); // the backdrop, left of the right-side drawer
  await expect(drawer).toBeHidden();
});

test('no page template overflows horizontally at 320 or 1280 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const paths = [...(await pageTemplates(request)), '/pre-owned', SHOWCASE.path];
  for (const width of [320, 1280])
    for (const path of paths) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
});
