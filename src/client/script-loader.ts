/**
 * The page-script loader (decision 197): an inline classic script that the build writes at the end of
 * every page in place of its module scripts (src/build/deferred-scripts.ts). It reads the scripts from its
 * own `data-modules` attribute and imports them, and every chunk they import statically, all at once
 * (decision 196), after the page has loaded and painted its largest element; then islands marked
 * `client:painted` hydrate (src/build/painted-directive.ts). Compiled by Vite from script-loader-entry.ts;
 * its SHA-256 is in the pages' CSP.
 */
import { AFTER_PAINT_EVENT, AFTER_PAINT_FLAG, LOADER_ATTRIBUTE } from '../build/after-paint.ts';

/** How long the loader waits for the largest-paint entry that may never come. */
export const PAINT_TIMEOUT_MS = 3000;

/** What the loader uses of the window: `window` itself in a browser, a stand-in in a test. */
export interface LoaderPage {
  readonly document: Pick<Document, 'readyState' | 'querySelectorAll'>;
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly PerformanceObserver?: Pick<typeof PerformanceObserver, 'supportedEntryTypes'> &
    (new (
      callback: PerformanceObserverCallback,
    ) => Pick<PerformanceObserver, 'observe' | 'disconnect'>);
  [AFTER_PAINT_FLAG]?: boolean;
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  dispatchEvent(event: Event): boolean;
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms?: number): unknown;
}

/** The area of `box` that is inside a viewport of `width` by `height`. */
export function areaInView(
  box: Pick<DOMRect, 'top' | 'right' | 'bottom' | 'left'>,
  width: number,
  height: number,
) {
  const seenHeight = Math.min(box.bottom, height) - Math.max(box.top, 0);
  const seenWidth = Math.min(box.right, width) - Math.max(box.left, 0);
  return Math.max(0, seenHeight) * Math.max(0, seenWidth);
}

/** The scripts a loader element names, in its order. */
export function namedModules(script: Pick<Element, 'getAttribute'>): string[] {
  return (script.getAttribute(LOADER_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
}

/**
 * Once the page has loaded and painted its largest element, one frame later: signal `client:painted`
 * islands and import `modules`. The largest element awaited is the page's priority picture (the one most
 * in view, where a page has several), or whatever paints first where a page has none. A browser without
 * largest-paint entries, a page opened in a background tab or a picture smaller than the text never gives
 * that entry: PAINT_TIMEOUT_MS stand in for it.
 */
export function loadAfterPaint(
  modules: readonly string[],
  page: LoaderPage,
  load: (url: string) => Promise<unknown>,
): void {
  const heroes = [...page.document.querySelectorAll('img[fetchpriority=high]')];
  const inView = (image: Element) =>
    areaInView(image.getBoundingClientRect(), page.innerWidth, page.innerHeight);
  const loaded = new Promise<void>((done) => {
    if (page.document.readyState === 'complete') done();
    else page.addEventListener('load', () => done(), { once: true });
  });
  const painted = new Promise<void>((done) => {
    page.setTimeout(done, PAINT_TIMEOUT_MS);
    const Observer = page.PerformanceObserver;
    if (!Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) return done();
    new Observer((list, observer) => {
      const hero = heroes.sort((a, b) => inView(b) - inView(a))[0];
      if (hero && !list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === hero))
        return;
      observer.disconnect();
      done();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  void Promise.all([loaded, painted]).then(() =>
    page.requestAnimationFrame(() =>
      page.setTimeout(() => {
        page[AFTER_PAINT_FLAG] = true;
        page.dispatchEvent(new Event(AFTER_PAINT_EVENT));
        for (const url of modules) void load(url);
      }),
    ),
  );
}
