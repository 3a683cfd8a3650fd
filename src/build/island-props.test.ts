import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PROPS_APART_MIN,
  unescapeAttribute,
  withIslandPropsApart,
  writeIslandProps,
} from './island-props.ts';

/** Props as Astro writes them in the attribute: its serialised form, HTML-escaped. */
const attribute = (props: unknown) =>
  JSON.stringify(props)
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
const long = { cars: [0, 'Ford & "Sons" <Ranger> it\'s '.repeat(400)] };
const short = { title: [0, 'Enquire'] };
const island = (uid: string, client: string, props: unknown) =>
  `<astro-island uid="${uid}" component-url="/_astro/X.js" ssr client="${client}" props="${attribute(props)}" await-children><p>drawn</p></astro-island>`;

describe('island props kept apart from the page', () => {
  it("moves a painted island's long props into the page's props file, as the text Astro wrote", () => {
    const page = `<body>${island('Z1', 'painted', long)}${island('Z2', 'painted', short)}</body>`;
    const { html, props } = withIslandPropsApart(page, '/pre-owned');
    expect(html).toBe(
      `<body><astro-island uid="Z1" component-url="/_astro/X.js" ssr client="painted" props-from="/pre-owned/islands.json" await-children><p>drawn</p></astro-island>${island('Z2', 'painted', short)}</body>`,
    );
    // Parsed back, the island's props are exactly what Astro serialised; the short ones stay in the page.
    expect(JSON.parse(props ?? '')).toEqual({ Z1: long });
  });

  it('leaves a page without long painted props as it is, with no props file', () => {
    const page = `<body>${island('Z1', 'load', long)}${island('Z2', 'painted', short)}</body>`;
    expect(withIslandPropsApart(page, '/')).toEqual({ html: page, props: null });
    expect(attribute(short).length).toBeLessThan(PROPS_APART_MIN);
  });

  it("names the props file beside the page's index.html, with or without a trailing slash", () => {
    const page = `<body>${island('A', 'painted', long)}${island('B', 'painted', long)}</body>`;
    for (const path of ['/dealer/west-rand/pre-owned', '/dealer/west-rand/pre-owned/']) {
      const { html, props } = withIslandPropsApart(page, path);
      expect(html.match(/props-from="([^"]+)"/g)).toEqual([
        'props-from="/dealer/west-rand/pre-owned/islands.json"',
        'props-from="/dealer/west-rand/pre-owned/islands.json"',
      ]);
      expect(Object.keys(JSON.parse(props ?? ''))).toEqual(['A', 'B']);
    }
    expect(withIslandPropsApart(page, '/').html).toContain('props-from="/islands.json"');
  });

  it('undoes the escaping Astro gives attributes, ampersands last', () => {
    expect(unescapeAttribute('&amp;quot; &quot;a&quot; &lt;b&gt; it&#39;s')).toBe('&quot; "a" <b> it\'s');
  });

  it('writes the props file at the path its URL names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'island-props-'));
    writeIslandProps(dir, '/pre-owned/subaru/', '{"A":{}}');
    writeIslandProps(dir, '/', '{"B":{}}');
    expect(readFileSync(join(dir, 'pre-owned/subaru/islands.json'), 'utf8')).toBe('{"A":{}}');
    expect(readFileSync(join(dir, 'islands.json'), 'utf8')).toBe('{"B":{}}');
  });
});
