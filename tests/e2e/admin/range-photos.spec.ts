/**
 * Photos of a range variant's colour end to end (issue 10 §3, docs/decisions/185-variant-colour-images.md):
 * an editor opens a variant in the admin, uploads a photo to one of its colours, builds a preview and
 * publishes it; the public variant page shows the photo for that colour (the other colours keep their
 * drawings), and the model page's configurator shows it when that colour is chosen. Screenshots of the
 * variant form at 1280, 1024 and 375 px go to test-results/.
 */
import type { ChildProcess } from 'node:child_process';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import sharp from 'sharp';
import type { Variant } from '../../../src/contract/range.ts';
import { paths } from '../../../src/domain/urls.ts';
import { ADMIN, baseOf, RANGE_PORT, shoot, signIn, startAdminServer, stopServer } from './server.ts';

const BASE = baseOf(RANGE_PORT);
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: BASE });

const EDITOR = {
  email: 'ayanda.editor@motus.example',
  password: 'editor password 8910',
  name: 'Ayanda Editor',
};
let server: ChildProcess;
let admin: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startAdminServer(RANGE_PORT);
  admin = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const signedIn = await admin.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const added = await admin.post('/api/admin/staff', { data: { ...EDITOR, role: 'editor' } });
  expect(added.status(), await added.text()).toBe(201);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

test('an editor uploads a photo to a colour of a variant, publishes, and the variant page and configurator show it for that colour', async ({
  page,
}) => {
  const variants = (await (await admin.get('/api/renault_ranges?page=1')).json())[
    'hydra:member'
  ] as Variant[];
  const variant = variants.find((v) => v.color.length >= 2);
  if (!variant) throw new Error('the seed has no variant with two colours');
  const [other, colour] = variant.color as [Variant['color'][number], Variant['color'][number]];

  await signIn(page, EDITOR);
  await expect(page.getByRole('menuitem', { name: 'Range variants' })).toBeVisible();
  await page.goto(`/admin/#/range_variants/${variant.id}`);

  const panel = page.getByRole('region', { name: `Photos of ${colour.name}` });
  // The form's chunk and the record load first; in CI the other worker is building a site on the same two
  // cores, and this took past the default 10 s twice. The wait is for the screen, not a measure of it.
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('No photos yet.')).toBeVisible();
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#7a1f2b' } })
    .jpeg()
    .toBuffer();
  await panel
    .getByLabel('Photo files')
    .setInputFiles({ name: 'colour.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(panel.locator('li[data-photo]')).toHaveCount(1);
  await expect(panel.locator('li[data-photo]').getByText('Main')).toBeVisible();
  // The other colour's panel and the variant's own panel are untouched.
  await expect(
    page.getByRole('region', { name: `Photos of ${other.name}` }).locator('li[data-photo]'),
  ).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Photos', exact: true }).locator('li[data-photo]'),
  ).toHaveCount(0);
  await shoot(page, 'variant-colour-photos');

  await page.getByRole('menuitem', { name: 'Builds' }).click();
  await page.getByRole('button', { name: 'Build preview' }).click();
  const ready = page.locator('tr[data-status="succeeded"]').first();
  await expect(ready).toBeVisible({ timeout: 240_000 });
  const buildId = await ready.getAttribute('data-build');
  await ready.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Publish this build' }).click();
  // Publishing asks first, naming what changes (screens.spec.ts: Cancel publishes nothing).
  await page
    .getByRole('dialog', { name: /to the live site\?$/ })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.locator(`tr[data-build="${buildId}"]`).getByText('live')).toBeVisible();

  // The variant page: the colour shows the upload, the other colour its drawing.
  const live = await page.goto(`${paths.variant(variant)}/`);
  expect(live?.status()).toBe(200);
  await expect(page.locator(`li[data-colour="${colour.slug}"] img`)).toHaveAttribute(
    'src',
    /\/uploads\/photos\//,
  );
  await expect(page.locator(`li[data-colour="${colour.slug}"] img`)).toHaveAttribute(
    'alt',
    new RegExp(`in ${colour.name}$`),
  );
  if (other.image)
    await expect(page.locator(`li[data-colour="${other.slug}"] img`)).toHaveAttribute(
      'src',
      /\/uploads\/range\//,
    );

  // The model page's configurator: choosing the colour (of the same variant) shows the upload.
  await page.goto(`${paths.model(variant)}/`);
  const configurator = page.locator('.cfg');
  await configurator.scrollIntoViewIfNeeded();
  await configurator.locator(`input[type="radio"][value="${variant.variant_slug}"]`).check();
  await configurator.getByRole('radio', { name: colour.name, exact: true }).check();
  await expect(configurator.locator('img.cfg-image')).toHaveAttribute('src', /\/uploads\/photos\//);
  await configurator.getByRole('radio', { name: other.name, exact: true }).check();
  await expect(configurator.locator('img.cfg-image')).not.toHaveAttribute('src', /\/uploads\/photos\//);
});
