/**
 * A range model in the editor's words (issue 25 §6, docs/decisions/285-web-addresses-and-drawn-files.md),
 * at 1280 and 375 px: an editor adds a model by its make and name, and its web address
 * (/showroom/{make}/{model}) is made from them as they type; its drawn main image and gallery image are
 * picked by thumbnail and name, not typed as file names. Editing it, renaming the model keeps the address,
 * a bad address gets the server's words on the field, and changing the address says the old one stops
 * working. Screenshots of the new and the edited form go to test-results/.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  adminWithStaff,
  baseOf,
  dataOf,
  RANGE_WORDS_PORT,
  shoot,
  signIn,
  startAdminServer,
  stopServer,
} from './server.ts';

const BASE = baseOf(RANGE_WORDS_PORT);
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: BASE });

const EDITOR = {
  email: 'thandi.editor@motus.example',
  password: 'editor password 1357',
  name: 'Thandi Editor',
};

interface ModelRow {
  id: number;
  make_slug: string;
  model_slug: string;
  main_image: string;
  gallery: string[];
}

let server: ChildProcess;
let admin: APIRequestContext;

async function pick(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A drawn image as the seed writes it: its default file and each width of its kind (16:10). */
async function drawn(dir: string, name: string, colour: string, widths: number[]) {
  mkdirSync(dir, { recursive: true });
  const webp = (width: number) =>
    sharp({ create: { width, height: Math.round((width * 10) / 16), channels: 3, background: colour } })
      .webp()
      .toBuffer();
  writeFileSync(join(dir, `${name}.webp`), await webp(960));
  for (const w of widths) writeFileSync(join(dir, `${name}-${w}.webp`), await webp(w));
}

async function modelNamed(name: string): Promise<ModelRow | undefined> {
  const list = (await (await admin.get(`/api/editor/range_models?q=${encodeURIComponent(name)}`)).json())[
    'hydra:member'
  ] as (ModelRow & { model: string })[];
  return list.find((m) => m.model === name);
}

/**
 * Screenshots of the form: at 1280, 1024 and 375 px (shoot) in the desktop run, which ends where it
 * started; the phone run takes its own width only: after shoot's resize to 1280 and back to 375, its
 * Save button was no longer found by role (the layout's switch between desktop and phone, not the form).
 */
async function screens(page: Page, width: number, name: string) {
  if (width === 1280) await shoot(page, name);
  else await page.screenshot({ path: `test-results/admin-${name}-phone-run-${width}.png`, fullPage: true });
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startAdminServer(RANGE_WORDS_PORT);
  // These servers run with DEMO_UPLOADS=off: the drawn images the pickers offer are put in their store.
  const uploads = join(dataOf(RANGE_WORDS_PORT), 'uploads');
  await drawn(uploads, 'words-ridge', '#1f5a7a', [480, 960, 1440]);
  await drawn(uploads, 'words-dune', '#a8741a', [480, 960, 1440]);
  await drawn(join(uploads, 'gallery'), 'words-trail', '#2b7a1f', [640, 1280]);
  admin = await adminWithStaff(BASE, [{ ...EDITOR, role: 'editor' }]);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

for (const width of [1280, 375] as const) {
  test(`at ${width} px an editor adds a range model whose web address comes from its name, and picks its drawn images`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const name = `Wordsmith ${width}`;
    const slug = `wordsmith-${width}`;
    await signIn(page, EDITOR);
    await page.goto('/admin/#/range_models/create');

    // No slug or file name to type: the address follows the make and the name.
    await expect(page.getByLabel(/slug|file name/i)).toHaveCount(0);
    await page.getByRole('textbox', { name: /^Make\s*\*?$/ }).fill('Subaru');
    await page.getByRole('textbox', { name: /^Model\s*\*?$/ }).fill(name);
    const address = page.getByLabel(/^Web address/);
    await expect(address).toHaveValue(slug);
    await expect(page.getByLabel(/^Make's web address/)).toHaveValue('subaru');
    await expect(address).toHaveAccessibleDescription(
      new RegExp(`^Web address: /showroom/subaru/${slug}\\. Made from the name as you type`),
    );

    await pick(page, /^Type/, 'car');
    await page.getByLabel(/^Description/).fill('A wagon for gravel roads and long weekends.');
    await pick(page, /^Drawn main image/, /Words ridge/);
    const thumbnail = page.getByRole('combobox', { name: /^Drawn main image/ }).locator('img');
    await expect(thumbnail).toHaveAttribute('src', '/uploads/words-ridge-480.webp');
    await expect(thumbnail).toHaveJSProperty('complete', true);
    expect(await thumbnail.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Add/ }).click();
    await pick(page, /^Gallery image/, /Words trail/);
    await expect(page.getByRole('combobox', { name: /^Gallery image/ }).locator('img')).toHaveAttribute(
      'src',
      '/uploads/gallery/words-trail-640.webp',
    );
    await screens(page, width, 'range-model-new');

    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByText(`“${name}” saved`);
    await expect(notice).toBeVisible();
    // On a phone the notice lies over the form's Save button, and it stays while the pointer rests on it
    // or the window is not focused (MUI pauses its timer): Escape closes it, as a person would.
    await page.keyboard.press('Escape');
    await expect(notice).toHaveCount(0);
    const saved = await modelNamed(name);
    expect(saved).toMatchObject({
      make_slug: 'subaru',
      model_slug: slug,
      main_image: 'words-ridge.webp',
      gallery: ['words-trail.webp'],
    });

    // Editing: a new name keeps the address; the address changes only when the editor changes it.
    await page.goto(`/admin/#/range_models/${saved?.id}`);
    await expect(address).toHaveValue(slug);
    await page.getByRole('textbox', { name: /^Model\s*\*?$/ }).fill(`${name} Plus`);
    await expect(address).toHaveValue(slug);
    await expect(address).toHaveAccessibleDescription(
      `Web address: /showroom/subaru/${slug}. Lower-case letters, digits and hyphens.`,
    );

    // The server's rule, in plain words on the field, before anything is sent.
    await address.fill('Wordsmith Plus!');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(address).toHaveAccessibleDescription(
      'Web address may only contain lower-case letters, digits and single hyphens',
    );

    await address.fill(`${slug}-plus`);
    await expect(address).toHaveAccessibleDescription(
      `Web address: /showroom/subaru/${slug}-plus. Changing it moves the page: links and bookmarks to /showroom/subaru/${slug} will stop working.`,
    );
    await pick(page, /^Drawn main image/, /Words dune/);
    await screens(page, width, 'range-model-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${name} Plus” saved`)).toBeVisible();
    expect(await modelNamed(`${name} Plus`)).toMatchObject({
      model_slug: `${slug}-plus`,
      main_image: 'words-dune.webp',
      gallery: ['words-trail.webp'],
    });
  });
}
