/**
 * `client:painted`: hydrate the island once the page has painted its largest element, on the signal of
 * the page-script loader (after-paint.ts). `client:idle` and `client:load` can hydrate before that paint,
 * and then the island's code shares a phone's connections and main thread with the picture: island hydration never delays the
 * largest paint. `client:visible` does not wait either: a form at the top of a
 * page is in view at once, and its code then loads beside the page's own files (decision 199). A page
 * without the loader (`astro dev`, whose middleware does not write it) hydrates once parsed.
 */
import type { ClientDirective } from 'astro';
import { AFTER_PAINT_EVENT, AFTER_PAINT_FLAG, LOADER_ATTRIBUTE } from './after-paint.ts';

const painted = new Promise<void>((done) => {
  if ((self as unknown as Record<string, unknown>)[AFTER_PAINT_FLAG]) return done();
  addEventListener(AFTER_PAINT_EVENT, () => done(), { once: true });
  const noLoader = () => {
    if (!document.querySelector(`script[${LOADER_ATTRIBUTE}]`)) done();
  };
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', noLoader, { once: true });
  else noLoader();
});

/** Once any of the island's children is in the viewport (the island itself is `display: contents`). */
function visible(island: HTMLElement): Promise<void> {
  return new Promise((done) => {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      done();
    });
    for (const child of island.children) seen.observe(child);
  });
}

/** `client:painted`, or `client:painted="visible"` to wait for the island to scroll into view as well. */
const paintedDirective: ClientDirective = async (load, options, island) => {
  await painted;
  if (options.value === 'visible') await visible(island);
  const hydrate = await load();
  await hydrate();
};

export default paintedDirective;
