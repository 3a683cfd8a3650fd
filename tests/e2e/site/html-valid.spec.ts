/**
 * Valid HTML (issue 3 bar): one page of every template, as served, checked by html-validate with the
 * project's .htmlvalidate.json (the standard preset minus pure style rules; React's camelCase
 * attributes and relaxed ids are valid HTML).
 */
import { expect, test } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { SHOWCASE } from '../../../src/demo/fixtures.ts';

// Astro places its one `astro-island{display:contents}` rule before the first island in <body>;
// browsers apply it everywhere, and it is Astro's markup, not ours.
const ASTRO_ISLAND_STYLE = /<style> element is not permitted as content under/;

const PAGES = [
  '/',
  '/new',
  '/showroom',
  '/showroom/subaru',
  '/showroom/subaru/forester',
  '/showroom/subaru/forester/2-5i',
  '/showroom/subaru/forester/2-5i/enquire',
  '/test-drive/subaru/forester',
  '/special-offers',
  '/blog',
  '/blog/page/2',
  '/about-us',
  '/privacy-policy',
  '/avoid-fraud',
  '/contact-us',
  '/parts',
  '/book-a-service',
  '/sell-your-car',
  '/finance',
  '/finance/thank-you',
  '/pre-owned',
  '/pre-owned/subaru/forester',
  SHOWCASE.path,
  `${SHOWCASE.path}/enquire`,
  '/dealer/durban',
  '/dealer/durban/contact-us',
  '/no-such-page',
];

const validator = new HtmlValidate(new FileSystemConfigLoader());

async function problemsIn(html: string): Promise<string[]> {
  const report = await validator.validateString(html, 'page.html');
  return report.results
    .flatMap((r) => r.messages)
    .filter((m) => m.severity === 2 && !ASTRO_ISLAND_STYLE.test(m.message))
    .map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
}

for (const path of PAGES) {
  test(`${path} is valid HTML`, async ({ request }) => {
    expect(await problemsIn(await (await request.get(path)).text())).toEqual([]);
  });
}

test('a special offer page and a blog post are valid HTML', async ({ request }) => {
  const groups = await (await request.get('/api/special-deals/motus-subaru')).json();
  const posts = await (await request.get('/api/blog')).json();
  for (const path of [
    `/special-offers/${groups['hydra:member'][0].specials[0].slug}`,
    `/blog/${posts['hydra:member'][0].slug}`,
  ]) {
    expect(await problemsIn(await (await request.get(path)).text()), path).toEqual([]);
  }
});
