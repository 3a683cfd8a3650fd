// Temporary: screenshots of pages at 375, 1024 and 1280 px (not committed).
import { chromium } from 'playwright-core';
const [base, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [375, 1024, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`;
    const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: false });
    console.log(name, 'scrollWidth', scrollW);
  }
  await page.close();
}
await browser.close();
