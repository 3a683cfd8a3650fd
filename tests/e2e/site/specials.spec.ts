/**
 * Issue #11: the specials page is a grid of model bands (3 a row from 900 px, 1 on a phone) instead of
 * screen-wide bands that were mostly empty, and a special's hero shows the whole picture (a cover crop cut
 * the car's wheels off). Runs at 1280 and 1024 px (desktop) and 375 px (mobile).
 */
import { expect, type Page, test } from '@playwright/test';
import { siteData } from './helpers.ts';

// Several viewport sizes and image loads per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('specials: model bands in a grid, 3 a row on desktop and 1 on a phone, no sideways scroll @mobile', async ({
  page,
}, info) => {
  await page.goto('/special-offers');
  const bands = page.locator('.band-grid > section');
  const count = await bands.count();
  expect(count).toBeGreaterThanOrEqual(4);
  const widths = info.project.name === 'mobile' ? [375] : [1280, 1024];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const boxes = await bands.evaluateAll((els) =>
      els.map((el) => {
        const band = el.getBoundingClientRect();
        const card = el.querySelector('article')?.getBoundingClientRect();
        return { top: Math.round(band.top), width: band.width, card: card?.width ?? 0 };
      }),
    );
    const perRow = boxes.filter((b) => b.top === boxes[0]?.top).length;
    expect(perRow, `${width}px bands per row`).toBe(width >= 900 ? 3 : 1);
    // The offer fills its band: no wide empty strip beside a lone card.
    for (const b of boxes) expect(b.card / b.width, `${width}px card fills its band`).toBeGreaterThan(0.85);
    expect(await overflow(page), `${width}px sideways scroll`).toBeLessThanOrEqual(0);
  }

  // Every band names its model and shows its offers' titles (links) and intro paragraphs, as SPEC §2/§3 ask.
  const groups = (await (await page.request.get('/api/special-deals/all')).json())['hydra:member'] as {
    model: string;
    specials: { title: string; introParagraph: string }[];
  }[];
  expect(count).toBe(groups.length);
  for (const [i, g] of groups.entries()) {
    const band = bands.nth(i);
    await expect(band.getByRole('heading', { level: 2 })).toHaveText(
      g.specials.length > 1 ? `${g.model}${g.specials.length} offers` : g.model,
    );
    await expect(band).toHaveClass(i % 2 === 0 ? /section--dark/ : /band--light/);
    for (const s of g.specials) {
      await expect(band.getByRole('link', { name: s.title, exact: true })).toHaveCount(1);
      await expect(band.getByText(s.introParagraph, { exact: true })).toHaveCount(1);
    }
  }
});

test("a special's hero shows the whole picture, wheels and all @mobile", async ({ page, request }, info) => {
  const d = await siteData(request);
  await page.goto(`/special-offers/${d.special.slug}`);
  const hero = page.locator('.offer-banner');
  const widths = info.project.name === 'mobile' ? [375] : [1280, 1024];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeTruthy();
    const m = await hero.evaluate((img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return { w: r.width, h: r.height, nw: img.naturalWidth, nh: img.naturalHeight, left: r.left };
    });
    // The box has the picture's own proportions, so nothing is cropped whatever object-fit says.
    expect(Math.abs(m.w / m.h - m.nw / m.nh), `${width}px aspect`).toBeLessThan(0.02);
    expect(m.left, `${width}px inside the page`).toBeGreaterThanOrEqual(0);
    expect(m.left + m.w, `${width}px inside the page`).toBeLessThanOrEqual(width);
    expect(m.h, `${width}px height`).toBeLessThanOrEqual(461);
    expect(await overflow(page), `${width}px sideways scroll`).toBeLessThanOrEqual(0);
  }
});
