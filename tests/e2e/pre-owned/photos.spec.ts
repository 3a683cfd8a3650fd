/**
 * Uploaded photos on the public pages: an editor uploads two photos of one car through the editor API;
 * the listing card and the vehicle page then show them as <picture> with AVIF and WebP sources (Chromium
 * loads the AVIF), in the editor's order, instead of the drawn demo images, and without the "Illustration"
 * tag the drawn images carry (issue #11). The photos are removed afterwards.
 */
import { expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_EDITOR_TOKEN } from '../../../scripts/e2e-env.ts';
import { GROUP } from './helpers.ts';

const auth = { Authorization: `Bearer ${E2E_EDITOR_TOKEN}` };
// The newest Outback is the first card of /pre-owned/subaru/outback; no other spec looks at its pictures.
let car: { id: number; uri: string; name: string };
let photoIds: string[] = [];

// Pages wait for the API islands; on a busy machine that outlasts the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const jpeg = (background: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '26/1 10/1 0/1' } })
    .toBuffer();

test.beforeAll(async ({ request }) => {
  // Two uploads, each resized into a dozen renditions: more than 30 s when the machine is busy.
  test.setTimeout(120_000);
  const list = await (await request.get(`/api/${GROUP}/vehicles?make_slug=subaru&model_slug=outback`)).json();
  const first = list['hydra:member'][0];
  car = { id: first.id, uri: first.uri, name: `${first.year} ${first.make} ${first.model}` };
  const res = await request.post(`/api/editor/vehicles/${car.id}/images`, {
    headers: auth,
    multipart: {
      file: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c0392b') },
    },
  });
  expect(res.status()).toBe(201);
  const more = await request.post(`/api/editor/vehicles/${car.id}/images`, {
    headers: auth,
    multipart: { file: { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2471a3') } },
  });
  expect(more.status()).toBe(201);
  photoIds = (await more.json())['hydra:member'].map((p: { id: string }) => p.id);
});

test.afterAll(async ({ request }) => {
  for (const id of photoIds)
    await request.delete(`/api/editor/vehicles/${car.id}/images/${id}`, { headers: auth });
});

/** The <img> shows an uploaded AVIF rendition, fully loaded. */
async function expectPhoto(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc))
    .toMatch(/\/uploads\/photos\/[0-9a-f-]{36}\/\d+\.avif$/);
  await expect(img.locator('xpath=..').locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    / 400w, .* 800w/,
  );
}

test('the listing card shows the main photo @mobile', async ({ page }) => {
  await page.goto('/pre-owned/subaru/outback');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: car.name }) })
    .first();
  await expect(card).toBeVisible();
  await expectPhoto(card.locator('img').first());
  // A photo carries no "Illustration" tag; the drawn cars beside it do (Image.illustration in the API).
  await expect(card.getByText('Illustration', { exact: true })).toHaveCount(0);
  const drawn = page
    .getByRole('article')
    .filter({ hasNot: page.getByRole('link', { name: car.name }) })
    .first();
  await expect(drawn.getByText('Illustration', { exact: true })).toBeVisible();
});

test('the vehicle page shows the uploaded photos in order @mobile', async ({ page }) => {
  await page.goto(car.uri);
  const gallery = page.getByRole('region', { name: `Photos of the ${car.name}` });
  await expect(gallery.getByRole('group', { name: /^Photo 1 of 2/ })).toBeVisible();
  await expectPhoto(gallery.locator('.uvg-slide').first());
  // The first photo is red (the main one), the second blue.
  const src = await gallery
    .locator('.uvg-slide')
    .first()
    .evaluate((el: HTMLImageElement) => el.currentSrc);
  const body = await (await page.request.get(src)).body();
  const { dominant } = await sharp(body).stats();
  expect(dominant.r).toBeGreaterThan(dominant.b);
  await expect(gallery.getByText('Illustration', { exact: true })).toHaveCount(0);
});

test('a car without uploads shows its drawings labelled "Illustration" @mobile', async ({
  page,
  request,
}) => {
  const list = await (await request.get(`/api/${GROUP}/vehicles?make_slug=subaru&model_slug=outback`)).json();
  const other = list['hydra:member'].find((v: { id: number }) => v.id !== car.id);
  expect(other.image.illustration).toBe(true);
  await page.goto(other.uri);
  const gallery = page.getByRole('region', {
    name: `Photos of the ${other.year} ${other.make} ${other.model}`,
  });
  const label = gallery.getByText('Illustration', { exact: true });
  await expect(label).toBeVisible();
  // The tag sits on the picture, inside the page.
  const [tag, photo] = await Promise.all([
    label.boundingBox(),
    gallery.locator('.uvg-slide').first().boundingBox(),
  ]);
  expect(tag && photo && tag.y >= photo.y && tag.y + tag.height <= photo.y + photo.height).toBe(true);
  expect((tag?.x ?? -1) >= 0 && (tag?.x ?? 0) + (tag?.width ?? 0) <= (page.viewportSize()?.width ?? 0)).toBe(
    true,
  );
});
