/**
 * `npm run bench:hydration`: how long a buyer on a phone waits between the first paint and the moment the
 * page's controls are live, on the listing, a vehicle page and the finance page. Phone profile as
 * Lighthouse's mobile run: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower, 375 px.
 * Each page is loaded RUNS times in a fresh context (cold cache); the median is printed. Goal: < 1.5 s.
 * HYDRATION_URL measures a running site; otherwise the e2e server is started (AUDIT_PORT).
 */
import { chromium } from '@playwright/test';
import { SHOWCASE } from '../../src/demo/fixtures.ts';
import { siteUnderTest } from './site-under-test.ts';

const PAGES = ['/pre-owned', SHOWCASE.path, '/finance'];
const RUNS = Number(process.env.HYDRATION_RUNS ?? 5);
const GOAL_MS = 1500;
const PHONE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpu: 4,
};

/** Set before any script of the page: when each island loses `ssr` (hydrated), in performance.now() time. */
function recordHydration() {
  const w = window as unknown as { __hydrated: number[] };
  w.__hydrated = [];
  new MutationObserver((records) => {
    for (const r of records)
      if (r.attributeName === 'ssr' && !(r.target as Element).hasAttribute('ssr'))
        w.__hydrated.push(performance.now());
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const { base, stop } = await siteUnderTest(process.env.HYDRATION_URL, Number(process.env.AUDIT_PORT ?? 4391));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
const rows: string[] = [];
let missed = false;
try {
  for (const path of PAGES) {
    const paint: number[] = [];
    const live: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
      await page.addInitScript(recordHydration);
      await page.goto(base + path, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, {
        timeout: 60_000,
      });
      const t = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        hydrated: Math.max(...(window as unknown as { __hydrated: number[] }).__hydrated),
      }));
      paint.push(t.fcp);
      live.push(t.hydrated - t.fcp);
      await context.close();
    }
    const wait = median(live);
    if (!(wait < GOAL_MS)) missed = true;
    const row = `| ${path} | ${(median(paint) / 1000).toFixed(2)} s | ${(wait / 1000).toFixed(2)} s${wait < GOAL_MS ? '' : ' ✗'} | ${RUNS} |`;
    rows.push(row);
    console.log(row);
  }
} finally {
  await browser.close();
  stop();
}
console.log(
  [
    '',
    `Paint to hydration on a phone profile (4G, 4× CPU, 375 px), median of ${RUNS}, ${new Date().toISOString().slice(0, 16)}Z:`,
    '',
    '| page | first paint | first paint → hydrated | runs |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
if (missed) process.exitCode = 1;
