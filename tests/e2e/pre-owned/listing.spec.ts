/**
 * Used listing (SPEC §2, §4, §9): each filter and the sort with their URL state, the 'Any' rules, make
 * clears model, reset, pagination to the last partial page, Back/Forward, shared URLs, error and empty states.
 */
import { expect, test } from '@playwright/test';
import { Listing, stock } from './helpers.ts';

test('the first page of results is in the static HTML', async ({ request }) => {
  const api = await stock(request, 'make_slug=subaru&model_slug=forester');
  const html = await (await request.get('/pre-owned/subaru/forester')).text();
  expect(html).toContain('Used Subaru Forester For Sale');
  expect(html).toMatch(new RegExp(`Found ${api['hydra:totalItems']} Used Cars?`));
  const first = api['hydra:member'][0];
  expect(html).toContain(`href="${first?.uri}"`);
});

test("the island's cars and filter counts come after the paint, from the page's props file", async ({
  page,
  request,
}) => {
  // Not in the document, so that it fits the first round trip with the largest picture (decision 349).
  const html = await (await request.get('/pre-owned')).text();
  expect(html).toMatch(/<astro-island [^>]*UsedSearch[^>]* props-from="\/pre-owned\/islands\.json"/);
  expect(html).not.toMatch(/<astro-island [^>]*UsedSearch[^>]* props=/);
  const props = page.waitForResponse((r) => new URL(r.url()).pathname === '/pre-owned/islands.json');
  const list = new Listing(page);
  await list.open('/pre-owned');
  expect((await props).status()).toBe(200);
  // The island hydrated with them: a filter answers in place.
  await list.checkbox('Transmission', 'Manual').check();
  await expect.poll(() => list.query().getAll('transmissionType')).toEqual(['Manual']);
  await list.expectCount((await stock(request, 'transmissionType[]=Manual'))['hydra:totalItems']);
});

test('a props file that never comes leaves the listing as the server drew it, its links working', async ({
  page,
  request,
}) => {
  await page.route('**/pre-owned/islands.json', (route) => route.abort());
  await page.goto('/pre-owned');
  const first = (await stock(request))['hydra:member'][0];
  const card = page.locator(`a[href="${first?.uri}"]`).first();
  await expect(card).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${first?.uri}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${first?.make} ${first?.model}`);
});

test('each filter narrows the results and is kept in the URL', async ({ page, request }) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  await list.expectCount((await stock(request))['hydra:totalItems']);

  await list.checkbox('Transmission', 'Manual').check();
  await expect.poll(() => list.query().getAll('transmissionType')).toEqual(['Manual']);
  let api = await stock(request, 'transmissionType[]=Manual');
  await list.expectCount(api['hydra:totalItems']);
  await expect(list.cards.first().getByRole('listitem').filter({ hasText: 'Manual' })).toBeVisible();

  await list.checkbox('Vehicle state', 'Demo').check();
  await expect.poll(() => list.query().getAll('vehicle_state')).toEqual(['Demo']);
  api = await stock(request, 'transmissionType[]=Manual&vehicle_state[]=Demo');
  await list.expectCount(api['hydra:totalItems']);

  await list.checkbox('Fuel', 'Petrol').check();
  await list.checkbox('Fuel', 'Diesel').check();
  await expect.poll(() => list.query().getAll('fuelType')).toEqual(['Petrol', 'Diesel']);
  api = await stock(
    request,
    'transmissionType[]=Manual&vehicle_state[]=Demo&fuelType[]=Petrol&fuelType[]=Diesel',
  );
  await list.expectCount(api['hydra:totalItems']);
  await expect(list.cardTitles().first()).toHaveText(
    `${api['hydra:member'][0]?.year} ${api['hydra:member'][0]?.make} ${api['hydra:member'][0]?.model}`,
  );
});

test('the sort menu orders the results, is kept as sortBy=name,value and goes back to page 1', async ({
  page,
  request,
}) => {
  const list = new Listing(page);
  await list.open('/pre-owned?page=3');
  await expect(page.getByRole('link', { name: 'Page 3', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  for (const [label, value, query] of [
    ['Price: low to high', 'price,asc', 'order[price]=asc'],
    ['Price: high to low', 'price,desc', 'order[price]=desc'],
    ['Mileage: low to high', 'mileage,asc', 'order[mileage]=asc'],
    ['Mileage: high to low', 'mileage,desc', 'order[mileage]=desc'],
  ] as const) {
    await list.sort.selectOption({ label });
    await expect.poll(() => list.query().get('sortBy')).toBe(value);
    expect(page.url()).toContain(`sortBy=${value}`);
    expect(list.query().get('page')).toBeNull();
    const first = (await stock(request, query))['hydra:member'][0];
    await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(list.cards.first().getByRole('link')).toHaveAttribute('href', first?.uri ?? '');
  }
  await list.sort.selectOption({ label: 'Default' });
  await expect.poll(() => list.query().get('sortBy')).toBeNull();
});

test("'Any' is exclusive, and unchecking every value returns to Any", async ({ page }) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  const any = list.checkbox('Fuel', 'Any');
  await expect(any).toBeChecked();
  await list.checkbox('Fuel', 'Diesel').check();
  await expect(any).not.toBeChecked();
  await list.checkbox('Fuel', 'Hybrid').check();
  await expect.poll(() => list.query().getAll('fuelType')).toEqual(['Diesel', 'Hybrid']);

  await any.check(); // choosing Any clears the others
  await expect(list.checkbox('Fuel', 'Diesel')).not.toBeChecked();
  await expect(list.checkbox('Fuel', 'Hybrid')).not.toBeChecked();
  await expect.poll(() => list.query().getAll('fuelType')).toEqual([]);

  await list.checkbox('Transmission', 'Manual').check();
  await list.checkbox('Transmission', 'Manual').uncheck(); // unchecking the last value returns to Any
  await expect(list.checkbox('Transmission', 'Any')).toBeChecked();
  await expect.poll(() => list.query().getAll('transmissionType')).toEqual([]);
});

test('changing the make clears the model and keeps the other filters; the path follows', async ({
  page,
  request,
}) => {
  const list = new Listing(page);
  await list.open('/pre-owned/subaru/forester?fuelType=Petrol&page=2');
  await expect(list.heading).toHaveText('Used Subaru Forester For Sale');
  const make = page.getByRole('complementary', { name: 'Filters' }).getByRole('combobox', { name: 'Make' });
  const model = page.getByRole('complementary', { name: 'Filters' }).getByRole('combobox', { name: 'Model' });
  await expect(model).toHaveValue('forester');

  await make.selectOption('toyota');
  await expect.poll(() => list.path()).toBe('/pre-owned/toyota');
  await expect(model).toHaveValue('');
  await expect(list.heading).toHaveText('Used Toyota For Sale');
  expect(list.query().getAll('fuelType')).toEqual(['Petrol']);
  expect(list.query().get('page')).toBeNull();
  await list.expectCount((await stock(request, 'make_slug=toyota&fuelType[]=Petrol'))['hydra:totalItems']);

  await model.selectOption({ index: 1 });
  const chosen = await model.inputValue();
  await expect.poll(() => list.path()).toBe(`/pre-owned/toyota/${chosen}`);
  await list.expectCount(
    (await stock(request, `make_slug=toyota&model_slug=${chosen}&fuelType[]=Petrol`))['hydra:totalItems'],
  );

  await make.selectOption('');
  await expect.poll(() => list.path()).toBe('/pre-owned');
  await expect(list.heading).toHaveText('Used Cars For Sale');
});

test("'Reset Filters' clears every filter, and visiting /pre-owned does too", async ({ page, request }) => {
  const list = new Listing(page);
  await list.open('/pre-owned/subaru?fuelType=Petrol&transmissionType=Automatic&sortBy=price,asc&page=2');
  await expect(list.checkbox('Fuel', 'Petrol')).toBeChecked();
  await expect(list.sort).toHaveValue('price,asc');
  const total = (await stock(request))['hydra:totalItems'];

  await list.filters().getByRole('link', { name: 'Reset Filters' }).click();
  await expect.poll(() => page.url()).toMatch(/\/pre-owned$/);
  await list.expectCount(total);
  await expect(list.checkbox('Fuel', 'Any')).toBeChecked();
  await expect(list.sort).toHaveValue('');

  await list.checkbox('Fuel', 'Diesel').check();
  await expect.poll(() => list.query().getAll('fuelType')).toEqual(['Diesel']);
  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: 'Pre-Owned' })
    .click();
  await list.hydrated();
  await expect.poll(() => page.url()).toMatch(/\/pre-owned\/?$/);
  await expect(list.checkbox('Fuel', 'Any')).toBeChecked();
  await list.expectCount(total);
});

test('pagination reaches the last, partial page and keeps page in the query', async ({ page, request }) => {
  const api = await stock(request);
  const total = api['hydra:totalItems'];
  const pages = Math.ceil(total / 12);
  const onLast = total - (pages - 1) * 12;
  const list = new Listing(page);
  await list.open('/pre-owned');
  await expect(list.cards).toHaveCount(12);

  await page.getByRole('link', { name: 'Next page' }).click();
  await expect.poll(() => list.query().get('page')).toBe('2');
  await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(list.cards.first().getByRole('link')).toHaveAttribute(
    'href',
    (await stock(request, 'page=2'))['hydra:member'][0]?.uri ?? '',
  );

  await page.getByRole('link', { name: `Page ${pages}`, exact: true }).click();
  await expect.poll(() => list.query().get('page')).toBe(String(pages));
  await expect(list.cards).toHaveCount(onLast);
  await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  await list.expectCount(total);
});

test('Back and Forward restore the exact state', async ({ page }) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  await list.checkbox('Fuel', 'Diesel').check();
  await expect.poll(() => list.query().getAll('fuelType')).toEqual(['Diesel']);
  await list.sort.selectOption('price,desc');
  await expect.poll(() => list.query().get('sortBy')).toBe('price,desc');
  await page.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect.poll(() => list.query().get('page')).toBe('2');
  const page2First = await list.cardTitles().first().textContent();

  await page.goBack();
  await expect.poll(() => list.query().get('page')).toBeNull();
  await expect(list.sort).toHaveValue('price,desc');
  await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.goBack();
  await expect.poll(() => list.query().get('sortBy')).toBeNull();
  await expect(list.sort).toHaveValue('');
  await expect(list.checkbox('Fuel', 'Diesel')).toBeChecked();

  await page.goBack();
  await expect(list.checkbox('Fuel', 'Any')).toBeChecked();

  await page.goForward();
  await page.goForward();
  await page.goForward();
  await expect.poll(() => list.query().get('page')).toBe('2');
  await expect(list.sort).toHaveValue('price,desc');
  await expect(list.checkbox('Fuel', 'Diesel')).toBeChecked();
  await expect(list.cardTitles().first()).toHaveText(page2First ?? '');
});

test('a shared URL shows the same results', async ({ page, request }) => {
  const url = '/pre-owned/subaru?fuelType=Petrol&sortBy=mileage,desc&page=2';
  const api = await stock(request, 'make_slug=subaru&fuelType[]=Petrol&order[mileage]=desc&page=2');
  const list = new Listing(page);
  await list.open(url);
  await expect(list.heading).toHaveText('Used Subaru For Sale');
  await list.expectCount(api['hydra:totalItems']);
  await expect(list.checkbox('Fuel', 'Petrol')).toBeChecked();
  await expect(list.sort).toHaveValue('mileage,desc');
  await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(list.cards.first().getByRole('link')).toHaveAttribute(
    'href',
    api['hydra:member'][0]?.uri ?? '',
  );
});

test('a failed load shows an error with a retry', async ({ page, request }) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  await page.route('**/api/motus-subaru/vehicles?**', (route) => route.abort());
  await list.checkbox('Fuel', 'Diesel').check();
  const alert = page.getByRole('alert').filter({ hasText: 'We could not load the cars' });
  await expect(alert).toBeVisible();
  await page.unroute('**/api/motus-subaru/vehicles?**');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await list.expectCount((await stock(request, 'fuelType[]=Diesel'))['hydra:totalItems']);
});

test('the loading skeleton shows while results are on their way', async ({ page }) => {
  const list = new Listing(page);
  await list.open('/pre-owned');
  let release: () => void = () => {};
  const held = new Promise<void>((ok) => {
    release = ok;
  });
  await page.route('**/api/motus-subaru/vehicles?**', async (route) => {
    await held;
    await route.continue();
  });
  await list.checkbox('Transmission', 'Manual').check();
  await expect(list.count).toHaveText('Loading used cars…');
  await expect(list.cards).toHaveCount(0);
  release();
  await expect(list.count).toHaveText(/^Found \d+ Used Cars?$/);
});

test('a search with no results offers to reset', async ({ page, request }) => {
  // A make with no hybrid in stock: the makes facet under fuel=Hybrid lists only makes that have one.
  const withHybrid = await (await request.get('/api/filters?fuelType[]=Hybrid')).json();
  const all = await (await request.get('/api/filters')).json();
  const hybridMakes = new Set(
    (withHybrid.makes as { slug: string; count: number }[]).filter((m) => m.count > 0).map((m) => m.slug),
  );
  const make = (all.makes as { slug: string }[]).find((m) => !hybridMakes.has(m.slug));
  expect(make, 'the demo stock has a make with no hybrid').toBeDefined();
  const list = new Listing(page);
  await list.open(`/pre-owned/${make?.slug}?fuelType=Hybrid`);
  await list.expectCount(0);
  await expect(page.getByRole('heading', { name: 'No cars match your search' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Reset Filters' }).last().click();
  await expect.poll(() => page.url()).toMatch(/\/pre-owned$/);
  await list.expectCount((await stock(request))['hydra:totalItems']);
});

test("a dealer's listing shows that dealer's stock and links within its prefix", async ({
  page,
  request,
}) => {
  const api = await stock(request, '', 'motus-subaru-west-rand');
  const list = new Listing(page);
  await list.open('/dealer/west-rand/pre-owned');
  await list.expectCount(api['hydra:totalItems']);
  await expect(list.cards.first().getByRole('link')).toHaveAttribute(
    'href',
    `/dealer/west-rand${api['hydra:member'][0]?.uri}`,
  );
  await list.checkbox('Fuel', 'Petrol').check();
  await expect.poll(() => page.url()).toContain('/dealer/west-rand/pre-owned?fuelType=Petrol');
  await list.expectCount(
    (await stock(request, 'fuelType[]=Petrol', 'motus-subaru-west-rand'))['hydra:totalItems'],
  );
});

test('the filter drawer on a phone @mobile', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const list = new Listing(page);
  await list.open('/pre-owned');
  await expect(list.filters()).toBeHidden();
  const open = page.getByRole('button', { name: /^Filters/ });
  await open.click();
  const drawer = list.filters(true);
  await expect(drawer).toBeVisible();
  await list.checkbox('Fuel', 'Diesel', true).check();
  await expect.poll(() => list.query().getAll('fuelType')).toEqual(['Diesel']);
  const total = (await stock(request, 'fuelType[]=Diesel'))['hydra:totalItems'];
  await drawer.getByRole('button', { name: `Show ${total} cars` }).click();
  await expect(drawer).toBeHidden();
  await list.expectCount(total);
  await expect(open).toHaveText('Filters (1)');
  await expect(open).toBeFocused();

  await open.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('a make that came into stock after the build opens as a listing, not a 404', async ({ page }) => {
  // No page was pre-built for this make; the server answers with the listing, which reads the path.
  const response = await page.goto('/pre-owned/lotus/emira');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Found 0 Used Cars')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('For Sale');
});

test('the filter column holds every control: none spills under the results at 1024 or 1280 px', async ({
  page,
}) => {
  await page.goto('/pre-owned', { waitUntil: 'networkidle' });
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const spilled = await page.locator('.us-aside').evaluate((aside) => {
      const edge = aside.getBoundingClientRect().right + 1;
      return [...aside.querySelectorAll('input, select, button, label')]
        .filter((el) => el.getBoundingClientRect().right > edge)
        .map((el) => el.textContent?.trim() || el.getAttribute('name') || el.tagName);
    });
    expect(spilled, `${width}px`).toEqual([]);
  }
});
