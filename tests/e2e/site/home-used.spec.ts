/**
 * The home page's way into used stock (issue #11): the newest cars as a strip of links, and a quick
 * search by make, model and monthly budget that is a plain GET form (it works before any script runs)
 * and lands on the listing with those filters under the listing's own address. Dealer twins show and
 * search their own stock.
 */
import { expect, type Page, test } from '@playwright/test';
import { affordablePrice } from '../../../src/domain/finance.ts';
import { expectNoAxeViolations } from '../leads/helpers.ts';
import { found, stock } from '../pre-owned/helpers.ts';

const quick = (page: Page) => page.getByRole('form', { name: 'Quick search' });
const strip = (page: Page) => page.getByRole('list', { name: 'Recently added' });

test('"Recently added" lists the newest cars first, each linking to its page @mobile', async ({
  page,
  request,
}) => {
  const newest = (await stock(request))['hydra:member'].slice(0, 8);
  await page.goto('/');
  const links = strip(page).getByRole('link');
  await expect(links).toHaveCount(8);
  for (const [i, car] of newest.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', car.uri);
    await expect(links.nth(i)).toHaveText(`${car.year} ${car.make} ${car.model}`);
  }
  const total = (await stock(request))['hydra:totalItems'];
  await page.getByRole('link', { name: `See all ${total} pre-owned cars` }).click();
  await expect(page).toHaveURL(/\/pre-owned\/?$/);
  await page.goBack();
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`${newest[0]?.uri}/?$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    `${newest[0]?.make} ${newest[0]?.model}`,
  );
});

test('the strip scrolls inside itself: the page never scrolls sideways @mobile', async ({ page }) => {
  await page.goto('/');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const inner = await strip(page).evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(inner).toBe(true); // 8 cards of 240 px never fit in 1280 px: the strip is what scrolls
});

test('budget options name the price they buy, from the shared finance maths @mobile', async ({ page }) => {
  await page.goto('/');
  const options = quick(page).getByLabel('Monthly budget').locator('option');
  const texts = await options.allTextContents();
  expect(texts[0]).toBe('Any budget');
  expect(texts.length).toBeGreaterThan(2);
  for (const [i, text] of texts.slice(1).entries()) {
    const value = Number(await options.nth(i + 1).getAttribute('value'));
    const price = Number(text.replace(/^.*about R\s?/, '').replace(/\D/g, ''));
    expect(price).toBe(affordablePrice(value));
  }
});

test('make narrows the models; the search lands on the listing filtered by make, model and budget @mobile', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const form = quick(page);
  await form.getByLabel('Make').selectOption('subaru');
  // Only Subaru's models are left to choose.
  const visible = await form
    .getByLabel('Model')
    .locator('optgroup:not([hidden]) option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(visible.length).toBeGreaterThan(0);
  expect(visible.every((v) => v.startsWith('subaru/'))).toBe(true);
  await form.getByLabel('Model').selectOption('subaru/forester');
  await form.getByLabel('Monthly budget').selectOption('8000');
  await form.getByRole('button', { name: 'Search cars' }).click();
  // The listing's island puts make and model into its own address once it has started.
  await expect(page).toHaveURL(/\/pre-owned\/subaru\/forester\?instalment\[lte\]=8000$/, { timeout: 30_000 });
  const expected = await stock(request, 'make_slug=subaru&model_slug=forester&instalment[lte]=8000');
  await expect(page.getByRole('status').filter({ hasText: /^Found/ })).toHaveText(
    found(expected['hydra:totalItems']),
  );
  // Choosing another make clears a model of the first.
  await page.goto('/');
  await form.getByLabel('Model').selectOption('subaru/forester');
  const other = await form
    .getByLabel('Make')
    .locator('option')
    .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).find((v) => v && v !== 'subaru'));
  await form.getByLabel('Make').selectOption(other ?? '');
  await expect(form.getByLabel('Model')).toHaveValue('');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the quick search still submits its choices to the listing @mobile', async ({ page }) => {
    await page.goto('/');
    await quick(page).getByLabel('Model').selectOption('subaru/forester');
    await quick(page).getByRole('button', { name: 'Search cars' }).click();
    await expect(page).toHaveURL(/\/pre-owned\/?\?make=&model=subaru%2Fforester&instalment%5Blte%5D=$/);
  });
});

test("a dealer's home shows and searches that dealer's stock @mobile", async ({ page, request }) => {
  const dealers = (await (await request.get('/api/dealers')).json())['hydra:member'] as {
    slug: string;
    siteName: string;
  }[];
  const dealer = dealers.find((d) => d.slug !== 'motus-subaru-west-rand') ?? dealers[0];
  if (!dealer) throw new Error('no dealers');
  const own = (await stock(request, '', dealer.slug))['hydra:member'].slice(0, 8);
  await page.goto(`/dealer/${dealer.siteName}`);
  const links = strip(page).getByRole('link');
  await expect(links).toHaveCount(Math.min(8, own.length));
  await expect(links.first()).toHaveAttribute('href', `/dealer/${dealer.siteName}${own[0]?.uri}`);
  await expect(quick(page)).toHaveAttribute('action', `/dealer/${dealer.siteName}/pre-owned`);
});

test('the home page has no axe violations with the quick search and the strip @mobile', async ({ page }) => {
  await page.goto('/');
  await quick(page).scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
});
