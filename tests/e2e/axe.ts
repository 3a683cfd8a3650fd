/**
 * axe-core run inside the page under test. @axe-core/playwright's AxeBuilder evaluates axe's 0.5 MB
 * source again on every call and finishes each run in a new blank page (for cross-origin frames): on CI
 * that was 3–6 s a scan and most of a lead-form test's time. Here axe is injected once per document and
 * run with axe.run, the same rules and tags. Frames are not entered: the site's only iframe is the
 * contact page's third-party map, which is not ours to test.
 */
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.2 AA and best practice. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The violations on what the page shows now, one line per rule with its elements. `include` limits the
 * scan to one part (a form whose state changed since the whole page was scanned); `tags: null` runs
 * every rule.
 */
export async function axeViolations(
  page: Page,
  opts: { include?: string; tags?: string[] | null } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const tags = opts.tags === undefined ? AXE_TAGS : opts.tags;
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      const results = await run(include ? { include: [include] } : document, {
        iframes: false,
        ...(tags ? { runOnly: { type: 'tag' as const, values: tags } } : {}),
      });
      return results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
    },
    { include: opts.include, tags },
  );
  return violations.map((v) => `${v.id}: ${v.targets.join(', ')}`);
}
