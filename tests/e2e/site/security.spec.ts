/**
 * Browser security on every page template (issue 12): the enforced CSP (Astro's hashes in each page,
 * the server's frame-ancestors) blocks nothing the site itself needs — zero securitypolicyviolation
 * events and no console errors, islands hydrated — and the security headers are on every response.
 */
import { expect, test } from '@playwright/test';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';
import { pageTemplates } from './helpers.ts';

test('every page template runs under its CSP with zero violations and no console errors', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    // The not-found template is answered with status 404 on purpose; Chromium logs that as an error.
    const expected404 = page.url().endsWith('/no-such-page') && /status of 404/.test(m.text());
    if (m.type() === 'error' && !expected404) problems.push(`${page.url()} console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  // The content templates, and the used-stock ones whose islands load data at run time.
  const paths = [...(await pageTemplates(request)), '/pre-owned', SHOWCASE.path];
  for (const path of paths) {
    const res = await page.goto(path, { waitUntil: 'networkidle' });
    expect(res?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    const meta = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(meta, `${path} carries Astro's hashed policy`).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
    expect(meta, path).not.toContain('unsafe-inline');
    // Every island hydrates (client:visible ones once scrolled into view): its scripts were allowed.
    for (const island of await page.locator('astro-island').all()) await island.scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.locator('astro-island[ssr]').count(), { message: `${path}: islands left unhydrated` })
      .toBe(0);
  }
  expect(problems).toEqual([]);
});

test('security headers on pages, API answers, uploads and the 404 page', async ({ request }) => {
  const upload = (await (await request.get('/api/banners')).json())['hydra:member'][0].image.uri as string;
  for (const path of ['/', '/api/dealers', upload, '/no-such-page', '/_astro/']) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['permissions-policy'], path).toContain('camera=()');
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['strict-transport-security'], `${path} over plain HTTP`).toBeUndefined();
  }
});

test('the API reference renders under its hashed CSP with zero violations', async ({ page }) => {
  // The viewer is a 4 MB single-file app that parses and lays out the whole 450 KB document before it
  // draws: 1.7 s on a quiet host, 9 s at 8x CPU throttling, and past 20 s in CI while the other worker
  // drove an upload. This test is about the CSP, not the viewer's speed, so it waits as long as that takes.
  test.setTimeout(120_000);
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  page.on('console', (m) => {
    // The viewer probes once whether it may compile code (`try { Function('') }`, zod's JIT check) and
    // falls back when refused: that probe is the one report we expect, and we do not grant 'unsafe-eval'.
    if (m.type() === 'error' && m.text() !== 'CSP violation: script-src eval ') violations.push(m.text());
  });
  const res = await page.goto('/api/docs', { timeout: 60_000 });
  expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+';/);
  // The viewer booted (its inline script ran) and drew the document's operations.
  await expect(page.getByText('Dealer group API').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Dealers', exact: true })).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
