/** URL slugs, one definition for the site, the API, the editor and the demo seed. */

/** Lower-case letters and digits in runs joined by single hyphens: "outback-2-5i-sport". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest slug a URL or query parameter may carry (longer ones are refused, not truncated). */
export const SLUG_MAX_LENGTH = 80;

export function isSlug(text: string): boolean {
  return text.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(text);
}

/** Lower case, hyphens, no accents: "2.5i Sport" -> "2-5i-sport", "Mercedes-Benz" -> "mercedes-benz". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
