/**
 * JavaScript budgets (DESIGN §6): content pages ship no more than the nav needs; a page with islands ships
 * React once, split per island. Sizes are gzip of every script the page loads once it has been scrolled
 * through and every island has hydrated (so `client:visible` islands count), measured from the served
 * bytes, not from timings. A form that loads the API client only when the visitor starts on it
 * (src/client/browser-api-later.ts) is counted without it.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';

const KB = 1024;
const BUDGETS: [path: string, maxGzip: number][] = [
  ['/about-us', 4 * KB],
  ['/privacy-policy', 4 * KB],
  ['/blog', 4 * KB],
  ['/contact-us', 105 * KB], // contact form island
  ['/sell-your-car', 105 * KB], // the same island with the valuation fields and photo picker
  ['/', 32 * KB], // carousels (swiper), no React
  ['/showroom/subaru/forester', 80 * KB], // configurator island
  // Astro's island runtime (1.7 KB) counts on every island page since it is a file (decision 336): inline
  // before, it was not counted. These two were within 1.7 KB of 95 KB.
  ['/pre-owned', 97 * KB], // search island
  [SHOWCASE.path, 97 * KB], // gallery + calculator island
  ['/pre-owned/saved', 95 * KB], // saved cars island (the device's list, cars from the API)
  ['/pre-owned/compare', 95 * KB], // compare table island
  ['/finance', 110 * KB], // wizard with the shared validation schemas
];

for (const [path, budget] of BUDGETS) {
  test(`${path} ships at most ${budget / KB} KB of gzipped JavaScript`, async ({ page }) => {
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script' || !res.ok()) return;
      const body = await res.body().catch(() => null);
      if (body) scripts.set(res.url(), gzipSync(body).length);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // Every island brought into view and hydrated, so each one's code is counted (a form in the middle
    // of the page, whose island waits to be seen, was missed by a jump to the bottom).
    for (const island of await page.locator('astro-island').all()) await island.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    test.info().annotations.push({
      type: 'gzip JS',
      description: `${(total / KB).toFixed(1)} KB in ${scripts.size} files`,
    });
    console.log(`js-budget ${path}: ${(total / KB).toFixed(1)} KB gzip in ${scripts.size} files`);
    expect(total).toBeLessThanOrEqual(budget);
  });
}
