/**
 * `node scripts/compare-builds.ts <before> <after>`: proves that a refactor left the built site as it was.
 * Compares two build directories (data/builds/<id>): the URLs their sitemaps list, the set of HTML files,
 * and every page's HTML after normalising only what a build is free to change (hashed asset names,
 * Astro's scoped-style ids, the CSP hashes of styles and its per-build island uids). Exits 1 and shows the first differences when anything differs.
 *
 * `--styles-moved`: for a refactor that moves markup and its <style> into a shared component. Whether an
 * element carries a scoped-style id (and an island gets the page's id as a prop) follows from whether the
 * component that writes it has a <style>, and the order of scoped rules in a page's CSS from the order in
 * which Vite meets the components; with this flag both are left out: the ids are dropped and a page's CSS
 * is compared as a sorted list of rules (rules scoped to different components never match the same
 * element, so their order does not change the cascade). Use it only when no global stylesheet changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
const stylesMoved = args.includes('--styles-moved');
const [before, after] = args.filter((a) => !a.startsWith('--'));
if (!before || !after) {
  console.error(
    'usage: node scripts/compare-builds.ts [--styles-moved] <before build dir> <after build dir>',
  );
  process.exit(2);
}

function filesUnder(dir: string, ext: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === '_astro' ? [] : filesUnder(p, ext, root);
    return e.name.endsWith(ext) ? [relative(root, p)] : [];
  });
}

function sitemapUrls(dir: string): Set<string> {
  const urls = new Set<string>();
  for (const f of readdirSync(dir).filter((n) => /^sitemap-\d+\.xml$/.test(n))) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) urls.add(m[1] ?? '');
  }
  return urls;
}

/**
 * Stylesheets are compared by content, in document order: which rules Vite puts in which (hashed, named
 * after its first module) file, and whether Astro inlines it, may change while the page's styles do not.
 */
function withCssByContent(dir: string, html: string): string {
  const css: string[] = [];
  const rest = html.replace(
    /<style>([\s\S]*?)<\/style>|<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)">/g,
    (_m, inline: string | undefined, href: string | undefined) => {
      css.push(inline ?? readFileSync(join(dir, href ?? ''), 'utf8'));
      return '';
    },
  );
  const rules = css.join('').replace(/}/g, '}\n');
  return `${rest}\n<!-- css -->\n${stylesMoved ? sortedRules(rules) : rules}`;
}

/** --styles-moved: a page's CSS rules in sorted order, without their scoped-style ids. */
const sortedRules = (rules: string) =>
  rules
    .replace(/\[data-astro-cid-[a-z0-9]+\]/g, '')
    .split('\n')
    .filter(Boolean)
    .sort()
    .join('\n');

/** --styles-moved: the page without scoped-style ids on its elements and in its islands' props. */
const withoutScopedIds = (html: string) =>
  html
    .replace(/,&quot;data-astro-cid-[a-z0-9]+&quot;:\[0,true\]/g, '')
    .replace(/ data-astro-cid-[a-z0-9]+/g, '');

/** Rewrites what may legitimately change between two builds of the same content. */
function normalise(dir: string, html: string): string {
  const page = withCssByContent(dir, html);
  return (
    (stylesMoved ? withoutScopedIds(page) : page)
      .replace(/(\/_astro\/[\w.-]+?)\.[\w-]{8}(\.\w+)/g, '$1.#$2')
      .replace(/data-astro-cid-[a-z0-9]+/g, 'data-astro-cid')
      .replace(/ uid="[^"]*"/g, ' uid=""')
      // The CSP's style hashes follow from the stylesheets (compared by content above), whose scoped-style
      // ids change when a component moves, and the list names the styles of the whole site, so a style
      // moved into a shared component changes how many there are: the list is compared as one item.
      // Script hashes are kept, as inline scripts are not normalised.
      .replace(/(style-src[^;"]*)/g, (list) => list.replace(/( 'sha256-[^']+')+/, " 'sha256-#'"))
  );
}

/** One tag per line, so a difference shows as a few readable lines. */
const lines = (html: string) => html.replace(/></g, '>\n<').split('\n');

function firstDifference(a: string, b: string): string {
  const la = lines(a);
  const lb = lines(b);
  let i = 0;
  while (i < la.length && la[i] === lb[i]) i++;
  const show = (l: string[]) => l.slice(i, i + 3).map((x) => x.slice(0, 300));
  return [`  at line ${i + 1}:`, ...show(la).map((x) => `  - ${x}`), ...show(lb).map((x) => `  + ${x}`)].join(
    '\n',
  );
}

let failed = false;
const report = (label: string, items: string[]) => {
  if (items.length === 0) return;
  failed = true;
  console.log(`${label} (${items.length}):`);
  for (const x of items.slice(0, 20)) console.log(`  ${x}`);
};

const urlsA = sitemapUrls(before);
const urlsB = sitemapUrls(after);
report(
  'sitemap URLs only before',
  [...urlsA].filter((u) => !urlsB.has(u)),
);
report(
  'sitemap URLs only after',
  [...urlsB].filter((u) => !urlsA.has(u)),
);

const pagesA = filesUnder(before, '.html');
const pagesB = new Set(filesUnder(after, '.html'));
report(
  'pages only before',
  pagesA.filter((p) => !pagesB.has(p)),
);
report(
  'pages only after',
  [...pagesB].filter((p) => !pagesA.includes(p)),
);

const changed: string[] = [];
for (const page of pagesA.filter((p) => pagesB.has(p))) {
  const a = normalise(before, readFileSync(join(before, page), 'utf8'));
  const b = normalise(after, readFileSync(join(after, page), 'utf8'));
  if (a !== b) changed.push(page);
}
if (changed.length) {
  failed = true;
  console.log(`pages whose HTML differs (${changed.length}):`);
  for (const page of changed.slice(0, 10)) {
    console.log(page);
    const read = (dir: string) => normalise(dir, readFileSync(join(dir, page), 'utf8'));
    console.log(firstDifference(read(before), read(after)));
  }
}

console.log(
  `${urlsA.size} sitemap URLs, ${pagesA.length} pages compared: ${failed ? 'DIFFERENT' : 'the same'}`,
);
process.exitCode = failed ? 1 : 0;
