/**
 * Every route of SPEC §2 that this site pre-builds renders its content, at the root and under
 * /dealer/{name} (where the header shows that dealer and links stay inside the twin).
 */
import { expect, test } from '@playwright/test';
import { expectHeaderDealer, type SiteData, siteData } from './helpers.ts';

interface RouteCase {
  name: string;
  path: (d: SiteData) => string;
  heading: (d: SiteData) => string | RegExp;
  /** Heading level to look for (the home h1 is the dealer or group; /new's h1 is its banner). */
  level?: number;
}

const THANKS = 'Thank You for Your Enquiry!';
const vPath = (d: SiteData) =>
  `/showroom/${d.variant.make_slug}/${d.variant.model_slug}/${d.variant.variant_slug}`;
const mPath = (d: SiteData) => `/showroom/${d.model.make_slug}/${d.model.model_slug}`;
const tdPath = (d: SiteData) => `/test-drive/${d.model.make_slug}/${d.model.model_slug}`;

const ROUTES: RouteCase[] = [
  { name: 'home', path: () => '/', heading: () => /Choose your new Subaru/, level: 2 },
  { name: 'new', path: () => '/new', heading: () => /The new Subaru range/, level: 2 },
  { name: 'showroom', path: () => '/showroom', heading: () => 'New Subaru cars' },
  {
    name: 'make',
    path: (d) => `/showroom/${d.model.make_slug}`,
    heading: (d) => `New ${d.model.make} models`,
  },
  { name: 'model', path: mPath, heading: (d) => `${d.model.make} ${d.model.model}` },
  {
    name: 'variant',
    path: vPath,
    heading: (d) => `${d.variant.make} ${d.variant.model} ${d.variant.variant}`,
  },
  {
    name: 'variant enquire',
    path: (d) => `${vPath(d)}/enquire`,
    heading: (d) => `${d.variant.make} ${d.variant.model}`,
  },
  { name: 'variant thank-you', path: (d) => `${vPath(d)}/enquire/thank-you`, heading: () => THANKS },
  { name: 'test drive', path: tdPath, heading: (d) => `Test drive the ${d.model.make} ${d.model.model}` },
  { name: 'test drive thank-you', path: (d) => `${tdPath(d)}/thank-you`, heading: () => THANKS },
  { name: 'specials', path: () => '/special-offers', heading: () => 'Subaru special offers' },
  { name: 'special', path: (d) => `/special-offers/${d.special.slug}`, heading: (d) => d.special.title },
  {
    name: 'special thank-you',
    path: (d) => `/special-offers/${d.special.slug}/thank-you`,
    heading: () => THANKS,
  },
  { name: 'blog', path: () => '/blog', heading: () => 'News and advice' },
  { name: 'blog post', path: (d) => `/blog/${d.post.slug}`, heading: (d) => d.post.title },
  { name: 'about', path: () => '/about-us', heading: () => 'About Motus Subaru' },
  { name: 'privacy', path: () => '/privacy-policy', heading: () => 'Privacy policy' },
  { name: 'avoid fraud', path: () => '/avoid-fraud', heading: () => 'Avoid vehicle fraud' },
  { name: 'contact', path: () => '/contact-us', heading: () => /^Contact Subaru/ },
  { name: 'contact thank-you', path: () => '/contact-us/thank-you', heading: () => THANKS },
  { name: 'parts', path: () => '/parts', heading: () => 'Genuine Subaru parts' },
  { name: 'parts thank-you', path: () => '/parts/thank-you', heading: () => THANKS },
  { name: 'service', path: () => '/book-a-service', heading: () => 'Book a service' },
  { name: 'service thank-you', path: () => '/book-a-service/thank-you', heading: () => THANKS },
  { name: 'finance', path: () => '/finance', heading: () => 'Apply for vehicle finance' },
  { name: 'finance thank-you', path: () => '/finance/thank-you', heading: () => THANKS },
];

for (const r of ROUTES) {
  test(`${r.name} renders at the root with the default dealer`, async ({ page, request }) => {
    const d = await siteData(request);
    const res = await page.goto(r.path(d));
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: r.level ?? 1, name: r.heading(d) })).toBeAttached();
    await expectHeaderDealer(page, d.dealers[0]?.dealer_contact_no ?? '');
  });

  test(`${r.name} renders under /dealer/{name} with that dealer`, async ({ page, request }) => {
    const d = await siteData(request);
    const dealer = d.dealers.at(-1);
    if (!dealer) throw new Error('no dealers');
    const path = r.path(d) === '/' ? `/dealer/${dealer.siteName}` : `/dealer/${dealer.siteName}${r.path(d)}`;
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: r.level ?? 1, name: r.heading(d) })).toBeAttached();
    await expectHeaderDealer(page, dealer.dealer_contact_no);
    // Navigation stays inside the dealer's pages.
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await expect(nav.getByRole('link', { name: 'New Cars' })).toHaveAttribute(
      'href',
      `/dealer/${dealer.siteName}/showroom`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/dealer/${dealer.siteName}`),
    );
  });
}

test('every dealer has its own home page with its name and phone', async ({ page, request }) => {
  const d = await siteData(request);
  for (const dealer of d.dealers) {
    await page.goto(`/dealer/${dealer.siteName}`);
    await expect(page.getByRole('heading', { level: 1, name: dealer.dealerName })).toBeAttached();
    await expectHeaderDealer(page, dealer.dealer_contact_no);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the contact page still embeds its map', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.locator('iframe[title^="Map showing"]')).toHaveAttribute('src', /^https:\/\//);
  });
});

test('the contact page has directions, a titled map, numbers and opening hours', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+\.\d+,-?\d+\.\d+$/,
  );
  await expect(page.locator('iframe[title^="Map showing"]')).toHaveAttribute('src', /^https:\/\//);
  await expect(page.getByText('Emergency assist (24 hours)')).toBeVisible();
  const hours = page.getByRole('table', { name: 'Opening hours' });
  await expect(hours.getByRole('row', { name: /Monday – Friday 08:00 – 17:00/ })).toBeVisible();
  await expect(hours.getByRole('row', { name: /Saturday and public holidays 08:00 – 13:00/ })).toBeVisible();
  await expect(hours.getByRole('row', { name: /Sunday Closed/ })).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((t) => t.includes('"AutoDealer"') && t.includes('openingHoursSpecification'))).toBe(true);
});

test('the variant page shows the finance headline with its disclosures and Car JSON-LD', async ({
  page,
  request,
}) => {
  const d = await siteData(request);
  await page.goto(vPath(d));
  await expect(
    page.getByText(/From R\s?[\d\s]+,\d{2} p\/m \| 0% Deposit \| 72 Months \| 12% Interest/).first(),
  ).toBeVisible();
  await expect(page.getByText('Balloon (40%)')).toBeVisible();
  await expect(page.getByText('Number of instalments')).toBeVisible();
  await expect(page.getByText('Total of instalments')).toBeVisible();
  await expect(
    page.getByText(/exclude fees, insurance and bank initiation fees and are not binding/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enquire now' })).toHaveAttribute(
    'href',
    `${vPath(d)}/enquire`,
  );
  await expect(page.getByRole('link', { name: /brochure/i })).toHaveAttribute(
    'href',
    /^\/uploads\/files\/.+\.pdf$/,
  );
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((t) => t.includes('"Car"') && t.includes('"Offer"') && t.includes('"ZAR"'))).toBe(true);
});

test('the model page shows power in kW and hp, torque, transmission and a test-drive link', async ({
  page,
  request,
}) => {
  const d = await siteData(request);
  await page.goto(mPath(d));
  await expect(page.getByText(/\d+ kW \(\d+ hp\)/).first()).toBeVisible();
  await expect(page.getByText(/\d+ Nm/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a test drive' })).toHaveAttribute('href', tdPath(d));
});

test('form pages carry the spot the lead forms mount into', async ({ page, request }) => {
  const d = await siteData(request);
  const spots: [string, string][] = [
    ['/parts', '#parts-form[data-form="parts"]'],
    ['/book-a-service', '#service-form[data-form="service"]'],
    ['/finance', '#finance-form[data-form="finance"]'],
    [tdPath(d), '#test-drive-form[data-form="test-drive"]'],
    [`${vPath(d)}/enquire`, '#enquiry-form[data-form="new"]'],
    [`/special-offers/${d.special.slug}`, '#enquiry-form[data-form="special"]'],
  ];
  for (const [path, selector] of spots) {
    await page.goto(path);
    await expect(page.locator(selector)).toHaveAttribute('data-thank-you', `${path}/thank-you`);
  }
});
