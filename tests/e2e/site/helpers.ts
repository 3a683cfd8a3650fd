/** Shared helpers for the website's browser tests: API look-ups for concrete URLs, and the page frame. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';

interface Member<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/${path}`);
  expect(res.ok(), `GET /api/${path}`).toBeTruthy();
  return (await res.json()) as T;
}

export interface SiteData {
  dealers: {
    slug: string;
    siteName: string;
    dealerName: string;
    dealer_contact_no: string;
    street: string;
  }[];
  model: { make_slug: string; model_slug: string; make: string; model: string };
  variant: {
    make_slug: string;
    model_slug: string;
    variant_slug: string;
    variant: string;
    model: string;
    make: string;
  };
  special: { slug: string; title: string };
  post: { slug: string; title: string };
  blogTotal: number;
}

let cached: SiteData | undefined;

/** Concrete records to visit: the first dealer, model, variant, group special and blog post. */
export async function siteData(request: APIRequestContext): Promise<SiteData> {
  if (cached) return cached;
  const [dealers, ranges, variants, specials, blog] = await Promise.all([
    api<Member<SiteData['dealers'][number]>>(request, 'dealers'),
    api<Member<SiteData['model']>>(request, 'ranges'),
    api<Member<SiteData['variant']>>(request, 'renault_ranges'),
    api<Member<{ specials: SiteData['special'][] }>>(request, 'special-deals/all'),
    api<Member<SiteData['post']>>(request, 'blog'),
  ]);
  const model = ranges['hydra:member'][0];
  const variant = variants['hydra:member'].find((v) => v.model_slug === model?.model_slug);
  const special = specials['hydra:member'][0]?.specials[0];
  const post = blog['hydra:member'][0];
  if (!model || !variant || !special || !post) throw new Error('demo data is missing records the tests need');
  cached = {
    dealers: dealers['hydra:member'],
    model,
    variant,
    special,
    post,
    blogTotal: blog['hydra:totalItems'],
  };
  return cached;
}

/** The header shows this dealer's phone number. */
export async function expectHeaderDealer(page: Page, phone: string) {
  await expect(
    page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(phone.replace(/\s/g, '\\s*')) })
      .first(),
  ).toBeVisible();
}

const variantPath = (d: SiteData) =>
  `/showroom/${d.variant.make_slug}/${d.variant.model_slug}/${d.variant.variant_slug}`;

/** One address per page template (and a dealer twin), named, for checks that must hold on every template. */
const TEMPLATES: Record<string, (d: SiteData) => string> = {
  home: () => '/',
  new: () => '/new',
  showroom: () => '/showroom',
  make: (d) => `/showroom/${d.model.make_slug}`,
  model: (d) => `/showroom/${d.model.make_slug}/${d.model.model_slug}`,
  variant: variantPath,
  'variant enquiry': (d) => `${variantPath(d)}/enquire`,
  'test drive': (d) => `/test-drive/${d.model.make_slug}/${d.model.model_slug}`,
  specials: () => '/special-offers',
  special: (d) => `/special-offers/${d.special.slug}`,
  blog: () => '/blog',
  'blog page 2': () => '/blog/page/2',
  'blog post': (d) => `/blog/${d.post.slug}`,
  'about us': () => '/about-us',
  'privacy policy': () => '/privacy-policy',
  'avoid fraud': () => '/avoid-fraud',
  contact: () => '/contact-us',
  parts: () => '/parts',
  service: () => '/book-a-service',
  valuation: () => '/sell-your-car',
  finance: () => '/finance',
  'thank you': () => '/parts/thank-you',
  'not found': () => '/no-such-page',
  'dealer home': (d) => `/dealer/${d.dealers.at(-1)?.siteName}`,
};

export const templateNames = Object.keys(TEMPLATES);

export async function templatePath(request: APIRequestContext, name: string): Promise<string> {
  const path = TEMPLATES[name];
  if (!path) throw new Error(`no page template named ${name}`);
  return path(await siteData(request));
}

export const pageTemplates = async (request: APIRequestContext) => {
  const d = await siteData(request);
  return Object.values(TEMPLATES).map((path) => path(d));
};
