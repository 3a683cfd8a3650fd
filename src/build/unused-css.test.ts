import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_PAGE_CLASSES } from '../domain/server-page-classes.ts';
import { cspHash } from './page-csp.ts';
import { vocabularyOf, withoutUnusedCss, wordsOf } from './unused-css.ts';

const csp = (...styles: string[]) =>
  `<meta http-equiv="content-security-policy" content="default-src 'self'; style-src 'self' ${styles
    .map((s) => `'${cspHash(s)}'`)
    .join(' ')};">`;
const page = (css: string, body: string) =>
  `<html><head>${csp(css)}<style>${css}</style></head><body>${body}</body></html>`;
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
const noClient = vocabularyOf(new Set());

describe("each page's stylesheet without the rules nothing can match", () => {
  it('drops a scoped component the page does not render, and a class named nowhere', () => {
    const css =
      '.card{color:red}.crumbs[data-astro-cid-abc]{margin:0}li[data-astro-cid-abc]+li[data-astro-cid-abc]:before{content:"/"}' +
      '.x[data-astro-cid-def]{padding:0}.prose h2{margin:0}@media (min-width:900px){.two-col{display:grid}}' +
      '@supports (display:grid){@media print{.gone{color:red}}.card{display:grid}}@layer layout{.prose{margin:0}}';
    const html = page(
      css,
      '<div class="card" data-astro-cid-def><span class="x" data-astro-cid-def>a</span></div>',
    );
    const out = withoutUnusedCss(html, noClient);
    // Emptied groups go, but an emptied @layer block stays: it may fix the order of the layers.
    expect(styleOf(out)).toBe(
      '.card{color:red}.x[data-astro-cid-def]{padding:0}@supports (display:grid){.card{display:grid}}@layer layout{}',
    );
  });

  it('keeps a group that still holds a rule, however many of its nested rules go', () => {
    const css =
      '@media screen{.card{color:red}@supports (display:grid){.gone{margin:0}.lost{margin:0}.card{display:grid}}}';
    const out = withoutUnusedCss(page(css, '<p class="card">a</p>'), noClient);
    expect(styleOf(out)).toBe('@media screen{.card{color:red}@supports (display:grid){.card{display:grid}}}');
  });

  it("replaces the cut sheet's hash in the CSP, so the browser still applies it", () => {
    const css = '.card{color:red}.gone{color:blue}';
    const out = withoutUnusedCss(page(css, '<p class="card">a</p>'), noClient);
    expect(out).toContain(`'${cspHash('.card{color:red}')}'`);
    expect(out).not.toContain(`'${cspHash(css)}'`);
  });

  it('keeps what scripts, the server or a state can bring later', () => {
    const css =
      '.open{display:block}.btn--ghost{color:blue}.is-shown{opacity:1}.drawer[open]{display:block}' +
      '.card:not(.never){color:red}.card:has(.never){color:red}.field--error{color:red}.added{color:red}' +
      '.a\\:b{color:red}@keyframes spin{50%{opacity:0}}@layer base{}@font-face{font-family:x;src:url(x.woff2)}';
    const client = vocabularyOf(
      wordsOf(["e.classList.add('open');const c='btn--'+kind;x=p+'-shown'", 'm.className="is"']),
    );
    const html = page(
      css,
      '<details class="drawer card">a</details><script>document.body.classList.add("added")</script>',
    );
    expect(withoutUnusedCss(html, client)).toBe(html);
  });

  it('leaves a page without a stylesheet, or with nothing to cut, unchanged; twice changes nothing', () => {
    const bare = '<html><body><p class="card">a</p></body></html>';
    expect(withoutUnusedCss(bare, noClient)).toBe(bare);
    const once = withoutUnusedCss(
      page('.card{color:red}.gone{color:blue}', '<p class="card">a</p>'),
      noClient,
    );
    expect(withoutUnusedCss(once, noClient)).toBe(once);
  });

  it('is not fooled by a class named only in the stylesheet itself', () => {
    const css = '.only-here{color:red}.card{color:red}';
    expect(styleOf(withoutUnusedCss(page(css, '<p class="card">only-here</p>'), noClient))).toBe(css);
    expect(styleOf(withoutUnusedCss(page(css, '<p class="card">a</p>'), noClient))).toBe('.card{color:red}');
  });
});

describe('the classes the server writes into built pages', () => {
  /** The server's source files, tests aside. */
  function serverSources(dir = 'src/server'): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return serverSources(path);
      return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
    });
  }

  it('are all listed, so the build keeps their rules', () => {
    const written = new Set<string>();
    for (const file of serverSources()) {
      const code = readFileSync(file, 'utf8');
      for (const [, list = ''] of code.matchAll(/class="([^"]*)"/g))
        for (const name of list.split(/\s+/)) if (/^[\w-]+$/.test(name)) written.add(name);
      for (const [, name = ''] of code.matchAll(/classList\.add\('([\w-]+)'\)/g)) written.add(name);
    }
    expect(written.size).toBeGreaterThan(5);
    expect([...written].filter((c) => !SERVER_PAGE_CLASSES.has(c))).toEqual([]);
  });
});
