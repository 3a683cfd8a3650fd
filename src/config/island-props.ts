/**
 * An island's props kept apart from its page (docs/decisions/349-island-props-apart.md): where the
 * build writes them and how the page names them. Shared by the build (src/build/island-props.ts), the
 * island's directive (src/build/painted-directive.ts) and the server, which serves the file like a page
 * (revalidated on every use) and, in a partial build, treats it as part of its page.
 */

/** The file beside a page's `index.html` that holds its islands' props, keyed by each island's `uid`. */
export const ISLAND_PROPS_FILE = 'islands.json';

/** The attribute that takes the place of `props` on an island: the URL of its page's props file. */
export const PROPS_FROM_ATTRIBUTE = 'props-from';

/** The URL of the props file of the page at `pathname`: `/pre-owned` → `/pre-owned/islands.json`. */
export const islandPropsUrl = (pathname: string) => `${pathname.replace(/\/*$/, '/')}${ISLAND_PROPS_FILE}`;

/** Whether a build file (a path relative to the build, with `/`) is a page's props file. */
export const isIslandPropsFile = (rel: string) =>
  rel === ISLAND_PROPS_FILE || rel.endsWith(`/${ISLAND_PROPS_FILE}`);

/** The page file a props file belongs to: `pre-owned/islands.json` → `pre-owned/index.html`. */
export const pageOfIslandProps = (rel: string) => `${rel.slice(0, -ISLAND_PROPS_FILE.length)}index.html`;
