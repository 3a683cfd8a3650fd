/** Scrolling and focus after a step or error change, respecting reduced motion (SPEC §2, DESIGN §6). */

export const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Focuses an element without the browser's jump (the caller scrolls). */
export function focusQuietly(el: HTMLElement | null | undefined): void {
  el?.focus({ preventScroll: true });
}
