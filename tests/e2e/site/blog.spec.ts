/** Blog list pagination (6 a page, ceil, only above 6 posts) and the post's meta tags. */
import { expect, test } from '@playwright/test';
import { api, siteData } from './helpers.ts';

test('the blog paginates 6 a page and every post is reachable', async ({ page, request }) => {
  const { blogTotal } = await siteData(request);
  const pages = Math.ceil(blogTotal / 6);
  await page.goto('/blog');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(Math.min(6, blogTotal));
  const pager = page.getByRole('navigation', { name: 'Blog pages' });
  if (blogTotal <= 6) {
    await expect(pager).toHaveCount(0);
    return;
  }
  await expect(pager.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
  const seen = new Set<string>();
  for (let n = 1; n <= pages; n++) {
    if (n > 1) {
      await pager.getByRole('link', { name: `Page ${n}` }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/page/${n}/?$`));
    }
    for (const href of await cards
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      seen.add(String(href));
    }
  }
  expect(seen.size).toBe(blogTotal);
  await expect(cards).toHaveCount(blogTotal - (pages - 1) * 6);
  await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await expect(pager.getByRole('link', { name: 'Previous' })).toBeVisible();
});

test('blog cards show the date as DD.MM.YYYY', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('main').getByRole('article').first().locator('time')).toHaveText(
    /^\d{2}\.\d{2}\.\d{4}$/,
  );
});

test('a post sets title, description and keywords from the post and shows author and date', async ({
  page,
  request,
}) => {
  const { post } = await siteData(request);
  const full = await api<{
    title: string;
    meta_title: string;
    meta_description: string;
    description: string;
    keywords: string;
    author: string;
    publish_date: string;
  }>(request, `blog/${post.slug}`);
  await page.goto(`/blog/${post.slug}`);
  await expect(page).toHaveTitle(
    new RegExp(`^${(full.meta_title || full.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    full.meta_description || full.description,
  );
  if (full.keywords)
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', full.keywords);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.getByRole('heading', { level: 1, name: full.title })).toBeVisible();
  await expect(page.getByText(full.author)).toBeVisible();
  const [y, m, d] = full.publish_date.slice(0, 10).split('-');
  await expect(page.getByRole('article').locator('time')).toHaveText(`${d}.${m}.${y}`);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((t) => t.includes('"BlogPosting"'))).toBe(true);
  // The body is sanitised HTML: no scripts survive.
  await expect(page.getByRole('main').locator('.body script')).toHaveCount(0);
});
