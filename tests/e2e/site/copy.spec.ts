/**
 * Copy errors from issue #11 stay fixed on the built pages: a gearbox named twice ("6-speed 6-speed
 * manual", "1-speed Single-speed reduction gear") and words run together around a link ("privacy
 * policydescribes"). Reads the built HTML's text (tags removed, so a missing space beside a link shows).
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { api } from './helpers.ts';

/** The text of a page's <main>, tags dropped and whitespace collapsed, as a reader sees the words. */
async function mainText(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.ok(), path).toBe(true);
  const html = await res.text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;|\s+/g, ' ');
}

interface Variant {
  make_slug: string;
  model_slug: string;
  variant_slug: string;
  transmission_type: string;
}

const DOUBLED = [/(\d+-speed) \1/i, /\d+-speed (single|\d+)-speed/i, /-speed \S+-speed/i];

test('gearboxes are named once on the model and variant pages', async ({ request }) => {
  const variants = (await api<{ 'hydra:member': Variant[] }>(request, 'renault_ranges'))['hydra:member'];
  // Every variant whose gearbox type names its own speeds, and one CVT for contrast.
  const named = variants.filter((v) => /speed/i.test(v.transmission_type));
  expect(named.map((v) => v.transmission_type)).toEqual(
    expect.arrayContaining(['6-speed manual', 'Single-speed reduction gear']),
  );
  const pages = new Set<string>();
  for (const v of named) {
    pages.add(`/showroom/${v.make_slug}/${v.model_slug}`);
    pages.add(`/showroom/${v.make_slug}/${v.model_slug}/${v.variant_slug}`);
  }
  for (const path of pages) {
    const text = await mainText(request, path);
    for (const bad of DOUBLED) expect(text, path).not.toMatch(bad);
  }
  // The variant page's figure reads as the catalogue names it.
  const solterra = named.find((v) => v.transmission_type === 'Single-speed reduction gear') as Variant;
  expect(
    await mainText(
      request,
      `/showroom/${solterra.make_slug}/${solterra.model_slug}/${solterra.variant_slug}`,
    ),
  ).toContain('Single-speed reduction gear');
});

test('no words run together around links on the finance and form pages', async ({ request }) => {
  for (const path of ['/finance', '/contact-us', '/book-a-service', '/parts']) {
    const text = await mainText(request, path);
    expect(text, path).not.toMatch(/privacy policy[a-z]/i);
    if (path === '/finance') expect(text).toMatch(/privacy policy describes/);
  }
});
