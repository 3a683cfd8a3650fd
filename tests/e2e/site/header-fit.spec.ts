/**
 * Issue #11 frame: the header fits every width from 320 to 1920 px without sideways scrolling, and on a
 * phone a compact header stays on screen with call, WhatsApp and the menu.
 */
import { expect, test } from '@playwright/test';

test('the header fits from 320 to 1920 px with no sideways scroll', async ({ page }) => {
  await page.goto('/pre-owned');
  for (const width of [320, 375, 600, 899, 900, 1024, 1079, 1100, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
    const logo = await page.locator('.site-header .brand svg').first().boundingBox();
    expect(logo?.width ?? 0, `${width}px logo`).toBeGreaterThan(20);
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (await nav.isVisible()) {
      const last = await nav.getByRole('link').last().boundingBox();
      expect((last?.x ?? 0) + (last?.width ?? 0), `${width}px nav`).toBeLessThanOrEqual(width);
    } else {
      await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    }
  }
});

test('on a phone the header stays with call, WhatsApp and menu @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/pre-owned');
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const header = page.getByRole('banner');
  const box = await header.boundingBox();
  expect(box?.y).toBe(0);
  expect(box?.height ?? 999).toBeLessThanOrEqual(72);
  await expect(header.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(header.getByRole('link', { name: /^WhatsApp / })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/27\d+$/,
  );
  await expect(header.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
});
