import { expect, test } from '@playwright/test';

// The home page is pre-built from the API: what the API says is what the visitor sees.
test('home page renders banners and the range from the API @mobile', async ({ page, request }) => {
  const banners = await (await request.get('/api/banners?type=Car')).json();
  const models = await (await request.get('/api/ranges?type=car')).json();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByText(banners['hydra:member'][0].title).first()).toBeAttached();
  await expect(page.getByText(models['hydra:member'][0].model).first()).toBeAttached();
});

test('the API and uploads are served by the same process', async ({ request }) => {
  const dealers = await request.get('/api/dealers');
  expect(dealers.headers()['content-type']).toContain('application/ld+json');
  const { 'hydra:member': list } = await (await request.get('/api/banners')).json();
  const image = await request.get(list[0].image.uri);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
});
