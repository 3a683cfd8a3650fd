/**
 * One page of each template of the public site, for the measurements that hold for every template
 * (decision 195): `npm run audit` and `scripts/bench/page-bytes.ts`. `{post}` and `{special}` stand for
 * the newest blog post's and the first special's slug, which `templatePages` asks the running site for;
 * `{car-test-drive}` for the used-car test drive as a car's page links to it, with the car in its query
 * (without a car the page only says to choose one: nobody lands there from the site).
 */
import { SHOWCASE } from '../../src/demo/fixtures.ts';

export const TEMPLATES = [
  '/',
  '/dealer/west-rand',
  '/new',
  '/showroom',
  '/showroom/subaru/forester',
  '/showroom/subaru/forester/2-5i',
  '/showroom/subaru/forester/2-5i/enquire',
  '/test-drive/subaru/forester',
  '/special-offers',
  '/special-offers/{special}',
  '/pre-owned',
  `${SHOWCASE.path}`,
  `${SHOWCASE.path}/enquire`,
  '/pre-owned/saved',
  '/pre-owned/compare',
  '{car-test-drive}',
  '/finance',
  '/sell-your-car',
  '/book-a-service',
  '/parts',
  '/contact-us',
  '/contact-us/thank-you',
  '/blog',
  '/blog/{post}',
  '/about-us',
  '/avoid-fraud',
  '/privacy-policy',
];

/** The pages (a subset, or every template) with their slugs filled in from the site at `base`. */
export async function templatePages(base: string, pages: string[] = TEMPLATES): Promise<string[]> {
  const latest = await fetch(`${base}/api/blog`).then(
    (r) => r.json() as Promise<{ 'hydra:member': { slug: string }[] }>,
  );
  const specials = await fetch(`${base}/api/special-deals/all`).then(
    (r) => r.json() as Promise<{ 'hydra:member': { specials: { slug: string }[] }[] }>,
  );
  const testDrive = pages.includes('{car-test-drive}') ? await carTestDrive(base) : '';
  return pages.map((p) =>
    p
      .replace('{post}', latest['hydra:member'][0]?.slug ?? '')
      .replace('{special}', specials['hydra:member'][0]?.specials[0]?.slug ?? '')
      .replace('{car-test-drive}', testDrive),
  );
}

/** The used-car test drive as the showcase car's page links to it (its own href, with the car's query). */
async function carTestDrive(base: string): Promise<string> {
  const carPage = await fetch(`${base}${SHOWCASE.path}`).then((r) => r.text());
  const link = /href="(\/pre-owned\/test-drive\?[^"]+)"/.exec(carPage)?.[1]?.replaceAll('&amp;', '&');
  if (!link) throw new Error(`No test-drive link on ${SHOWCASE.path}.`);
  return link;
}
