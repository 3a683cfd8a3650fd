/**
 * Forms opened from a car (issue #11, query names in src/lib/car-link.ts): "Apply for finance on this
 * car" fills the wizard's vehicle, and "Book a test drive of this car" sends the car's id with the lead.
 */
import { expect, test } from '@playwright/test';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';
import { carLinkQuery } from '../../../src/lib/car-link.ts';
import { FinanceWizard } from './finance-wizard.ts';
import { EnquiryPage, formPages, leadPosts } from './helpers.ts';

test('the finance wizard takes make, model, used and price from the link @mobile', async ({ page }) => {
  const wizard = new FinanceWizard(page);
  const q = carLinkQuery({
    make: 'Subaru',
    model: 'Forester',
    used: true,
    price: 389900,
    vehicle: SHOWCASE.id,
  });
  await wizard.open(`/finance${q}`);
  await expect(wizard.form.getByLabel('Vehicle type')).toHaveValue('used');
  await expect(wizard.form.getByLabel(/^Make/)).toHaveValue('Subaru');
  await expect(wizard.form.getByLabel(/^Model/)).toHaveValue('Forester');
  await expect(wizard.form.getByLabel(/^Price of the car/)).toHaveValue('389900');
});

test('a test drive of one car sends its id and names it @mobile', async ({ page, request }) => {
  const d = await formPages(request);
  const form = new EnquiryPage(page, 'Test drive booking', 'Book my test drive');
  const posts = leadPosts(page, 'customer_enquiries');
  const q = carLinkQuery({
    vehicle: d.used.id,
    stock: 'WR-0042',
    make: d.used.make,
    model: d.used.model,
    year: 2021,
  });
  await form.open(`${d.testDrive}${q}`);
  await expect(form.form.getByText(`2021 ${d.used.make} ${d.used.model}`)).toBeVisible();
  await expect(form.form.getByText('Stock number WR-0042')).toBeVisible();
  await form.fillValid();
  await form.fillBooking();
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you\/?$/);
  expect(posts[0]?.status).toBe(201);
  expect(posts[0]?.body.vehicle_id).toBe(d.used.id);
});
