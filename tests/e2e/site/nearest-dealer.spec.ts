/**
 * "Nearest dealership" (issue #11 §5): the browser's location only, the closest dealership by distance,
 * remembered in the dealer store, shown in the header on this and later pages; a refusal, an unknown
 * position or a timeout each get a message. The button's logic loads only when pressed.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';

interface Dealer {
  slug: string;
  dealerName: string;
  dealer_contact_no: string;
  whatsapp_no: string | null;
  latitude: number;
  longitude: number;
}

async function dealers(page: Page): Promise<Dealer[]> {
  const res = await page.request.get('/api/dealers');
  return ((await res.json()) as { 'hydra:member': Dealer[] })['hydra:member'];
}

/** The button where this width shows it: the top bar from 900 px, else inside the menu drawer. */
async function nearestButton(page: Page) {
  const wide = (page.viewportSize()?.width ?? 0) >= 900;
  if (!wide) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const scope = wide
    ? page.getByRole('banner').locator('.topbar')
    : page.getByRole('dialog', { name: 'Site menu' });
  return {
    button: scope.getByRole('button', { name: 'Nearest dealership' }),
    status: scope.getByRole('status'),
  };
}

const tel = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;

/** Replaces the Geolocation API with one that fails with the given code (2 unavailable, 3 timeout). */
async function failingGeolocation(context: BrowserContext, code: 1 | 2 | 3) {
  await context.addInitScript((c) => {
    const fail = (_ok: unknown, err: (e: { code: number; message: string }) => void) =>
      setTimeout(() => err({ code: c, message: 'test' }), 50);
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: fail, watchPosition: fail, clearWatch() {} },
    });
  }, code);
}

test('picks the closest dealership, shows it in the header and keeps it on later pages @mobile', async ({
  page,
  context,
}) => {
  const all = await dealers(page);
  const durban = all.find((d) => d.slug === 'motus-subaru-durban');
  if (!durban) throw new Error('demo data has no Durban dealership');
  await context.grantPermissions(['geolocation']);
  // Umhlanga, about 15 km from the Durban dealership and hundreds from the others.
  await context.setGeolocation({ latitude: -29.7257, longitude: 31.0846 });
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/about-us');
  const before = scripts.length;
  const { button, status } = await nearestButton(page);
  await button.click();
  await expect(status).toHaveText(
    new RegExp(`^Your nearest dealership is ${durban.dealerName}, about \\d+ km away`),
  );
  expect(scripts.length, 'the logic loads on the click').toBeGreaterThan(before);
  const header = page.getByRole('banner');
  await expect(header.locator('[data-dealer-tel]').first()).toHaveAttribute(
    'href',
    tel(durban.dealer_contact_no),
  );
  expect(await page.evaluate(() => localStorage.getItem('dealer_slug'))).toBe(durban.slug);

  // Another page without a dealer of its own: the header names Durban from the start.
  await page.goto('/blog');
  await expect(header.getByRole('link', { name: `Call ${durban.dealerName}` }).first()).toHaveAttribute(
    'href',
    tel(durban.dealer_contact_no),
  );
  const wa = (durban.whatsapp_no ?? durban.dealer_contact_no).replace(/\D/g, '').replace(/^0/, '27');
  await expect(header.locator('[data-dealer-wa]')).toHaveAttribute('href', `https://wa.me/${wa}`);
  // Still the selected dealer (SPEC §4 dealer_slug), which the forms preselect.
  expect(await page.evaluate(() => localStorage.getItem('dealer_slug'))).toBe(durban.slug);
});

test('a refused permission says so and leaves the header as it was @mobile', async ({ page }) => {
  // No permission granted: Chromium refuses the request.
  await page.goto('/about-us');
  const phone = await page.locator('[data-dealer-tel]').first().getAttribute('href');
  const { button, status } = await nearestButton(page);
  await button.click();
  await expect(status).toHaveText(/^Location access was not allowed/);
  await expect(page.locator('[data-dealer-tel]').first()).toHaveAttribute('href', phone ?? '');
});

for (const [code, message] of [
  [2, /^Your location is not available right now/],
  [3, /^Finding your location took too long/],
] as const) {
  test(`a position error ${code} has its own message @mobile`, async ({ page, context }) => {
    await failingGeolocation(context, code);
    await page.goto('/privacy-policy');
    const { button, status } = await nearestButton(page);
    await button.click();
    await expect(status).toHaveText(message);
  });
}
