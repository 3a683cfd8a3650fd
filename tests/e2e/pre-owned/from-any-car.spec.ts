/**
 * Issue #11 "Done when": from any car (here a people carrier at Subaru Durban, not the showcase at the
 * default dealership), a buyer reaches the car's own dealership by phone or WhatsApp, and the finance
 * link opens the wizard with make, model, used and price filled in. At 1280 px and, tagged @mobile, 375 px.
 */
import { expect, test } from '@playwright/test';
import type { Dealer, HydraCollection, VehicleSummary } from '../../../src/contract/index.ts';
import { FinanceWizard } from '../leads/finance-wizard.ts';
import { hydrated } from '../leads/helpers.ts';
import { GROUP } from './helpers.ts';

const digits = (s: string) => s.replace(/\D/g, '');

test('a Durban MPV leads to Durban by tel: and WhatsApp, and to finance with the car filled in @mobile', async ({
  page,
  request,
}) => {
  const durban = (await (await request.get('/api/dealers/motus-subaru-durban')).json()) as Dealer;
  const list = (await (
    await request.get(`/api/${GROUP}/vehicles?body_type[]=mpv&dealer[]=motus-subaru-durban`)
  ).json()) as HydraCollection<VehicleSummary>;
  const car = list['hydra:member'][0];
  if (!car || !durban.whatsapp_no) throw new Error('demo data has no Durban MPV or no Durban WhatsApp');

  await page.goto(car.uri);
  await hydrated(page);
  const dealer = page.getByRole('main').getByRole('region', { name: /^At Subaru Durban/ });
  const call = dealer.getByRole('link', { name: /^Call / });
  await expect(call).toBeVisible();
  expect(digits((await call.getAttribute('href')) ?? '')).toBe(digits(durban.dealer_contact_no));
  const wa = new URL((await dealer.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')) ?? '');
  expect(wa.host).toBe('wa.me');
  expect(digits(wa.pathname)).toBe(digits(durban.whatsapp_no));
  const text = wa.searchParams.get('text') ?? '';
  expect(text).toContain(`${car.year} ${car.make} ${car.model}`);
  expect(text).toContain(`stock no. ${car.stock_number}`);

  await page.getByRole('link', { name: 'Apply for finance on this car' }).click();
  await expect(page).toHaveURL(/\/finance\/?\?/);
  const wizard = new FinanceWizard(page);
  await hydrated(page);
  await expect(wizard.form.getByLabel('Vehicle type')).toHaveValue('used');
  await expect(wizard.form.getByLabel(/^Make/)).toHaveValue(car.make);
  await expect(wizard.form.getByLabel(/^Model/)).toHaveValue(car.model);
  await expect(wizard.form.getByLabel(/^Price of the car/)).toHaveValue(String(car.price));
  // The car's dealership is the one the application goes to.
  await expect(wizard.form.getByLabel(/^Dealership/)).toHaveValue('motus-subaru-durban');
});
