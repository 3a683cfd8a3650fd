/**
 * Issue #11 on the listing and the vehicle page: budget and year in two taps on a phone, the range
 * selects in the URL, compact cards and one-line pagination; the car's own dealership, WhatsApp, the
 * lead-form links carrying the car, similar cars and the Car markup.
 */
import { expect, test } from '@playwright/test';
import { Listing, SHOWCASE, stock } from './helpers.ts';

test('a phone narrows the stock to a budget and a year in two taps @mobile', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const list = new Listing(page);
  await list.open('/pre-owned');
  const year = new Date().getFullYear() - 4;
  await page.getByRole('button', { name: /Up to R\s?5\s?000 p\/m/ }).click();
  await page.getByRole('button', { name: `${year} or newer` }).click();
  await expect.poll(() => list.query().get('instalment[lte]')).toBe('5000');
  await expect.poll(() => list.query().get('year[gte]')).toBe(String(year));
  const api = await stock(request, `instalment[lte]=5000&year[gte]=${year}`);
  await list.expectCount(api['hydra:totalItems']);
  await expect(page.getByRole('button', { name: `${year} or newer` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const titles = await list.cardTitles().allTextContents();
  for (const t of titles) expect(Number(t.slice(0, 4))).toBeGreaterThanOrEqual(year);
});

test('phone cards are compact, the fine print is once a page and pagination keeps to one line @mobile', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const list = new Listing(page);
  await list.open('/pre-owned');
  for (const card of (await list.cards.all()).slice(0, 4)) {
    const box = await card.boundingBox();
    expect(box?.height ?? 999).toBeLessThanOrEqual(320);
  }
  await expect(page.getByText(/Instalments are estimates/)).toHaveCount(1);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const tops = await pager
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.filter((li) => (li as HTMLElement).offsetParent).map((li) => li.getBoundingClientRect().top),
    );
  expect(new Set(tops).size).toBe(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  const wide = await pager
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.filter((li) => (li as HTMLElement).offsetParent).map((li) => li.getBoundingClientRect().top),
    );
  expect(new Set(wide).size).toBe(1);
  await page.setViewportSize({ width: 320, height: 700 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('price, year, mileage and monthly budget selects filter and stay in the URL', async ({
  page,
  request,
}) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  const panel = list.filters();
  await panel
    .getByRole('group', { name: 'Price' })
    .getByRole('combobox', { name: 'To' })
    .selectOption('300000');
  await expect.poll(() => list.query().get('price[lte]')).toBe('300000');
  await panel
    .getByRole('group', { name: 'Year' })
    .getByRole('combobox', { name: 'From' })
    .selectOption('2020');
  await panel
    .getByRole('group', { name: 'Mileage' })
    .getByRole('combobox', { name: 'Up to' })
    .selectOption('100000');
  await panel
    .getByRole('group', { name: 'Monthly budget' })
    .getByRole('combobox', { name: 'Up to' })
    .selectOption('6000');
  await expect.poll(() => list.query().get('instalment[lte]')).toBe('6000');
  const qs = 'price[lte]=300000&year[gte]=2020&mileage[lte]=100000&instalment[lte]=6000';
  await list.expectCount((await stock(request, qs))['hydra:totalItems']);
  // The URL alone brings the same search back.
  await list.open(page.url());
  await list.expectCount((await stock(request, qs))['hydra:totalItems']);
  await expect(panel.getByRole('group', { name: 'Price' }).getByRole('combobox', { name: 'To' })).toHaveValue(
    '300000',
  );
});

test('a keyword and a body type narrow the listing', async ({ page, request }) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  await list.filters().getByRole('searchbox', { name: 'Keywords' }).fill('forester');
  await list.filters().getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => list.query().get('q')).toBe('forester');
  await list.expectCount((await stock(request, 'q=forester'))['hydra:totalItems']);
});

test('the body-type filter offers people carriers, counted as the listing finds them', async ({
  page,
  request,
}) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  const mpvs = (await stock(request, 'body_type[]=mpv'))['hydra:totalItems'];
  expect(mpvs).toBeGreaterThan(0);
  await list.filters().locator('summary', { hasText: 'Body type' }).click();
  const mpv = list
    .filters()
    .getByRole('group', { name: 'Body type' })
    .getByRole('checkbox', { name: /^MPV/ });
  await expect(mpv).toHaveAccessibleName(new RegExp(`^MPV\\s*\\(${mpvs}\\)`));
  await mpv.check();
  await expect.poll(() => list.query().getAll('body_type[]')).toEqual(['mpv']);
  await list.expectCount(mpvs);
});

test.describe('the vehicle page', () => {
  test('names the owning dealership with its phone, WhatsApp and hours @mobile', async ({ page }) => {
    await page.goto(SHOWCASE.path);
    const main = page.getByRole('main');
    const dealer = main.getByRole('region', { name: /^At Subaru West Rand/ });
    await expect(dealer.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:0\d{9}$/);
    const wa = await dealer.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    const url = new URL(wa ?? '');
    expect(url.host).toBe('wa.me');
    expect(url.searchParams.get('text')).toContain(`stock no. U${SHOWCASE.id}`);
    expect(url.searchParams.get('text')).toContain('Subaru Forester');
    await expect(dealer.getByText('Opening hours')).toBeVisible();
    await expect(main.getByText(`Stock no. U${SHOWCASE.id}`)).toBeVisible();
  });

  test('links to finance and a test drive with the car in the query string', async ({ page }) => {
    await page.goto(SHOWCASE.path);
    const main = page.getByRole('main');
    const finance = await main
      .getByRole('link', { name: 'Apply for finance on this car' })
      .getAttribute('href');
    const q = new URL(finance ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      make: 'Subaru',
      model: 'Forester',
      year: '2022',
      price: String(SHOWCASE.price),
      vehicle: String(SHOWCASE.id),
    });
    const drive = await main
      .getByRole('link', { name: 'Book a test drive of this car' })
      .getAttribute('href');
    expect(new URL(drive ?? '', 'http://x').searchParams.get('vehicle')).toBe(String(SHOWCASE.id));
    await expect(main.getByText('Advertised example:')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Your estimate' })).toBeVisible();
  });

  test('shows up to four similar cars, never this one', async ({ page }) => {
    await page.goto(SHOWCASE.path);
    const similar = page.getByRole('region', { name: 'Similar cars' });
    await expect(similar.getByRole('article').first()).toBeVisible();
    const links = await similar.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(4);
    expect(links).not.toContain(SHOWCASE.path);
  });

  test('carries schema.org Car markup with mileage, offer and seller', async ({ request }) => {
    const html = await (await request.get(SHOWCASE.path)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
      JSON.parse(m[1] ?? '{}'),
    );
    const car = blocks.flat().find((b) => b['@type'] === 'Car');
    expect(car.mileageFromOdometer).toMatchObject({ value: 45200, unitCode: 'KMT' });
    expect(car.offers).toMatchObject({ price: SHOWCASE.price, priceCurrency: 'ZAR' });
    expect(car.offers.seller).toMatchObject({ '@type': 'AutoDealer', name: 'Subaru West Rand' });
  });
});
