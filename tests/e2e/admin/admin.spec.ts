/**
 * The back office end to end (issue 10 §7): an anonymous visitor to /admin gets the sign-in screen; an
 * editor signs in, uploads a photo to a used car (a bad file is refused with the server's message),
 * changes a special's price, builds a preview, opens it inside the admin, publishes it, and sees both on
 * the public site. A dealer user sees and edits only their own dealership's stock. A CSV with a bad row
 * rejects it and applies the rest only after confirmation. An admin makes an API key (a missing scope is
 * named on the form), which works on its own until revoked.
 */
import type { ChildProcess } from 'node:child_process';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import sharp from 'sharp';
import { formatPrice } from '../../../src/domain/format.ts';
import { ADMIN, BASE, shoot, signIn, startAdminServer, stopServer } from './server.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: BASE });

const EDITOR = {
  email: 'thandi.editor@motus.example',
  password: 'editor password 0123',
  name: 'Thandi Editor',
};
const WEST_RAND = 'motus-subaru-west-rand';
const DEALER = {
  email: 'sipho.dealer@motus.example',
  password: 'dealer password 0123',
  name: 'Sipho Dealer',
};
let server: ChildProcess;
let admin: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // This file signs in six times within a minute from one address; the limit itself is tested in
  // tests/api/staff-auth.test.ts.
  server = await startAdminServer(undefined, { RATE_LIMIT_SIGN_IN: '100/60s' });
  // The first admin (from ADMIN_EMAIL/ADMIN_PASSWORD) adds an editor, as the Staff screen does.
  admin = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const signedIn = await admin.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const added = await admin.post('/api/admin/staff', { data: { ...EDITOR, role: 'editor' } });
  expect(added.status(), await added.text()).toBe(201);
  const dealer = await admin.post('/api/admin/staff', {
    data: { ...DEALER, role: 'dealer', dealers: [WEST_RAND] },
  });
  expect(dealer.status(), await dealer.text()).toBe(201);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

/**
 * Starts a preview build from the Builds screen and waits for its own row to succeed. Not the first
 * succeeded row: a build that was live before the last publish is listed as succeeded again, and it
 * was that build the fraud-page test previewed (without its change) when it ran after the specials test.
 */
async function buildPreview(page: Page) {
  const posted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/builds' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Build preview' }).click();
  const buildId = ((await (await posted).json()) as { id: string }).id;
  const ready = page.locator(`tr[data-build="${buildId}"][data-status="succeeded"]`);
  await expect(ready).toBeVisible({ timeout: 240_000 });
  return { buildId, ready };
}

test('an anonymous visitor to /admin gets the sign-in screen, and the API refuses them', async ({ page }) => {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  expect((await page.request.get('/api/editor/specials')).status()).toBe(401);
  // A wrong password is named, and nothing typed is lost.
  await page.getByLabel('E-mail').fill(EDITOR.email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /invalid|password/i })
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(EDITOR.email);
});

test('an editor uploads a photo to a used car, changes a special’s price, previews the build in the admin, publishes, and the site shows both', async ({
  page,
}) => {
  const specials = (await (await admin.get('/api/editor/specials')).json())['hydra:member'] as {
    id: number;
    slug: string;
    title: string;
    price: number | null;
  }[];
  const special = specials.find((s) => s.price !== null) ?? specials[0];
  if (!special) throw new Error('the seed has no specials');
  const price = (special.price ?? 500_000) + 12_300;

  await signIn(page, EDITOR);

  // An editor's menu: content and builds, no staff or keys.
  const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed'));
  await expect(page.getByRole('menuitem', { name: 'Specials' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Builds' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Staff' })).toHaveCount(0);
  await expect(menu.first()).toBeVisible();

  // A used car's photos: a file that is no image is refused with the server's message; a real photo dropped on the panel
  // becomes the car's main photo.
  const cars = (await (await admin.get('/api/editor/vehicles?itemsPerPage=1')).json())['hydra:member'] as {
    id: number;
    uri: string;
  }[];
  const car = cars[0];
  if (!car) throw new Error('the seed has no used cars');
  await page.goto(`/admin/#/vehicles/${car.id}`);
  await page.getByLabel('Photo files').setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('these are my notes, not a photo'),
  });
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('alert')).toContainText(
    /not a JPEG, PNG, WebP or HEIC/,
  );
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'front.jpg', { type: 'image/jpeg' }));
    return dt;
  }, photo.toString('base64'));
  await page.getByTestId('photo-drop').dispatchEvent('drop', { dataTransfer });
  // The upload is answered once every rendition is encoded: on a loaded machine that took just over
  // the default 10 s (2026-11-27, load 25: the photo was shown 10.6 s after its upload started).
  await expect(page.locator('li[data-photo]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('li[data-photo]').getByText('Main')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Specials' }).click();
  await page.getByRole('cell', { name: special.title, exact: true }).click();
  const priceInput = page.getByLabel('Price (R)');
  // The record first: a value typed before it loads is reset with it, and Save stays disabled.
  await expect(priceInput).toHaveValue(String(special.price ?? ''));
  await priceInput.fill(String(price));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Special “${special.title}” saved`)).toBeVisible();

  // Bad values get the shared schema's messages on their fields before anything is sent, and what was
  // typed stays (src/contract/content.ts, the same words as the API's 422).
  await page.getByRole('cell', { name: special.title, exact: true }).click();
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/editor/') && r.method() !== 'GET') writes.push(`${r.method()} ${r.url()}`);
  });
  const slug = page.getByLabel(/^Web address/); // a required field's label ends in an asterisk
  await priceInput.fill('-5');
  await slug.fill('Forester XT');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(priceInput).toHaveAccessibleDescription('Price must be at least 0');
  await expect(slug).toHaveAccessibleDescription(
    /Web address may only contain lower-case letters, digits and single hyphens/,
  );
  await expect(priceInput).toHaveAttribute('aria-invalid', 'true');
  await expect(priceInput).toHaveValue('-5');
  await expect(slug).toHaveValue('Forester XT');
  expect(writes).toEqual([]);
  // What only the server knows, a slug another offer has, comes back from its 422 onto the field.
  const other = specials.find((s) => s.id !== special.id);
  if (!other) throw new Error('the seed has one special only');
  await priceInput.fill(String(price));
  await slug.fill(other.slug);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(slug).toHaveAccessibleDescription(
    'Web address is already used by another special or service deal',
  );
  expect(writes).toHaveLength(1);
  await page.goto('/admin/#/builds');

  await expect(page.getByText('Site builds')).toBeVisible();
  // Live progress: the new build's row turns from queued/building to succeeded without a reload.
  const { buildId, ready } = await buildPreview(page);
  await expect(page.getByText(/Built in .+, waiting to be published/)).toBeVisible();

  await ready.getByRole('button', { name: 'Preview' }).click();
  const frame = page.frameLocator('iframe[title="Build preview"]');
  await expect(frame.locator('h1').first()).toBeVisible();
  const preview = await page.request.get(`/_preview/${buildId}/special-offers/${special.slug}/`);
  expect(await preview.text()).toContain(formatPrice(price));
  expect(await (await page.request.get(`/special-offers/${special.slug}/`)).text()).not.toContain(
    formatPrice(price),
  );

  await page.getByRole('button', { name: 'Publish this build' }).click();

  // Publishing asks first, naming what changes (screens.spec.ts: Cancel publishes nothing).

  await page
    .getByRole('dialog', { name: /to the live site\?$/ })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.locator(`tr[data-build="${buildId}"]`).getByText('live')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Pending changes' })).toHaveCount(0);
  const live = await page.goto(`/special-offers/${special.slug}/`);
  expect(live?.status()).toBe(200);
  await expect(page.getByText(formatPrice(price)).first()).toBeVisible();
  await page.goto(car.uri);
  await expect(
    page.locator('img[src*="/uploads/photos/"], source[srcset*="/uploads/photos/"]').first(),
  ).toBeAttached();
});

test('an editor changes the fraud warning page, and the published site shows the new text', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Fraud warning page' }).click();
  await page.getByRole('cell', { name: 'Avoid vehicle fraud' }).click();
  const title = page.getByLabel(/^Title/);
  await expect(title).toHaveValue('Avoid vehicle fraud');
  await title.fill('Stay safe from car fraud');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fraud warning page “Stay safe from car fraud” saved')).toBeVisible();
  expect((await (await page.request.get('/api/fraud-page')).json()).title).toBe('Stay safe from car fraud');
  // The live page changes only once a build with it is published.
  await expect((await page.request.get('/avoid-fraud/')).text()).resolves.toContain('Avoid vehicle fraud');

  await page.goto('/admin/#/builds');
  const { buildId, ready } = await buildPreview(page);
  // Publishing is offered from the build's preview, as for any change.
  await ready.getByRole('button', { name: 'Preview' }).click();
  const preview = await page.request.get(`/_preview/${buildId}/avoid-fraud/`);
  expect(await preview.text()).toContain('Stay safe from car fraud');
  await page.getByRole('button', { name: 'Publish this build' }).click();
  // Publishing asks first, naming what changes (screens.spec.ts: Cancel publishes nothing).
  await page
    .getByRole('dialog', { name: /to the live site\?$/ })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.locator(`tr[data-build="${buildId}"]`).getByText('live')).toBeVisible();
  await page.goto('/avoid-fraud/');
  await expect(page.getByRole('heading', { level: 1, name: 'Stay safe from car fraud' })).toBeVisible();
});

test('a CSV with a bad row rejects it with its reason, and applies the rest only after confirmation', async ({
  page,
}) => {
  const csv = [
    'stock_number,vin,make,model,variant,year,mileage,price,colour,fuel,transmission,body,dealership,photos,state,description',
    'E2E-001,JF1SK7LL5KG000001,Subaru,Forester,2.5i,2021,45000,389900,Blue,Petrol,Automatic,suv,motus-subaru-west-rand,,Used,One careful owner',
    'E2E-002,,Subaru,Outback,2.5i,2020,60000,not-a-price,Red,Petrol,Automatic,suv,motus-subaru-west-rand,,Used,',
  ].join('\n');
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Stock import' }).click();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const plan = page.getByTestId('import-plan');
  await expect(plan).toContainText('Dry run of an update: 2 rows');
  await expect(plan.getByText('1 added')).toBeVisible();
  await expect(plan.getByText('1 row rejected')).toBeVisible();
  const rejected = plan.getByRole('table', { name: 'Rejected rows' }).getByRole('row').nth(1);
  await expect(rejected.getByRole('cell').first()).toHaveText('Row 3');
  await expect(rejected).toContainText('Price must be a number');
  // Nothing is written before confirming.
  const before = await (await admin.get('/api/editor/vehicles?q=E2E-001')).json();
  expect(before['hydra:totalItems']).toBe(0);
  await plan.getByRole('button', { name: /^Apply/ }).click();
  await expect(plan).toContainText('Applied an update: 2 rows');
  const after = await (await admin.get('/api/editor/vehicles?q=E2E-001')).json();
  expect(after['hydra:totalItems']).toBe(1);
});

test('an admin makes an API key: a missing scope is named, the key is shown once and works until revoked', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'API keys' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByLabel('Name').fill('Stock feed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose at least one scope')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Stock feed');
  await page.getByLabel('stock:write').check();
  await page.getByRole('button', { name: 'Save' }).click();
  const shown = page.locator('code').filter({ hasText: /^sdgk_/ });
  await expect(shown).toBeVisible();
  const key = (await shown.textContent()) ?? '';
  await shoot(page, 'api-key-made');
  await expect(shown).toHaveText(key); // still there after the page fetched the key's record again

  // The key on its own, without the admin's session: stock yes, content no.
  const integration = await request.newContext({
    baseURL: BASE,
    extraHTTPHeaders: { Authorization: `Bearer ${key}` },
  });
  try {
    expect((await integration.get('/api/editor/vehicles?itemsPerPage=1')).status()).toBe(200);
    expect((await integration.get('/api/editor/specials')).status()).toBe(403);
    // Shown once: the key's page no longer has it.
    await page.reload();
    await expect(page.getByText('Stock feed').first()).toBeVisible();
    await expect(shown).toHaveCount(0);
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Key revoked')).toBeVisible();
    expect((await integration.get('/api/editor/vehicles?itemsPerPage=1')).status()).toBe(401);
  } finally {
    await integration.dispose();
  }
});

test('a dealer user sees and edits only their own dealership’s stock', async ({ page }) => {
  type Car = { id: number; stock_number: string; dealer_slug: string; dealer_name: string; price: number };
  const cars = async (query: string) =>
    (await (await admin.get(`/api/editor/vehicles?${query}`)).json()) as {
      'hydra:member': Car[];
      'hydra:totalItems': number;
    };
  const ours = await cars(`dealer_slug=${WEST_RAND}&itemsPerPage=1`);
  const theirs = (await cars('dealer_slug=motus-subaru-pretoria&itemsPerPage=1'))['hydra:member'][0];
  if (!theirs || !ours['hydra:member'][0]) throw new Error('the seed has no stock at West Rand or Pretoria');
  const westRand = ours['hydra:member'][0].dealer_name;

  await signIn(page, DEALER);
  // Stock, not content or builds.
  await page.getByRole('menuitem', { name: 'Used stock' }).click();
  await expect(page.getByRole('menuitem', { name: 'Specials' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Builds' })).toHaveCount(0);

  // The list holds exactly West Rand's cars: its count, and no other dealership in the column.
  await expect(page.getByText(`of ${ours['hydra:totalItems']}`)).toBeVisible();
  const dealerCells = page.locator('td.column-dealer_name');
  await expect(dealerCells.first()).toHaveText(westRand);
  expect(new Set(await dealerCells.allTextContents())).toEqual(new Set([westRand]));
  // Another dealership's car cannot be found by its stock number…
  // (the search matches part of a stock number, so U5 also finds U50: wait for the filtered list).
  await page.getByPlaceholder('Stock number, VIN, make, model').fill(theirs.stock_number);
  const stockCells = page.locator('td.column-stock_number');
  await expect
    .poll(async () => (await stockCells.allTextContents()).every((n) => n.includes(theirs.stock_number)))
    .toBe(true);
  await expect(page.getByRole('cell', { name: theirs.stock_number, exact: true })).toHaveCount(0);
  // …nor opened by its id: a refusal in words, back on the list, and the API agrees.
  await page.goto(`/admin/#/vehicles/${theirs.id}`);
  await expect(page.getByText(`Car ${theirs.id} is not in the stock you can edit`)).toBeVisible();
  await expect(page.getByLabel('Price (R)')).toHaveCount(0);
  expect((await page.request.get(`/api/editor/vehicles/${theirs.id}`)).status()).toBe(404);

  // Their own car: change the price and save; the server has it.
  // (the list re-renders as the search changes: find the car by its stock number, then open its row).
  const own = ours['hydra:member'][0];
  await page.getByPlaceholder('Stock number, VIN, make, model').fill(own.stock_number);
  await expect
    .poll(async () => (await stockCells.allTextContents()).every((n) => n.includes(own.stock_number)))
    .toBe(true);
  await page.getByRole('cell', { name: own.stock_number, exact: true }).click();
  const priceInput = page.getByLabel('Price (R)');
  await expect(priceInput).not.toHaveValue('');
  const id = Number(page.url().split('/').pop());
  const price = Number(await priceInput.inputValue()) - 10_000;
  // The dealership select offers their own dealership only (the server refuses another one too:
  // tests/api/stock-editor.test.ts).
  await page.getByLabel('Dealership').click();
  await expect(page.getByRole('option')).toHaveText([westRand]);
  await page.getByRole('option', { name: westRand }).click();
  await priceInput.fill(String(price));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Car “.+” saved$/)).toBeVisible();
  const saved = (await (await admin.get(`/api/editor/vehicles/${id}`)).json()) as Car;
  expect(saved).toMatchObject({ price, dealer_slug: WEST_RAND });
  const logged = (await (await admin.get('/api/admin/audit_log?itemsPerPage=5')).json())['hydra:member'] as {
    action: string;
    actor_name: string;
    resource_id: string;
  }[];
  expect(logged.find((e) => e.action === 'stock.update' && e.resource_id === String(id))?.actor_name).toBe(
    DEALER.email,
  );
});
