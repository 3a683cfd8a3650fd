/**
 * Data saver (docs/decisions/234-data-saver.md): on when the browser sends `Save-Data: on`
 * or the visitor turned it on (the `data_saver` cookie, set by the footer's switch); the visitor's own
 * choice wins over the browser's hint either way. Pages then ask for the phone-sized image renditions
 * only, start no carousel, and load no map frame.
 */
export const DATA_SAVER_COOKIE = 'data_saver';
/** The footer switch posts here (a form, so it works without scripts too). */
export const DATA_SAVER_PATH = '/data-saver';

export function dataSaverOn(saveData: string | undefined, cookieHeader: string | undefined): boolean {
  const chosen = /(?:^|;\s*)data_saver=([01])(?:;|$)/.exec(cookieHeader ?? '')?.[1];
  if (chosen !== undefined) return chosen === '1';
  return (saveData ?? '').trim().toLowerCase() === 'on';
}

/** The narrowest candidate of a `srcset` ("a.webp 480w, b.webp 960w" → "a.webp 480w"). */
export function narrowestCandidate(srcset: string): string {
  const candidates = srcset
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => ({ text: c, width: Number(/\s(\d+)w$/.exec(c)?.[1] ?? Number.POSITIVE_INFINITY) }));
  if (!candidates.length) return srcset;
  return candidates.reduce((a, b) => (b.width < a.width ? b : a)).text;
}
