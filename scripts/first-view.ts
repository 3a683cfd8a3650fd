/**
 * Measures the first-view transfer (all requests, encoded bytes) of the home page, /pre-owned and a
 * vehicle page on a phone, with and without data saver, against a running server:
 *
 *   node scripts/first-view.ts [base URL, default http://127.0.0.1:$E2E_PORT or :4390]
 *
 * Figures go to docs/performance.md; tests/e2e/site/data-saver.spec.ts holds the data-saver budget.
 */
import { chromium } from '@playwright/test';
import { SHOWCASE } from '../src/demo/fixtures.ts';
import { measureFirstView } from './first-view/measure.ts';

const base = process.argv[2] ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 4390}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('| Page | Data saver off | Data saver on |');
console.log('|---|---|---|');
try {
  for (const path of ['/', '/pre-owned', SHOWCASE.path]) {
    const off = await measureFirstView(browser, base, path, false);
    const on = await measureFirstView(browser, base, path, true);
    console.log(
      `| ${path} | ${kb(off.bytes)} (${off.requests} requests) | ${kb(on.bytes)} (${on.requests} requests) |`,
    );
  }
} finally {
  await browser.close();
}
