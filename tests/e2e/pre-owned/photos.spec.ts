/**
 * Uploaded photos on the public pages: an editor uploads two photos of one car through the editor API;
 * the listing card and the vehicle page then show them as <picture> with AVIF and WebP sources (Chromium
 * loads the AVIF), in the editor's order, instead of the drawn demo images. The photos are removed afterwards.
 */
import { expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_EDITOR_TOKEN } from '../../../scripts/e2e-env.ts';
import { GROUP } from './helpers.ts';

const auth = { Authorization: `Bearer ${E2E_EDITOR_TOKEN}` };
// The newest Outback is the first card of /pre-owned/subaru/outback; no other spec looks at its pictures.
let car: { id: number; uri: string; name: string };
let photoIds: string[] = [];

test.describe.configure({ mode: 'serial' });

const jpeg = (background: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '26/1 10/1 0/1' } })
    .toBuffer();

test.beforeAll(async ({ request }) => {
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
});
