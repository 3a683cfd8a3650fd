/**
 * An island's props kept apart from its page's document (docs/decisions/349-island-props-apart.md).
 * Astro writes an island's props into the page, as an attribute of its `astro-island`, so the browser
 * downloads them before it can lay out anything. The used-car search's are 10–30 KB (the first twelve
 * cars and the filters' counts, 2.3 KB of brotli on /pre-owned), and they put that page's document past
 * the first round trip of a new connection, where its largest picture waits.
 *
 * An island that hydrates after the page's largest paint (`client:painted`) does not need its props
 * before then. When they are long, the build moves them, as Astro wrote them, into one file beside the
 * page (`islands.json`, keyed by the island's `uid`), and the island names that file instead
 * (`props-from`); its directive (painted-directive.ts) fetches it after the paint, while the island's
 * code loads, and gives the island its props back before it hydrates. What the server drew, and what
 * the island hydrates with, are the same bytes as before.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ISLAND_PROPS_FILE, islandPropsUrl, PROPS_FROM_ATTRIBUTE } from '../config/island-props.ts';

/**
 * Props shorter than this stay in the page (characters of the attribute as written): moving them would
 * save the document less than the props file's own request costs. The forms' props are 0.1–6 KB, the
 * used-car search's 10–30 KB, the configurator's 7–16 KB.
 */
export const PROPS_APART_MIN = 8192;

const ISLAND_TAG = /<astro-island [^>]*>/g;
const PROPS = / props="([^"]*)"/;

/** An attribute's text as Astro escapes it (&, <, >, ", '), back to the text itself. */
export function unescapeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/**
 * The page with the long props of its `client:painted` islands taken out, each island naming the page's
 * props file instead, and that file's text (null when nothing was taken out, and the page unchanged).
 */
export function withIslandPropsApart(html: string, pathname: string): { html: string; props: string | null } {
  const url = islandPropsUrl(pathname);
  const apart: string[] = [];
  const page = html.replace(ISLAND_TAG, (tag) => {
    const props = PROPS.exec(tag);
    const uid = /\buid="([^"]+)"/.exec(tag)?.[1];
    if (!props || !uid || props[0].length < PROPS_APART_MIN || !/\bclient="painted"/.test(tag)) return tag;
    apart.push(`${JSON.stringify(uid)}:${unescapeAttribute(props[1] as string)}`);
    return tag.replace(props[0], () => ` ${PROPS_FROM_ATTRIBUTE}="${url}"`);
  });
  return apart.length ? { html: page, props: `{${apart.join(',')}}` } : { html, props: null };
}

/**
 * Writes a page's props file under `dir`, where the build's integration collects them
 * (deferred-scripts.ts), at the path its URL names (`/pre-owned` → `dir/pre-owned/islands.json`).
 */
export function writeIslandProps(dir: string, pathname: string, props: string): void {
  const file = join(dir, ...pathname.split('/').filter(Boolean).map(decodeURIComponent), ISLAND_PROPS_FILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, props);
}
