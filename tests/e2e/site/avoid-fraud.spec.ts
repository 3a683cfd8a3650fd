/**
 * The page that warns buyers about fraud (issue 29): every official dealership with its phone and
 * WhatsApp numbers from the API, what the group never does, how to check banking details and how to
 * report fraud; the same structured data as other pages; linked from the footer and from vehicle pages.
 */
import { expect, test } from '@playwright/test';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';
import { axeViolations } from '../axe.ts';
import { api } from '../leads/helpers.ts';

interface Dealer {
  dealerName: string;
  siteName: string;
  dealer_contact_no: string;
  whatsapp_no: string | null;
}

test('the fraud page lists every official dealership with its numbers, what we never do and how to report @mobile', async ({
  page,
  request,
}) => {
  const dealers = (await api<{ 'hydra:member': Dealer[] }>(request, 'dealers'))['hydra:member'];
  const res = await page.goto('/avoid-fraud');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Avoid vehicle fraud' })).toBeVisible();
  const list = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(list.getByRole('listitem')).toHaveCount(dealers.length);
  for (const d of dealers) {
    const item = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: d.dealerName }) });
    await expect(item.getByRole('link', { name: d.dealer_contact_no })).toHaveAttribute('href', /^tel:/);
    if (d.whatsapp_no)
      await expect(item.getByRole('link', { name: d.whatsapp_no })).toHaveAttribute(
        'href',
        /^https:\/\/wa\.me\/\d+$/,
      );
  }
  await expect(page.getByRole('heading', { name: 'What we never do' })).toBeVisible();
  await expect(page.getByText(/never ask for a deposit/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to check banking details' })).toBeVisible();
  await expect(page.getByRole('link', { name: '08600 10111' })).toHaveAttribute('href', 'tel:0860010111');
  await expect(page.getByRole('link', { name: 'www.sabric.co.za' })).toHaveAttribute(
    'href',
    'https://www.sabric.co.za/',
  );

  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = ld.map((t) => (JSON.parse(t) as { '@type': string })['@type']);
  expect(types).toContain('WebPage');
  expect(types).toContain('BreadcrumbList');
  expect(await axeViolations(page)).toEqual([]);
});

test('the dealer twin shows the page under its prefix, and the footer links to it', async ({
  page,
  request,
}) => {
  const dealer = (await api<{ 'hydra:member': Dealer[] }>(request, 'dealers'))['hydra:member'][0] as Dealer;
  await page.goto(`/dealer/${dealer.siteName}`);
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Avoid Fraud' });
  await expect(link).toHaveAttribute('href', `/dealer/${dealer.siteName}/avoid-fraud`);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Avoid vehicle fraud' })).toBeVisible();
});

test('a vehicle page links to it beside the WhatsApp button', async ({ page }) => {
  await page.goto(SHOWCASE.path);
  const panel = page.getByRole('region', { name: /^At / });
  await expect(panel.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'How to avoid fraud' })).toHaveAttribute(
    'href',
    '/avoid-fraud',
  );
});
