/**
 * The signal the page-script loader gives once the page has painted its largest element (decision 197):
 * it sets `self[AFTER_PAINT_FLAG]` and dispatches AFTER_PAINT_EVENT on window, then imports the page
 * scripts. Islands marked `client:painted` hydrate on it (painted-directive.ts), so the wait is written
 * once, in the loader (deferred-scripts.ts).
 */
export const AFTER_PAINT_EVENT = 'after-paint';
export const AFTER_PAINT_FLAG = 'afterPaint';
/** The loader's own attribute, which also tells an island whether a loader will signal at all. */
export const LOADER_ATTRIBUTE = 'data-modules';
