/** Client behaviour: carousel autoplay, the dealer_slug rules (SPEC §4), the configurator. */
import { expect, test } from '@playwright/test';
import { siteData } from './helpers.ts';

test('the home carousels autoplay without interaction', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured' });
  const active = carousel.locator('.swiper-slide-active');
  await expect(active).toHaveCount(1);
  const first = await active.getAttribute('aria-label');
  // 5000 ms autoplay: the active slide changes within the expect timeout, untouched.
  await expect(async () => {
    expect(await carousel.locator('.swiper-slide-active').getAttribute('aria-label')).not.toBe(first);
  }).toPass({ timeout: 9_000 });
});

test('carousels do not autoplay for reduced-motion users', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured' });
  await expect(carousel.locator('.swiper-slide-active')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Pause automatic slide show/ })).toHaveCount(0);
  await context.close();
});

test('dealer_slug: stored at start-up, set by a dealer page, removed on home', async ({ page, request }) => {
  const d = await siteData(request);
  const stored = () => page.evaluate(() => localStorage.getItem('dealer_slug'));
  const other = d.dealers.at(-1);
  if (!other) throw new Error('no dealers');

  await page.goto('/about-us');
  await expect.poll(stored).toBe(d.dealers[0]?.slug);

  await page.goto(`/dealer/${other.siteName}/showroom`);
  await expect.poll(stored).toBe(other.slug);

  // A page without a dealer keeps the chosen one.
  await page.goto('/blog');
  await expect.poll(stored).toBe(other.slug);

  await page.goto('/');
  await expect.poll(stored).toBeNull();
});

test('the configurator selects the first variant and colour; a colour change changes the image', async ({
  page,
  request,
}) => {
  const d = await siteData(request);
  await page.goto(`/showroom/${d.model.make_slug}/${d.model.model_slug}`);
  const configurator = page
    .locator('astro-island')
    .filter({ has: page.getByRole('group', { name: 'Variant' }) });
  await configurator.scrollIntoViewIfNeeded();
  await expect(configurator).not.toHaveAttribute('ssr', /.*/); // hydrated
  const variants = configurator.getByRole('group', { name: 'Variant' }).getByRole('radio');
  await expect(variants.first()).toBeChecked();
  const colours = configurator.getByRole('group', { name: /^Colour/ }).getByRole('radio');
  await expect(colours.first()).toBeChecked();
  const image = configurator.getByRole('img');
  const before = await image.getAttribute('src');
  const second = colours.nth(1);
  const name = await second.getAttribute('value');
  await second.check();
  await expect(image).not.toHaveAttribute('src', before ?? '');
  await expect(image).toHaveAccessibleName(new RegExp(`in ${name}$`));
  await expect(configurator.getByRole('group', { name: `Colour: ${name}` })).toBeVisible();

  // Choosing another variant updates the link to its page.
  await variants.nth(1).check();
  await expect(configurator.getByRole('link', { name: /details/ })).toHaveAttribute(
    'href',
    /\/showroom\/.+\/.+\/.+/,
  );
});
