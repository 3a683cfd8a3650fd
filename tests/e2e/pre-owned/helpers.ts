/** Helpers for the pre-owned browser tests: the listing as a page object, and API look-ups to compare with. */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const GROUP = 'motus-subaru';
export { SHOWCASE } from '../../../src/demo/fixtures.ts';

interface Collection {
  'hydra:member': {
    id: number;
    price: number;
    mileage: { value: number };
    make: string;
    model: string;
    year: number;
    uri: string;
  }[];
  'hydra:totalItems': number;
}

/** The API's answer for a listing query (e.g. 'fuelType[]=Diesel&order[price]=asc'). */
export async function stock(request: APIRequestContext, query = '', scope = GROUP): Promise<Collection> {
  const res = await request.get(`/api/${scope}/vehicles${query ? `?${query}` : ''}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Collection;
}

/** Text of the count line, singular or plural. */
export const found = (n: number) => new RegExp(`^Found ${n} Used Cars?$`);

/** Money as the page shows it, compared without its (locale-dependent) spaces. */
export const money = (n: number, cents = true) =>
  new Intl.NumberFormat('en-ZA', {
    style: 'currency',
    currency: 'ZAR',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  })
    .format(n)
    .replace(/\s/g, '');
export const squash = (s: string | null) => (s ?? '').replace(/\s/g, '');

export class Listing {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async open(path: string) {
    await this.page.goto(path);
    await this.hydrated();
  }

  /**
   * The island has hydrated: Astro drops the `ssr` attribute once it has asked React to, and React has
   * committed once the main thread is idle again. Clicks now reach React.
   */
  async hydrated() {
    await expect(this.page.locator('astro-island[ssr]')).toHaveCount(0);
    await this.page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5000 })));
  }

  get count(): Locator {
    return this.page.getByRole('status').filter({ hasText: /Found|Loading/ });
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** The filters sidebar (desktop) or drawer (phone). */
  filters(inDrawer = false): Locator {
    return inDrawer
      ? this.page.getByRole('dialog', { name: 'Filters' })
      : this.page.getByRole('complementary', { name: 'Filters' });
  }
  checkbox(group: string, name: string, inDrawer = false): Locator {
    return this.filters(inDrawer)
      .getByRole('group', { name: group })
      .getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
  }
  get sort(): Locator {
    return this.page.getByRole('combobox', { name: 'Sort by' });
  }
  get cards(): Locator {
    return this.page.getByRole('main').getByRole('article');
  }
  cardTitles(): Locator {
    return this.cards.getByRole('heading', { level: 2 });
  }
  async expectCount(n: number) {
    await expect(this.count).toHaveText(found(n));
  }
  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }
  path(): string {
    return new URL(this.page.url()).pathname;
  }
}
