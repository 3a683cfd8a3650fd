/**
 * The first-view transfer of a page on a phone: every request the page makes until the network is
 * quiet (HTML, CSS, scripts, fonts, images, API calls, the islands' code), summed as encoded bytes on
 * the wire (Chrome's DevTools protocol, headers included), without scrolling. With `saveData` the
 * browser sends `Save-Data: on` (data saver, src/domain/data-saver.ts).
 */
import type { Browser } from '@playwright/test';

export interface FirstView {
  path: string;
  saveData: boolean;
  bytes: number;
  requests: number;
  /** Every image URL asked for (the data-saver test checks their widths). */
  images: string[];
}

export const PHONE = { width: 375, height: 800 };

export async function measureFirstView(
  browser: Browser,
  baseUrl: string,
  path: string,
  saveData: boolean,
): Promise<FirstView> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: saveData ? { 'Save-Data': 'on' } : {},
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    requests += 1;
  });
  const images: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname);
  });
  await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
  // Islands hydrate after the largest paint (decision 199), and the carousels when the browser is idle:
  // the first view is complete once every island has hydrated, every carousel started, and the network
  // is quiet again after them.
  await page.waitForFunction(
    () =>
      !document.querySelector('astro-island[ssr]') &&
      [...document.querySelectorAll('.swiper')].every((s) => s.classList.contains('swiper-initialized')),
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForLoadState('networkidle');
  await context.close();
  return { path, saveData, bytes, requests, images };
}
