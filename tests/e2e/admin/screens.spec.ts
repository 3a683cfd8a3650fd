/**
 * Screens in the user's words (issue 25 §6), as the people who use them, at 1280 and 375 px: an editor
 * makes a special by picking its model, dealership and images (thumbnails of the uploads) from selects,
 * and the notice names it; an editor writes a photo's alt text and the public API carries it; a dealer
 * user is offered only their own dealership; a price and a date are edited as typed; Publish asks first,
 * saying how many changes go live, and Cancel publishes nothing. No page of it may log a console warning
 * or error (but for the one named at LIST_CHECKBOX, on lists only).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  ADMIN,
  adminWithStaff,
  baseOf,
  dataOf,
  SCREENS_PORT,
  signIn,
  startAdminServer,
  stopServer,
  waitFor,
} from './server.ts';

const BASE = baseOf(SCREENS_PORT);
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: BASE });

const EDITOR = {
  email: 'naledi.editor@motus.example',
  password: 'editor password 2468',
  name: 'Naledi Editor',
};
const DEALER = {
  email: 'bongani.dealer@motus.example',
  password: 'dealer password 2468',
  name: 'Bongani Dealer',
};
const WEST_RAND = 'motus-subaru-west-rand';
const WIDTHS = [1280, 375] as const;

type Json = Record<string, unknown>;
let server: ChildProcess;
let admin: APIRequestContext;

const NO_DEMO_PICTURE = /\/uploads\/|\.(webp|avif|jpe?g|png)(\?|$)/;

/**
 * The one warning still let through, and only on a list page (`#/specials`, no id): react-admin 5.15's
 * select-all Checkbox (SelectPageCheckbox) passes MUI 9 the dropped `inputProps`, next to the
 * `slotProps.input` it reads. Not an input of a form; to go once that checkbox is replaced or react-admin
 * follows MUI 9 (docs/decisions/280-own-number-and-date-inputs.md). On a form page it fails, like any other.
 */
const LIST_CHECKBOX =
  /^error: React does not recognize the `%s` prop on a DOM element.* inputProps inputprops$/;
const ON_A_LIST = /\/admin\/#\/[a-z_]+\/?(\?.*)?$/;

/** Fails the test on any console warning or error of the admin (e.g. ProseMirror's white-space warning). */
function watchConsole(page: Page) {
  const messages: string[] = [];
  page.on('console', (m) => {
    const text = `${m.type()}: ${m.text()}`;
    // This server has no demo photos (DEMO_UPLOADS is off for admin specs): the build preview's pictures
    // are missing here, which the browser logs as failed image loads. Anything else still fails.
    const missingPicture =
      text.startsWith('error: Failed to load resource') && NO_DEMO_PICTURE.test(m.location().url);
    const listCheckbox = LIST_CHECKBOX.test(text) && ON_A_LIST.test(page.url());
    if ((m.type() === 'warning' || m.type() === 'error') && !missingPicture && !listCheckbox)
      messages.push(text);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  return () => expect(messages, 'console warnings and errors').toEqual([]);
}

async function pick(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startAdminServer(SCREENS_PORT, { RATE_LIMIT_SIGN_IN: '100/60s' });
  // Images of specials in the uploads store (these servers run with DEMO_UPLOADS=off, so it has none):
  // each as its default file and its 480 px rendition, as the seed writes them.
  const specials = join(dataOf(SCREENS_PORT), 'uploads', 'specials');
  mkdirSync(specials, { recursive: true });
  for (const [name, colour] of [
    ['screens-winter-deal', '#1f5a7a'],
    ['screens-roof-racks', '#7a1f2b'],
  ] as const) {
    const webp = (width: number) =>
      sharp({ create: { width, height: Math.round((width * 9) / 16), channels: 3, background: colour } })
        .webp()
        .toBuffer();
    writeFileSync(join(specials, `${name}.webp`), await webp(960));
    writeFileSync(join(specials, `${name}-480.webp`), await webp(480));
  }
  admin = await adminWithStaff(BASE, [
    { ...EDITOR, role: 'editor' },
    { ...DEALER, role: 'dealer', dealers: [WEST_RAND] },
  ]);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

for (const width of WIDTHS) {
  test(`at ${width} px an editor makes a special from pickers and the notice names it`, async ({ page }) => {
    const clean = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const models = (await (await admin.get('/api/editor/range_models')).json())['hydra:member'] as Json[];
    const model = models[models.length - 1] as { model: string; model_slug: string };
    const dealers = (await (await admin.get('/api/dealers')).json())['hydra:member'] as Json[];
    const dealer = dealers.find((d) => d.slug === WEST_RAND) as { dealerName: string };
    const images = (await (await admin.get('/api/editor/special_images')).json())['hydra:member'] as {
      file: string;
    }[];
    // Each image once, without its renditions.
    expect(images.map((i) => i.file)).toEqual(['screens-roof-racks.webp', 'screens-winter-deal.webp']);
    const [thumb, image] = [images[0]?.file as string, images[1]?.file as string];
    const title = `Screens Fest ${width}`;

    await signIn(page, EDITOR);
    await page.goto('/admin/#/specials/create');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Web address/).fill(`screens-fest-${width}`);
    // No slug or file name is typed: the model, dealership and images are picked by name and thumbnail.
    await expect(page.getByLabel(/Model slug|Dealership slug/)).toHaveCount(0);
    await pick(page, /^Model/, model.model);
    await pick(page, 'Dealership', dealer.dealerName);
    await page.getByLabel(/^Price/).fill('399900');
    await page.getByLabel(/^Valid until/).fill('2030-01-31');
    await page.getByLabel(/^Intro/).fill('A winter deal on the road to the Drakensberg.');
    await page.locator('.ProseMirror').fill('Free roof racks with every car.');
    await pick(page, /^Thumbnail/, thumb);
    const thumbnail = page.getByRole('combobox', { name: /^Thumbnail/ }).locator('img');
    await expect(thumbnail).toHaveAttribute('src', /\/uploads\/specials\/.+-480\.webp$/);
    await expect(thumbnail).toHaveJSProperty('complete', true);
    expect(await thumbnail.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    await pick(page, /^Image/, image);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Special “${title}” saved`)).toBeVisible();

    const saved = (
      (await (await admin.get(`/api/editor/specials?q=${encodeURIComponent(title)}`)).json())[
        'hydra:member'
      ] as Json[]
    )[0];
    expect(saved).toMatchObject({
      title,
      model: model.model,
      model_slug: model.model_slug,
      dealer_slug: WEST_RAND,
      thumbnail: thumb,
      image,
      source_code: '',
    });
    clean();
  });
}

test('an editor writes a photo’s alt text and the public API gives it as the image’s alt', async ({
  browser,
}) => {
  const models = (await (await admin.get('/api/editor/range_models')).json())['hydra:member'] as {
    id: number;
    make_slug: string;
    model_slug: string;
  }[];
  const model = models[0];
  if (!model) throw new Error('the seed has no range model');
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1f5a7a' } })
    .jpeg()
    .toBuffer();
  const up = await admin.post(`/api/editor/range_models/${model.id}/images`, {
    multipart: { file: { name: 'model.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const alt = 'A blue Subaru parked on a gravel road at sunset';

  for (const width of WIDTHS) {
    // Each width in a browser of its own, signed in afresh.
    const context = await browser.newContext({ baseURL: BASE, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const clean = watchConsole(page);
    await signIn(page, EDITOR);
    await page.goto(`/admin/#/range_models/${model.id}`);
    const field = page.getByLabel('Alt text of photo 1');
    await expect(field).toBeVisible({ timeout: 30_000 });
    const text = `${alt} (${width} px)`;
    await field.fill(text);
    const patched = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes(`/range_models/${model.id}/images/`),
    );
    await field.press('Enter');
    expect((await patched).status()).toBe(200);
    await expect(field).toHaveValue(text);
    const pub = (await (await admin.get(`/api/ranges/${model.make_slug}/${model.model_slug}`)).json()) as {
      image: { alt: string };
    };
    expect(pub.image.alt).toBe(text);
    clean();
    await context.close();
  }
});

for (const width of WIDTHS) {
  test(`at ${width} px a dealer user is offered only their own dealership`, async ({ page }) => {
    const clean = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const dealers = (await (await admin.get('/api/dealers')).json())['hydra:member'] as Json[];
    const own = (dealers.find((d) => d.slug === WEST_RAND) as { dealerName: string }).dealerName;
    expect(dealers.length).toBeGreaterThan(1);
    await signIn(page, DEALER);
    await page.goto('/admin/#/vehicles/create');
    await page.getByRole('combobox', { name: /^Dealership/ }).click();
    await expect(page.getByRole('option')).toHaveText([own]);
    await page.keyboard.press('Escape');
    clean();
  });
}

test('a price keeps what is typed until the field is left and clears to no price; a date shows and saves its day', async ({
  page,
}) => {
  // Our own NumberInput and DateInput (src/admin/inputs, decision 280), on a special of the seed.
  const clean = watchConsole(page);
  const specials = (await (await admin.get('/api/editor/specials')).json())['hydra:member'] as {
    id: number;
    title: string;
    price: number | null;
    valid_until: string;
  }[];
  const special = specials.find((s) => s.price != null && !s.title.startsWith('Screens Fest'));
  if (!special) throw new Error('the seed has no special with a price');
  await signIn(page, EDITOR);
  await page.goto(`/admin/#/specials/${special.id}`);
  const price = page.getByLabel('Price (R)');
  const validUntil = page.getByLabel(/^Valid until/);
  // The record's values, the date as the day it is.
  await expect(price).toHaveValue(String(special.price));
  await expect(validUntil).toHaveValue(special.valid_until);

  // What is typed stays as typed while the field has focus ("2500.0", not "2500"), and reads as the
  // number once it is left.
  await price.fill('2500.0');
  await expect(price).toHaveValue('2500.0');
  await price.blur();
  await expect(price).toHaveValue('2500');

  // A cleared date is refused with the schema's words on the field, not sent.
  await validUntil.fill('');
  await validUntil.blur();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(validUntil).toHaveAccessibleDescription('Valid until is required');
  await expect(validUntil).toHaveAttribute('aria-invalid', 'true');

  // A cleared price is no price (null), and the new day is saved as YYYY-MM-DD.
  await price.fill('');
  await validUntil.fill('2031-02-28');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Special “${special.title}” saved`)).toBeVisible();
  const saved = (await (await admin.get(`/api/editor/specials/${special.id}`)).json()) as Json;
  expect(saved).toMatchObject({ price: null, valid_until: '2031-02-28' });

  // Opened again, the form shows what was saved.
  await page.goto(`/admin/#/specials/${special.id}`);
  await expect(page.getByLabel(/^Title/)).toHaveValue(special.title);
  await expect(price).toHaveValue('');
  await expect(validUntil).toHaveValue('2031-02-28');
  clean();
});

test('Publish asks first, naming how many changes go live, and Cancel publishes nothing', async ({
  browser,
}) => {
  test.setTimeout(600_000); // a full site build, on two cores shared with other runs
  const builds = async () => (await (await admin.get('/api/builds')).json())['hydra:member'] as Json[];
  const live = (await builds()).find((b) => b.current)?.id;
  const started = await admin.post('/api/builds', { data: { publish: false } });
  expect(started.status(), await started.text()).toBe(202);
  const id = String(((await started.json()) as Json).id);
  await waitFor(
    'the preview build',
    async () => {
      const b = (await builds()).find((x) => x.id === id);
      if (b?.status === 'failed') throw new Error(`the build failed: ${b.error}`);
      return b?.status === 'succeeded' ? true : undefined;
    },
    540_000,
  );

  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: BASE, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const clean = watchConsole(page);
    await signIn(page, ADMIN);
    await page.goto('/admin/#/builds');
    const row = page.locator(`[data-build="${id}"]`);
    await row.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: /^Publish \d+ changes? to the live site\?$/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Build ${id} replaces the live site`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    // Nothing went live: the same build is current, and this one is still a preview.
    const now = await builds();
    expect(now.find((b) => b.current)?.id).toBe(live);
    expect(now.find((b) => b.id === id)?.status).toBe('succeeded');
    clean();
    await context.close();
  }

  // The build's Changes: the specials made above, field by field, not only the pages they touch.
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const clean = watchConsole(page);
  await signIn(page, ADMIN);
  await page.goto('/admin/#/builds');
  await page.locator(`tr[data-build="${id}"]`).getByRole('button', { name: 'Changes' }).click();
  const content = page.getByRole('list', { name: 'Content changes' });
  await expect(content).toContainText('Screens Fest 1280');
  await expect(content).toContainText('Title: (empty) → Screens Fest 1280');
  clean();
  await context.close();
});
