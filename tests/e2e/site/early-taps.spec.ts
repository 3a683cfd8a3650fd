/**
 * No tap is lost before the page's scripts arrive (decision 237). Every test holds back all of the page's
 * scripts (/_astro/), acts as a buyer on a slow phone would the moment the page shows, then lets the
 * scripts through and checks that what was tapped took effect. Each control in the inventory of
 * docs/decisions/237-no-tap-lost-before-the-scripts.md has its test here or in before-hydration.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { found, Listing, SHOWCASE, stock } from '../pre-owned/helpers.ts';

/** Holds every script of the site (on this page and the next) until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/_astro\/[^?]+\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// Held scripts, then hydration, on a loaded CI host: longer than the default 30 s.
test.slow();

const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);
/** The page has shown, and none of its islands has hydrated. */
const shownWithoutScripts = (page: Page) => expect(page.locator('astro-island[ssr]').first()).toBeAttached();

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('two cards saved before the scripts arrive are both saved once they do', async ({ page }) => {
      const release = await holdScripts(page);
      const list = new Listing(page);
      await page.goto('/pre-owned');
      await shownWithoutScripts(page);
      const saves = list.cards.getByRole('button', { name: /^Save / });
      await saves.nth(0).click();
      await saves.nth(1).click();
      // The taps are kept: each button says it is busy until its script is there.
      await expect(saves.nth(0)).toHaveAttribute('aria-busy', 'true');
      await expect(saves.nth(1)).toHaveAttribute('aria-busy', 'true');
      release();
      await hydrated(page);
      await expect(saves.nth(0)).toHaveAttribute('aria-pressed', 'true');
      await expect(saves.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await expect(saves.nth(0)).not.toHaveAttribute('aria-busy');
      await expect(page.getByRole('link', { name: 'Saved cars (2)' })).toBeVisible();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('saved_cars') ?? '[]').length);
      expect(stored).toBe(2);
    });

    test('Compare tapped before the scripts arrive adds the car to the comparison', async ({ page }) => {
      const release = await holdScripts(page);
      const list = new Listing(page);
      await page.goto('/pre-owned');
      await shownWithoutScripts(page);
      const compare = list.cards.first().getByRole('button', { name: /^Compare / });
      await compare.click();
      await expect(compare).toHaveAttribute('aria-busy', 'true');
      release();
      await hydrated(page);
      await expect(compare).toHaveAttribute('aria-pressed', 'true');
      await expect(list.cards.first().getByRole('status')).toContainText('Added to the comparison (1 of 3).');
    });

    test('a budget chip tapped before the scripts arrive narrows the list', async ({ page, request }) => {
      const release = await holdScripts(page);
      const list = new Listing(page);
      await page.goto('/pre-owned');
      await shownWithoutScripts(page);
      await page.getByRole('button', { name: /Up to R\s?5\s?000 p\/m/ }).click();
      // A chip is a link: the tap works without the script, and the listing reads its address.
      await expect.poll(() => list.query().get('instalment[lte]')).toBe('5000');
      release();
      await hydrated(page);
      const api = await stock(request, 'instalment[lte]=5000');
      await expect(list.count).toHaveText(found(api['hydra:totalItems']));
      await expect(page.getByRole('button', { name: /Up to R\s?5\s?000 p\/m/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });

    test('a sort chosen before the scripts arrive is applied once they do', async ({ page, request }) => {
      const release = await holdScripts(page);
      const list = new Listing(page);
      await page.goto('/pre-owned');
      await shownWithoutScripts(page);
      await list.sort.selectOption('price,asc');
      release();
      await hydrated(page);
      await expect.poll(() => list.query().get('sortBy')).toBe('price,asc');
      await expect(list.sort).toHaveValue('price,asc');
      const cheapest = (await stock(request, 'order[price]=asc'))['hydra:member'][0];
      await expect(list.cards.first().getByRole('heading')).toContainText(String(cheapest?.year));
    });
  });
}

test('a filter ticked in the sidebar before the scripts arrive is applied once they do', async ({
  page,
  request,
}) => {
  const release = await holdScripts(page);
  const list = new Listing(page);
  await page.goto('/pre-owned');
  await shownWithoutScripts(page);
  await list.checkbox('Transmission', 'Automatic').check();
  release();
  await hydrated(page);
  await expect.poll(() => list.query().getAll('transmissionType')).toEqual(['Automatic']);
  await expect(list.checkbox('Transmission', 'Automatic')).toBeChecked();
  const api = await stock(request, 'transmissionType[]=Automatic');
  await expect(list.count).toHaveText(found(api['hydra:totalItems']));
});

test('the Filters button tapped on a phone before the scripts arrive opens the filters @mobile', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const release = await holdScripts(page);
  const list = new Listing(page);
  await page.goto('/pre-owned');
  await shownWithoutScripts(page);
  const open = page.getByRole('button', { name: /^Filters/ });
  await open.click();
  await expect(open).toHaveAttribute('aria-busy', 'true');
  release();
  await hydrated(page);
  await expect(list.filters(true)).toBeVisible();
});

test.describe('the vehicle page', () => {
  const name = '2022 Subaru Forester 2.5i-S ES';

  test('Save, Compare and the gallery tapped before the scripts arrive take effect @mobile', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto(SHOWCASE.path);
    await shownWithoutScripts(page);
    const save = page.getByRole('button', { name: `Save ${name}` });
    const compare = page.getByRole('button', { name: `Compare ${name}` });
    const next = page.getByRole('button', { name: /^Next photo/ });
    await save.click();
    await compare.click();
    await next.click();
    release();
    await hydrated(page);
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(compare).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Saved cars (1)' })).toBeVisible();
    await expect(page.getByRole('group', { name: /^Photo 2 of \d+/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-current', 'true');
  });

  test('Share tapped before the scripts arrive gives the link to copy', async ({ page, context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    const release = await holdScripts(page);
    await page.goto(SHOWCASE.path);
    await shownWithoutScripts(page);
    await page.getByRole('button', { name: `Share ${name}` }).click();
    release();
    await hydrated(page);
    // Handed over seconds after the tap, the copy may be refused (no user gesture left): then the link is
    // shown to copy. Either way the buyer gets the link.
    const status = page.getByRole('status').filter({ hasText: /Link copied|Copy this link/ });
    await expect(status).toBeVisible();
  });

  test('figures typed in the calculator before the scripts arrive are kept and counted', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(SHOWCASE.path);
    await shownWithoutScripts(page);
    const calculator = page.getByRole('form', { name: 'Finance calculator' });
    await calculator.getByLabel(/^Term/).fill('48');
    release();
    await hydrated(page);
    await expect(calculator.getByLabel(/^Term/)).toHaveValue('48');
    await expect(calculator.locator('dl > div').filter({ hasText: 'Number of instalments' })).toContainText(
      '48',
    );
  });
});

test('Nearest dealership tapped before its script arrives finds the dealership once it does', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -29.7257, longitude: 31.0846 });
  const release = await holdScripts(page);
  await page.goto('/about-us');
  const scope = page.getByRole('banner');
  const button = scope.getByRole('button', { name: 'Nearest dealership' }).first();
  await expect(button).toBeEnabled();
  await button.click();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(scope.getByRole('status').first()).toHaveText(/^Your nearest dealership is .*Durban/);
});
