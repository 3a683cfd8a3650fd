/**
 * None of the admin app's JavaScript or CSS reaches a public page (issue 10 §2): a visitor's browser
 * never requests anything under /admin, and no served script or stylesheet is one of the admin's files.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';
import { ADMIN_DIST } from '../../../src/server/http/admin-app.ts';

const PUBLIC_PAGES = ['/', '/blog', '/special-offers', '/pre-owned', SHOWCASE.path, '/finance'];
const adminAssets = readdirSync(join(ADMIN_DIST, 'assets'));

for (const path of PUBLIC_PAGES) {
  test(`${path} loads nothing of the admin app`, async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((p) => p.startsWith('/admin'))).toEqual([]);
    const names = loaded.map((p) => p.split('/').pop());
    expect(names.filter((n) => n && adminAssets.includes(n))).toEqual([]);
    expect(await page.content()).not.toMatch(/\/admin\/assets\//);
  });
}
