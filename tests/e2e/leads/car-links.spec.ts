/**
 * Forms opened from a car (issue #11, query names in src/domain/car-link.ts): "Apply for finance on this
 * car" fills the wizard's vehicle, and "Book a test drive of this car" sends the car's id with the lead.
 */
import { expect, test } from '@playwright/test';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';
import { carLinkQuery } from '../../../src/domain/car-link.ts';
import { FinanceWizard } from './finance-wizard.ts';
import { EnquiryPage, formPages, hydrated, leadPosts } from './helpers.ts';

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

test("'Book a test drive of this car' opens the dated form with the car and its dealership named @mobile", async ({
  page,
  request,
}) => {
  // A car of another make at a dealership other than the default: neither may be taken from the page.
  const list = (await (await request.get('/api/motus-subaru/vehicles?order[price]=desc')).json())[
    'hydra:member'
  ] as {
    id: number;
    uri: string;
    make: string;
    model: string;
    year: number;
    dealer_slug: string;
    stock_number: string;
  }[];
  const car = list.find((c) => c.make !== 'Subaru' && c.dealer_slug !== 'motus-subaru-west-rand');
  if (!car) throw new Error('demo data has no such car');
  await page.goto(car.uri);
  await page.getByRole('link', { name: 'Book a test drive of this car' }).click();
  await expect(page).toHaveURL(/\/pre-owned\/test-drive\/?\?vehicle=/);
  const form = new EnquiryPage(page, 'Test drive booking', 'Book my test drive');
  await hydrated(page);
  await expect(form.form.getByText(`${car.year} ${car.make} ${car.model}`)).toBeVisible();
  await expect(form.form.getByText(`Stock number ${car.stock_number}`)).toBeVisible();
  await expect(form.field(/ date$/)).toBeVisible();
  // The car is at its own dealership, where the lead goes: it is named, not chosen.
  const dealer = (await (await request.get(`/api/dealers/${car.dealer_slug}`)).json()) as {
    dealerName: string;
  };
  await expect(form.form.getByText(`At ${dealer.dealerName}`)).toBeVisible();
  await expect(form.field('Dealership')).toHaveCount(0);
  const posts = leadPosts(page, 'customer_enquiries');
  await form.fillValid();
  await form.fillBooking();
  await form.submit.click();
  await expect(page).toHaveURL(/\/pre-owned\/test-drive\/thank-you\/?$/, { timeout: 30_000 });
  expect(posts[0]?.status).toBe(201);
  expect(posts[0]?.body).toMatchObject({
    vehicle_id: car.id,
    make: car.make,
    model: car.model,
    dealer_slug: car.dealer_slug,
  });
});

test('the used-car test drive page without a car says how to choose one @mobile', async ({ page }) => {
  await page.goto('/pre-owned/test-drive');
  await expect(
    page.getByRole('status').filter({ hasText: 'books a test drive of one pre-owned car' }),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Browse pre-owned cars' }).first(),
  ).toBeVisible();
});
