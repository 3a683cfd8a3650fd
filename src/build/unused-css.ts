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
import postcss from 'postcss';
import { SERVER_PAGE_CLASSES } from '../domain/server-page-classes.ts';
import { INLINE_STYLE, withRehashedSource } from './page-csp.ts';

/** What can name a class or id, as the tokens of markup and code. */
const WORD = /[\w-]+/g;

/** Names run-time code may build from a fixed part: `'btn--' + kind`, `prefix + '-open'`. */
export interface Vocabulary {
  words: Set<string>;
  prefixes: string[];
  suffixes: string[];
}

/** The words of some text (client chunks, a page): what can name a class or id. */
export function wordsOf(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const text of texts) for (const word of text.match(WORD) ?? []) words.add(word);
  return words;
}

/** The words, with the fixed parts a name can be built from. */
export function vocabularyOf(words: Set<string>): Vocabulary {
  const affixes = [...words].filter((w) => w.length > 1);
  return {
    words,
    prefixes: affixes.filter((w) => w.endsWith('-') || w.endsWith('_')),
    suffixes: affixes.filter((w) => w.startsWith('-')),
  };
}

const named = (v: Vocabulary, name: string) =>
  v.words.has(name) || v.prefixes.some((p) => name.startsWith(p)) || v.suffixes.some((s) => name.endsWith(s));

/** What a selector needs present to match: scoped components and class or id names; null: nothing known. */
interface Needs {
  cids: string[];
  names: string[];
}

function needsOf(selector: string): Needs | null {
  if (selector.includes('\\')) return null; // an escaped name: not read here, kept
  const cids = [...selector.matchAll(/\[data-astro-cid-([\w-]+)\]/g)].map((m) => `data-astro-cid-${m[1]}`);
  // Without its strings, attribute tests and functional pseudo-classes (:not(.x) needs no .x).
  let rest = selector.replace(/"[^"]*"|'[^']*'/g, '').replace(/\[[^\]]*\]/g, '');
  while (/\([^()]*\)/.test(rest)) rest = rest.replace(/\([^()]*\)/g, '');
  const names = [...rest.matchAll(/[.#](-?[A-Za-z_][\w-]*)/g)].map((m) => m[1] ?? '');
  return { cids, names };
}

/**
 * A stylesheet as the cut reads it: each rule with what its selectors need, each group of rules (@media,
 * @supports, @layer…) with its rules, by their place in the text. Anything else (@keyframes, @font-face,
 * a rule's nested rules) is part of what holds it and is never cut on its own.
 */
type Outline =
  | { kind: 'rule'; start: number; end: number; selectors: (Needs | null)[] }
  | { kind: 'group'; start: number; end: number; keepShell: boolean; children: Outline[] };

function outlineOf(nodes: postcss.ChildNode[]): Outline[] {
  const out: Outline[] = [];
  for (const node of nodes) {
    const start = node.source?.start?.offset;
    const end = node.source?.end?.offset;
    if (start === undefined || end === undefined) continue;
    if (node.type === 'rule') out.push({ kind: 'rule', start, end, selectors: node.selectors.map(needsOf) });
    else if (
      node.type === 'atrule' &&
      node.nodes?.some((n) => n.type !== 'decl' && n.type !== 'comment') &&
      !/keyframes$/i.test(node.name)
    )
      // An emptied @layer block stays: it may be what fixes the order of the layers.
      out.push({
        kind: 'group',
        start,
        end,
        keepShell: node.name === 'layer',
        children: outlineOf(node.nodes),
      });
  }
  return out;
}

/** Outlines by stylesheet text: pages of a template share their sheet. Bounded, for a long-lived process. */
const outlines = new Map<string, Outline[]>();
function outline(css: string): Outline[] {
  let found = outlines.get(css);
  if (!found) {
    if (outlines.size >= 200) outlines.clear();
    found = outlineOf(postcss.parse(css).nodes);
    outlines.set(css, found);
  }
  return found;
}

/**
 * The text ranges of the rules and emptied groups nothing can match, in order, and whether that is all of
 * `nodes` (so the group holding them is emptied).
 */
function deadRanges(
  nodes: Outline[],
  alive: (needs: Needs | null) => boolean,
): { ranges: [number, number][]; all: boolean } {
  const ranges: [number, number][] = [];
  let all = nodes.length > 0;
  for (const node of nodes) {
    if (node.kind === 'rule') {
      if (node.selectors.some(alive)) all = false;
      else ranges.push([node.start, node.end]);
      continue;
    }
    const inner = deadRanges(node.children, alive);
    if (inner.all && !node.keepShell) ranges.push([node.start, node.end]);
    else {
      ranges.push(...inner.ranges);
      all = false;
    }
  }
  return { ranges, all };
}

/** The stylesheet without its rules nothing can match; the same text when it keeps them all. */
function pruned(css: string, page: Vocabulary, client: Vocabulary): string {
  const present = (name: string) => named(page, name) || named(client, name) || SERVER_PAGE_CLASSES.has(name);
  const alive = (needs: Needs | null) =>
    !needs || (needs.cids.every((cid) => page.words.has(cid)) && needs.names.every(present));
  const dead = deadRanges(outline(css), alive).ranges;
  if (!dead.length) return css;
  let kept = '';
  let from = 0;
  for (const [start, end] of dead) {
    kept += css.slice(from, start);
    from = end;
  }
  return kept + css.slice(from);
}

/**
 * The page with each inline stylesheet cut to the rules that may match, and each cut sheet's CSP hash
 * replaced by the hash of its new text. A sheet whose hash the policy does not name stays unnamed.
 */
export function withoutUnusedCss(html: string, client: Vocabulary): string {
  const styles = [...html.matchAll(INLINE_STYLE)];
  if (!styles.length) return html;
  const page = vocabularyOf(wordsOf([html.replace(INLINE_STYLE, ' ')]));
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
