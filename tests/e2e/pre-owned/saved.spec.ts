/**
 * Issue #11: save a car from a card or its page (kept on the device), the saved-cars page after a reload,
 * compare up to three (a fourth refused with a message), the compare table against the API, a car gone
 * since it was saved, the dealer twins, and Share with its copy-link fallback. At 1280 px and, tagged
 * @mobile, at 375 px.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { Listing, money, SHOWCASE, squash, stock } from './helpers.ts';

// Each test loads several pages and waits for their islands; give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

type Car = Awaited<ReturnType<typeof stock>>['hydra:member'][number];
const nameOf = (c: Car) => `${c.year} ${c.make} ${c.model}`;

/** Puts cars on the device's saved list before the page loads (as the Save button would have). */
async function seedSaved(context: BrowserContext, cars: { id: number; name: string; uri: string }[]) {
  await context.addInitScript((list) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('saved_cars', JSON.stringify(list));
      sessionStorage.setItem('seeded', '1');
    }
  }, cars);
}

async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * The pictures drawn from the buyer's own list are all low priority (decision 350): none is the page's
 * preloaded largest paint, and Chrome would otherwise raise those it finds in view.
 */
async function everyPictureLow(page: Page) {
  const pictures = page.getByRole('main').locator('img');
  await expect(pictures.first()).toBeVisible();
  for (const img of await pictures.all()) await expect(img).toHaveAttribute('fetchpriority', 'low');
}

test('a car saved from a card is on the saved page after a reload, and can be removed @mobile', async ({
  page,
}) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  const first = list.cards.first();
  const title = (await first.getByRole('heading').textContent()) ?? '';
  const save = first.getByRole('button', { name: new RegExp(`^Save ${title}`) });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.focus();
  await page.keyboard.press('Enter'); // keyboard works like a click
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  const link = page.getByRole('link', { name: 'Saved cars (1)' });
  await expect(link).toBeVisible();

  await link.click();
  await expect(page).toHaveURL(/\/pre-owned\/saved\/?$/);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved cars');
  const saved = page.getByRole('main').getByRole('article');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole('heading', { level: 2 })).toContainText(title);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // Back on the listing the card still shows it saved; pressing again un-saves.
  await page.goBack();
  await hydrated(page);
  await expect(list.cards.first().getByRole('button', { name: /^Save / })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/pre-owned/saved');
  await hydrated(page);
  await page
    .getByRole('button', { name: `Remove ${await saved.getByRole('heading').textContent()} from saved cars` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'removed from your saved cars' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No saved cars yet' })).toBeVisible();
});

test('three saved cars compare side by side; a fourth is refused with a message @mobile', async ({
  page,
  context,
  request,
}) => {
  const cars = (await stock(request, 'order[price]=asc'))['hydra:member'].slice(0, 4);
  expect(cars).toHaveLength(4);
  await seedSaved(
    context,
    cars.map((c) => ({ id: c.id, name: nameOf(c), uri: c.uri })),
  );
  await page.goto('/pre-owned/saved');
  await hydrated(page);
  await everyPictureLow(page);
  // Cars can share a name: each is found by its link.
  const compare = (c: Car) =>
    page
      .getByRole('article')
      .filter({ has: page.locator(`a[href="${c.uri}"]`) })
      .getByRole('button', { name: new RegExp(`^Compare ${nameOf(c)}`) });
  for (const c of cars.slice(0, 3)) {
    await compare(c).click();
    await expect(compare(c)).toHaveAttribute('aria-pressed', 'true');
  }
  await compare(cars[3] as Car).click();
  await expect(page.getByRole('status')).toHaveText(
    'You can compare up to 3 cars. Remove one from the comparison first.',
  );
  await expect(compare(cars[3] as Car)).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('link', { name: 'Compare 3 cars' }).click();
  await expect(page).toHaveURL(/\/pre-owned\/compare\/?$/);
  await hydrated(page);
  await everyPictureLow(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveCount(3);
  for (const c of cars.slice(0, 3)) {
    await expect(table.locator(`a[href="${c.uri}"]`)).toContainText(nameOf(c));
  }
  const priceRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Price' }) });
  const prices = (await priceRow.getByRole('cell').allTextContents()).map(squash);
  expect(prices).toEqual(cars.slice(0, 3).map((c) => money(c.price, false)));
  for (const label of [
    'Instalment example',
    'Year',
    'Mileage',
    'Transmission',
    'Fuel',
    'Body type',
    'Colour',
    'Dealership',
  ])
    await expect(table.getByRole('rowheader', { name: label })).toBeVisible();

  await table
    .getByRole('columnheader')
    .filter({ has: page.locator(`a[href="${(cars[0] as Car).uri}"]`) })
    .getByRole('button', { name: `Remove ${nameOf(cars[0] as Car)}` })
    .click();
  await expect(page.getByRole('status')).toContainText('taken out of the comparison');
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
  // The page never scrolls sideways: only the table's own frame does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('compare is chosen from listing cards and the vehicle page, saving the car too; a fourth is refused @mobile', async ({
  page,
}) => {
  const list = new Listing(page);
  // People carriers: the showcase Forester (compared below from its own page) is not among them.
  await list.open('/pre-owned?body_type[]=mpv');
  const cards = list.cards;
  const compareOn = (i: number) => cards.nth(i).getByRole('button', { name: /^Compare / });
  for (const i of [0, 1]) {
    await compareOn(i).click();
    await expect(compareOn(i)).toHaveAttribute('aria-pressed', 'true');
    // Comparing a car keeps it: the comparison is always a subset of the saved cars.
    await expect(cards.nth(i).getByRole('button', { name: /^Save / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  await expect(cards.nth(1).getByRole('status')).toHaveText(
    'Added to the comparison (2 of 3). Compare 2 cars',
  );
  await expect(page.getByRole('link', { name: 'Saved cars (2)' })).toBeVisible();

  // The vehicle page adds a third; a fourth card is refused in words and stays unpressed.
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  const here = page.getByRole('button', { name: 'Compare 2022 Subaru Forester 2.5i-S ES' });
  await here.click();
  await expect(here).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Save 2022 Subaru Forester 2.5i-S ES' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goBack();
  await list.hydrated();
  await expect(compareOn(0)).toHaveAttribute('aria-pressed', 'true');
  await compareOn(2).click();
  await expect(cards.nth(2).getByRole('status')).toHaveText(
    'You can compare up to 3 cars. Remove one from the comparison first. Compare 3 cars',
  );
  await expect(compareOn(2)).toHaveAttribute('aria-pressed', 'false');

  await cards.nth(2).getByRole('link', { name: 'Compare 3 cars' }).click();
  await expect(page).toHaveURL(/\/pre-owned\/compare\/?$/);
  await hydrated(page);
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);
  await expect(page.getByRole('table').locator(`a[href="${SHOWCASE.path}"]`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('a car sold or removed since it was saved says so and can be removed', async ({
  page,
  context,
  request,
}) => {
  const [car] = (await stock(request))['hydra:member'];
  if (!car) throw new Error('no stock');
  await seedSaved(context, [
    { id: 999999, name: '2018 Subaru Outback 2.5i', uri: '/pre-owned/subaru/outback/999999' },
    { id: car.id, name: nameOf(car), uri: car.uri },
  ]);
  await page.goto('/dealer/west-rand/pre-owned/saved');
  await hydrated(page);
  const gone = page.getByRole('article').filter({ hasText: '2018 Subaru Outback 2.5i' });
  await expect(gone).toContainText('No longer available');
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: nameOf(car) })
      .getByRole('link')
      .first(),
  ).toHaveAttribute('href', `/dealer/west-rand${car.uri}`);
  await gone.getByRole('button', { name: 'Remove 2018 Subaru Outback 2.5i from saved cars' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('Save and Share on the vehicle page; without a share sheet the link is copied @mobile', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  const name = '2022 Subaru Forester 2.5i-S ES';
  const save = page.getByRole('button', { name: `Save ${name}` });
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Saved cars (1)' })).toBeVisible();

  await page.getByRole('button', { name: `Share ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test('Share opens the device share sheet with the car and its address', async ({ page, context }) => {
  await context.addInitScript(() => {
    const calls: ShareData[] = [];
    (window as unknown as { shared: ShareData[] }).shared = calls;
    Object.defineProperty(Navigator.prototype, 'share', {
      value: async (data: ShareData) => void calls.push(data),
      configurable: true,
    });
  });
  await page.goto(SHOWCASE.path);
  await hydrated(page);
  await page.getByRole('button', { name: /^Share / }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title: '2022 Subaru Forester 2.5i-S ES for sale', url: page.url() }]);
  await expect(page.getByText('Link copied')).toHaveCount(0);
});

for (const [path, empty] of [
  ['/pre-owned/saved', 'No saved cars yet'],
  ['/pre-owned/compare', 'No cars to compare'],
] as const) {
  test(`${path} on a device with nothing saved: the empty message appears without moving the page @mobile`, async ({
    page,
  }) => {
    // Where the footer is in the server's HTML (before any island runs), and every layout shift from the
    // first paint on, as Lighthouse adds them up (CLS).
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number; footerTop: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) w.shifted += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        w.footerTop = document.querySelector('footer')?.getBoundingClientRect().top ?? Number.NaN;
      });
    });
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: empty })).toBeVisible();
    const after = await page.evaluate(() => {
      const w = window as unknown as { shifted: number; footerTop: number };
      return {
        shifted: w.shifted,
        footerTop: w.footerTop,
        now: document.querySelector('footer')?.getBoundingClientRect().top,
      };
    });
    expect(after.now, 'the footer where the server put it').toBe(after.footerTop);
    // The box appearing below the loading line scored 0.17 (Lighthouse's "poor" starts at 0.25); a loaded
    // host has been seen to add a shift of 0.002 elsewhere on the page.
    expect(after.shifted, 'layout shift').toBeLessThan(0.01);
  });
}
