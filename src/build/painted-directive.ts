/**
 * `client:painted`: hydrate the island once the page has painted its largest element, on the signal of
 * the page-script loader (after-paint.ts). `client:idle` and `client:load` can hydrate before that paint,
 * and then the island's code shares a phone's connections and main thread with the picture: island hydration never delays the
 * largest paint. `client:visible` does not wait either: a form at the top of a
 * page is in view at once, and its code then loads beside the page's own files (decision 199). A page
 * without the loader (`astro dev`, whose middleware does not write it) hydrates once parsed.
 */
import type { ClientDirective } from 'astro';
import { PROPS_FROM_ATTRIBUTE } from '../config/island-props.ts';
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

/** Each props file a page's islands name, fetched once. */
const propsFiles = new Map<string, Promise<Record<string, unknown>>>();

/**
 * Gives back the props the build kept apart from the page (src/build/island-props.ts, decision 349),
 * fetched while the island's code loads. Set before `load()`: Astro's runtime hydrates an island when its
 * `props` change, but only once its code is loaded, so here the change alone hydrates nothing, and the
 * island hydrates once, below. A props file that does not come leaves the island as the server drew it.
 * (Astro inlines this directive in every page with a painted island: it is kept short.)
 */
async function propsApart(island: HTMLElement): Promise<void> {
  const url = island.getAttribute(PROPS_FROM_ATTRIBUTE);
  if (!url) return;
  let file = propsFiles.get(url);
  if (!file) {
    file = fetch(url).then((answer) => (answer.ok ? answer.json() : Promise.reject(new Error(url))));
    propsFiles.set(url, file);
  }
  // The URLs `load()` imports next: it then finds them loaded, or loading.
  for (const code of ['component-url', 'renderer-url']) {
    const src = island.getAttribute(code);
    if (src) import(/* @vite-ignore */ src).catch(() => {});
  }
  const props = (await file)[island.getAttribute('uid') ?? ''];
  if (props === undefined) throw new Error(url);
  island.setAttribute('props', JSON.stringify(props));
}

/** `client:painted`, or `client:painted="visible"` to wait for the island to scroll into view as well. */
const paintedDirective: ClientDirective = async (load, options, island) => {
  await painted;
  if (options.value === 'visible') await visible(island);
  await propsApart(island);
  const hydrate = await load();
  await hydrate();
};

export default paintedDirective;
