/**
 * Each page's inline stylesheet without the rules that cannot match anything the page can ever hold
 * (decision 335). Astro inlines every stylesheet of the components its CSS chunk covers, and the site's
 * global sheet, into each page: the home page carried the breadcrumbs' and the two-column layout's rules
 * it never shows, about 250 bytes of brotli on the bytes that decide whether it arrives in the first
 * round trip.
 *
 * A rule goes only when every one of its selectors needs something absent:
 * - a scoped component (`[data-astro-cid-…]`) the page's markup does not render; or
 * - a class or id named nowhere: not in the page's markup or inline code (styles aside), not in any
 *   chunk of the client build (what islands and scripts can add at run time, `classList.add('open')`,
 *   `'btn--' + kind`), and not among the classes the server adds to built pages (SERVER_PAGE_CLASSES).
 * Everything a selector says about state (attributes, :hover, :not(…), :has(…)) is ignored, so a rule
 * for a state the page reaches later stays. Element names are ignored too. @keyframes, @font-face and
 * @layer are kept as they are.
 */
import postcss, { type Rule } from 'postcss';
import { SERVER_PAGE_CLASSES } from '../domain/server-page-classes.ts';
import { withRehashedSource } from './page-csp.ts';

/** What can name a class or id, as the tokens of markup and code. */
const WORD = /[\w-]+/g;
const INLINE_STYLE = /(<style[^>]*>)([\s\S]*?)<\/style>/g;

/** Names run-time code may build from a fixed part: `'btn--' + kind`, `prefix + '-open'`. */
export interface Vocabulary {
  words: Set<string>;
  prefixes: string[];
  suffixes: string[];
}

/** The words of some text (client chunks, a page), with the fixed parts a name can be built from. */
export function vocabularyOf(texts: Iterable<string>): Vocabulary {
  const words = new Set<string>();
  for (const text of texts) for (const word of text.match(WORD) ?? []) words.add(word);
  const affixes = [...words].filter((w) => w.length > 1);
  return {
    words,
    prefixes: affixes.filter((w) => w.endsWith('-') || w.endsWith('_')),
    suffixes: affixes.filter((w) => w.startsWith('-')),
  };
}

const named = (v: Vocabulary, name: string) =>
  v.words.has(name) || v.prefixes.some((p) => name.startsWith(p)) || v.suffixes.some((s) => name.endsWith(s));

/** Whether a selector may match, given the page's and the client build's words. */
function mayMatch(selector: string, page: Vocabulary, client: Vocabulary): boolean {
  if (selector.includes('\\')) return true; // an escaped name: not read here, kept
  for (const [, cid] of selector.matchAll(/\[data-astro-cid-([\w-]+)\]/g))
    if (!page.words.has(`data-astro-cid-${cid}`)) return false;
  // What the selector needs present, without its strings, attribute tests and functional pseudo-classes.
  let needs = selector.replace(/"[^"]*"|'[^']*'/g, '').replace(/\[[^\]]*\]/g, '');
  while (/\([^()]*\)/.test(needs)) needs = needs.replace(/\([^()]*\)/g, '');
  for (const [, name = ''] of needs.matchAll(/[.#](-?[A-Za-z_][\w-]*)/g))
    if (!named(page, name) && !named(client, name) && !SERVER_PAGE_CLASSES.has(name)) return false;
  return true;
}

const inKeyframes = (rule: Rule) =>
  rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name);

/** The stylesheet without its rules nothing can match; the same text when it keeps them all. */
function pruned(css: string, page: Vocabulary, client: Vocabulary): string {
  const root = postcss.parse(css);
  let removed = false;
  root.walkRules((rule) => {
    if (inKeyframes(rule) || rule.selectors.some((s) => mayMatch(s, page, client))) return;
    rule.remove();
    removed = true;
  });
  if (!removed) return css;
  // Conditional groups left empty go too; @layer blocks stay, as they fix the order of the layers.
  root.walkAtRules((at) => {
    if (at.nodes?.length === 0 && at.name !== 'layer') at.remove();
  });
  return root.toString();
}

/**
 * The page with each inline stylesheet cut to the rules that may match, and each cut sheet's CSP hash
 * replaced by the hash of its new text. A sheet whose hash the policy does not name stays unnamed.
 */
export function withoutUnusedCss(html: string, client: Vocabulary): string {
  const styles = [...html.matchAll(INLINE_STYLE)];
  if (!styles.length) return html;
  const page = vocabularyOf([html.replace(INLINE_STYLE, ' ')]);
  let out = html;
  for (const [tag, open, css = ''] of styles) {
    const kept = pruned(css, page, client);
    if (kept === css) continue;
    out = withRehashedSource(
      out.replace(tag, () => `${open}${kept}</style>`),
      css,
      kept,
    );
  }
  return out;
}
