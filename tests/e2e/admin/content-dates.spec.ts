/**
 * Issue 25 §4 and §7 in Chromium, at 1280 and 375 px, on a server with no SMTP_URL and no CRM webhook (as
 * the admin e2e servers run): an admin's home shows lead delivery health and the leads screen says plainly
 * that e-mail is not set up; an editor schedules a blog post for a later day, sees "Scheduled from …" in the
 * list, and the public API leaves the post out.
 */
import type { ChildProcess } from 'node:child_process';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { dayAfter, formatDay, todayIn } from '../../../src/domain/content-window.ts';
import { enquiry } from '../../api/lead-fixtures.ts';
import { ADMIN, adminWithStaff, baseOf, DATES_PORT, signIn, startAdminServer, stopServer } from './server.ts';

const BASE = baseOf(DATES_PORT);
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: BASE });

const EDITOR = {
  email: 'nomsa.editor@motus.example',
  password: 'editor password 0123',
  name: 'Nomsa Editor',
};
let server: ChildProcess;
let admin: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startAdminServer(DATES_PORT, { SKIP_BUILD: '1', RATE_LIMIT_SIGN_IN: '100/60s' });
  admin = await adminWithStaff(BASE, [{ ...EDITOR, role: 'editor' }]);
  const visitor = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const res = await visitor.post('/api/customer_enquiries', {
    data: enquiry({ dealer_slug: 'motus-subaru-west-rand', first_name: 'Karabo', last_name: 'Molefe' }),
    headers: { 'Content-Type': 'application/ld+json' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await visitor.dispose();
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

async function atWidths(page: Page, check: (width: number) => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await check(width);
  }
}

test('an admin’s home shows lead delivery health, and the leads screen says e-mail is not set up', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await atWidths(page, async () => {
    await page.goto('/admin/#/');
    await expect(page.getByRole('heading', { name: 'Lead delivery' })).toBeVisible();
    const email = page.getByTestId('health-email');
    await expect(email).toContainText('E-mail is not set up: these leads have not been sent.');
    await expect(email).toContainText('SMTP_URL is not configured');
    // The enquiry sent above waits: its arrival is the oldest undelivered lead.
    await expect(email).toContainText(/Oldest undelivered lead\s*\d\d\.\d\d\.\d{4} \d\d:\d\d \(1 waiting\)/);
    await expect(email).toContainText(/Dead letters\s*None/);
    await expect(email).toContainText(/Last delivered\s*Never/);
    await expect(page.getByTestId('health-webhook')).toContainText('The CRM webhook is not set up');

    await page.goto('/admin/#/leads');
    await expect(page.getByTestId('email-not-set-up')).toContainText(
      'E-mail is not set up: these leads have not been sent.',
    );
    await expect(page.getByText('Karabo Molefe').first()).toBeVisible();
    await expect(page.getByText(/pending/)).toHaveCount(0);
  });
  // The lead itself says why it was not sent, not "pending, 0 attempts".
  await page.getByText('Karabo Molefe').first().click();
  const delivery = page.getByText('not sent: e-mail is not set up');
  await expect(delivery.first()).toBeVisible();
  await expect(page.getByText(/0 attempts/)).toHaveCount(0);
});

test('an editor schedules a blog post for a later day and sees it as Scheduled; the public API leaves it out', async ({
  page,
}) => {
  // 30 days after today on the group's clock.
  let day = todayIn(new Date());
  for (let i = 0; i < 30; i++) day = dayAfter(day);
  const posts = (
    await (await admin.get('/api/editor/blog_posts?order[publish_date]=desc&itemsPerPage=1')).json()
  )['hydra:member'] as {
    id: number;
    slug: string;
    title: string;
  }[];
  const post = posts[0];
  if (!post) throw new Error('the seed has no blog posts');
  const { slug, title } = post;
  expect((await admin.get(`/api/blog/${slug}`)).status()).toBe(200);
  await signIn(page, EDITOR);
  await page.goto('/admin/#/blog_posts');
  const row = page.locator('tbody tr').filter({ hasText: title });
  // The first list after sign-in loads the admin's lists bundle: on a loaded machine that takes a while.
  await expect(row.getByTestId('content-status')).toHaveText('Live', { timeout: 30_000 });
  await page.goto(`/admin/#/blog_posts/${post.id}`);
  await expect(page.getByLabel(/^Web address/)).toHaveValue(slug);
  await page.getByLabel('Publish from').fill(day);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/updated|saved/i).first()).toBeVisible();

  await atWidths(page, async () => {
    await page.goto('/admin/#/blog_posts');
    await expect(row.getByTestId('content-status')).toHaveText(`Scheduled from ${formatDay(day)}`, {
      timeout: 30_000,
    });
  });
  expect((await admin.get(`/api/blog/${slug}`)).status()).toBe(404);
  const list = (await (await admin.get('/api/blog')).json()) as { 'hydra:member': { slug: string }[] };
  expect(list['hydra:member'].map((p) => p.slug)).not.toContain(slug);
});
