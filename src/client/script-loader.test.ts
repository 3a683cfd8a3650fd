import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_EVENT } from '../build/after-paint.ts';
import {
  areaInView,
  type LoaderPage,
  loadAfterPaint,
  namedModules,
  PAINT_TIMEOUT_MS,
} from './script-loader.ts';

type Box = { top: number; right: number; bottom: number; left: number };
const picture = (box: Box) => ({ getBoundingClientRect: () => box }) as unknown as Element;

/** A page as the loader sees it, with largest-paint entries the test gives and a record of what it did. */
function fakePage(options: { readyState?: DocumentReadyState; heroes?: Element[]; lcp?: boolean }) {
  const events: string[] = [];
  let onLoad: (() => void) | undefined;
  let report: ((elements: Element[]) => void) | undefined;
  let disconnected = false;
  class Observer {
    static supportedEntryTypes = options.lcp === false ? [] : ['largest-contentful-paint'];
    private readonly callback: PerformanceObserverCallback;
    constructor(callback: PerformanceObserverCallback) {
      this.callback = callback;
    }
    observe(init: PerformanceObserverInit) {
      expect(init).toEqual({ type: 'largest-contentful-paint', buffered: true });
      report = (elements) =>
        this.callback(
          {
            getEntries: () => elements.map((element) => ({ element })),
          } as unknown as PerformanceObserverEntryList,
          this as unknown as PerformanceObserver,
        );
    }
    disconnect() {
      disconnected = true;
    }
  }
  const page: LoaderPage = {
    document: {
      readyState: options.readyState ?? 'complete',
      querySelectorAll: ((selector: string) => {
        expect(selector).toBe('img[fetchpriority=high]');
        return options.heroes ?? [];
      }) as unknown as Document['querySelectorAll'],
    },
    innerWidth: 400,
    innerHeight: 800,
    PerformanceObserver: Observer,
    addEventListener: (_type, listener) => {
      onLoad = listener;
    },
    dispatchEvent: (event) => {
      events.push(event.type);
      return true;
    },
    requestAnimationFrame: (callback) => setTimeout(callback, 16) as unknown as number,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
  };
  return {
    page,
    events,
    load: () => onLoad?.(),
    paint: (...elements: Element[]) => report?.(elements),
    disconnected: () => disconnected,
  };
}

describe('the page-script loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('measures how much of a picture is in view', () => {
    expect(areaInView({ top: 0, right: 400, bottom: 300, left: 0 }, 400, 800)).toBe(120_000);
    expect(areaInView({ top: 700, right: 500, bottom: 900, left: -100 }, 400, 800)).toBe(40_000);
    expect(areaInView({ top: 900, right: 400, bottom: 1200, left: 0 }, 400, 800)).toBe(0);
  });

  it('reads the scripts its element names', () => {
    const script = {
      getAttribute: (name: string) => (name === 'data-modules' ? ' /_astro/a.js  /_astro/b.js' : null),
    };
    expect(namedModules(script)).toEqual(['/_astro/a.js', '/_astro/b.js']);
    expect(namedModules({ getAttribute: () => '' })).toEqual([]);
  });

  it('imports the scripts and signals the islands only after the load event and the hero picture’s paint', async () => {
    const small = picture({ top: 600, right: 100, bottom: 700, left: 0 });
    const hero = picture({ top: 0, right: 400, bottom: 300, left: 0 });
    const page = fakePage({ readyState: 'interactive', heroes: [small, hero] });
    const loaded: string[] = [];
    loadAfterPaint(['/_astro/a.js', '/_astro/b.js'], page.page, async (url) => loaded.push(url));

    page.paint(small); // an earlier paint of another picture is not the one awaited
    page.load();
    await vi.advanceTimersByTimeAsync(100);
    expect(loaded).toEqual([]);
    expect(page.disconnected()).toBe(false);

    page.paint(hero);
    expect(page.disconnected()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).toEqual([]); // one frame later
    await vi.advanceTimersByTimeAsync(20);
    expect(page.events).toEqual([AFTER_PAINT_EVENT]);
    expect(page.page.afterPaint).toBe(true);
    expect(loaded).toEqual(['/_astro/a.js', '/_astro/b.js']);
  });

  it('waits for the load event even when the paint came first', async () => {
    const page = fakePage({ readyState: 'loading' });
    const loaded: string[] = [];
    loadAfterPaint(['/_astro/a.js'], page.page, async (url) => loaded.push(url));
    page.paint(picture({ top: 0, right: 10, bottom: 10, left: 0 })); // no hero: the first paint will do
    await vi.advanceTimersByTimeAsync(PAINT_TIMEOUT_MS * 2);
    expect(loaded).toEqual([]);
    page.load();
    await vi.advanceTimersByTimeAsync(20);
    expect(loaded).toEqual(['/_astro/a.js']);
  });

  it('stops waiting for a paint entry that never comes', async () => {
    const page = fakePage({ heroes: [picture({ top: 0, right: 400, bottom: 300, left: 0 })] });
    const loaded: string[] = [];
    loadAfterPaint(['/_astro/a.js'], page.page, async (url) => loaded.push(url));
    await vi.advanceTimersByTimeAsync(PAINT_TIMEOUT_MS - 1);
    expect(loaded).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(loaded).toEqual(['/_astro/a.js']);
  });

  it('does not wait for a paint in a browser without largest-paint entries', async () => {
    const page = fakePage({ lcp: false });
    const loaded: string[] = [];
    loadAfterPaint([], page.page, async (url) => loaded.push(url));
    await vi.advanceTimersByTimeAsync(20);
    expect(page.events).toEqual([AFTER_PAINT_EVENT]);
  });
});
