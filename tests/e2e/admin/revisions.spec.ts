/**
 * Revisions and undo as their users meet them (docs/decisions/205-revisions.md), on a server of this file's
 * own that rebuilds and publishes a few seconds after each change: an editor changes a special's price
 * twice, sees both in its History, restores the first, and after the rebuild the public API and the page
 * show that price; an editor deletes a blog post and restores it from Recently deleted; a dealer user
 * restores a used car's price; an editor undoes an applied CSV import. Screenshots at 1280, 1024 and 375 px.
 */
import type { ChildProcess } from 'node:child_process';
import { type APIRequestContext, type Page, test } from '@playwright/test';
import {
  adminWithStaff,
  baseOf,
  slowExpect as expect,
  REVISIONS_PORT,
  shoot,
  signIn,
  startAdminServer,
  stopServer,
  waitFor,
} from './server.ts';

const BASE = baseOf(REVISIONS_PORT);
test.describe.configure({ mode: 'serial', timeout: 600_000 });
test.use({ baseURL: BASE });

const WEST_RAND = 'motus-subaru-west-rand';
const EDITOR = {
  email: 'thandi.editor@motus.example',
  password: 'editor password 9876',
  name: 'Thandi Editor',
};
const DEALER = {
  email: 'sipho.dealer@motus.example',
  password: 'dealer password 5432',
  name: 'Sipho Dealer',
};
type Special = { id: number; slug: string; title: string; price: number | null; dealer_slug: string | null };
let server: ChildProcess;
let admin: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startAdminServer(REVISIONS_PORT, {
    REBUILD_DEBOUNCE_MS: '1500',
    RATE_LIMIT_SIGN_IN: '100/60s',
  });
  admin = await adminWithStaff(BASE, [
    { ...EDITOR, role: 'editor' },
    { ...DEALER, role: 'dealer', dealers: [WEST_RAND] },
  ]);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

const SIGN_IN_MS = 30_000;
const history = (page: Page) => page.getByRole('region', { name: 'History' });

/** Opens an item's edit screen and sets its price field, then saves (the edit goes back to the list). */
async function setPrice(page: Page, path: string, label: string, from: number | null, to: number) {
  await page.goto(`/admin/#/${path}`);
  const price = page.getByLabel(label);
  await expect(price).toHaveValue(String(from ?? ''));
  await price.fill(String(to));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).not.toHaveURL(new RegExp(`#/${path}$`));
}

/**
 * Resolves once the live build started after `since`, so it holds what was changed by then. A change made
 * while a build waits in the queue joins that build, whose queued_at is older: its start is what counts.
 */
async function publishedAfter(since: string) {
  return waitFor(
    'the rebuild to be published',
    async () => {
      const builds = (await (await admin.get('/api/builds')).json())['hydra:member'] as {
        started_at: string | null;
        current: boolean;
      }[];
      return builds.find((b) => b.current && (b.started_at ?? '') > since) ? true : undefined;
    },
    480_000,
  );
}

test('two price changes show in the special’s history, and restoring the first brings its price back on the public API after the rebuild', async ({
  page,
}) => {
  const specials = (await (await admin.get('/api/editor/specials')).json())['hydra:member'] as Special[];
  const special = specials.find((s) => s.price !== null) as Special;
  const [first, second] = [(special.price ?? 0) + 10_000, (special.price ?? 0) + 20_000];
  await signIn(page, EDITOR, SIGN_IN_MS);
  await setPrice(page, `specials/${special.id}`, 'Price (R)', special.price, first);
  await setPrice(page, `specials/${special.id}`, 'Price (R)', first, second);

  await page.goto(`/admin/#/specials/${special.id}`);
  const panel = history(page);
  const entries = panel.locator('[data-revision]');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Changed (current)');
  await expect(entries.first()).toContainText(EDITOR.email);
  await expect(entries.first()).toContainText('in the admin');
  await expect(entries.first()).toContainText(/\d\d\.\d\d\.\d{4} \d\d:\d\d/);
  await expect(entries.first()).toContainText(
    `Price: ${first.toLocaleString('en-ZA')} → ${second.toLocaleString('en-ZA')}`,
  );
  await shoot(page, 'revisions-history');

  await entries.nth(1).getByRole('button', { name: 'Restore this version' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    `Price: ${second.toLocaleString('en-ZA')} → ${first.toLocaleString('en-ZA')}`,
  );
  await shoot(page, 'revisions-restore-confirm');
  const restoredAt = new Date().toISOString();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  // The form and its history reload after the restore, while the restore's rebuild is queued.
  await expect(entries.first()).toContainText('Restored (current)', { timeout: 30_000 });
  await expect(page.getByLabel('Price (R)')).toHaveValue(String(first));

  await publishedAfter(restoredAt);
  const deals = await (await admin.get(`/api/special-deals/${special.dealer_slug ?? WEST_RAND}`)).text();
  const found = JSON.stringify(JSON.parse(deals)).match(
    new RegExp(`\\{[^{}]*"slug":"${special.slug}"[^{}]*\\}`),
  );
  expect(found?.[0]).toContain(`"price":${first}`);
});

test('a deleted blog post is restored from Recently deleted', async ({ page }) => {
  const posts = (await (await admin.get('/api/editor/blog_posts')).json())['hydra:member'] as {
    id: number;
    title: string;
  }[];
  const post = posts.at(-1) as { id: number; title: string };
  await signIn(page, EDITOR, SIGN_IN_MS);
  await page.goto(`/admin/#/blog_posts/${post.id}`);
  await expect(page.getByLabel(/^Title/)).toHaveValue(post.title);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(async () => (await admin.get(`/api/editor/blog_posts/${post.id}`)).status()).toBe(404);

  await page.getByRole('menuitem', { name: 'Recently deleted' }).click();
  const deleted = page.getByRole('list', { name: 'Deleted items' });
  const item = deleted.getByRole('listitem').filter({ hasText: post.title });
  await expect(item).toContainText(`Blog post · deleted`);
  await expect(item).toContainText(EDITOR.email);
  await shoot(page, 'revisions-deleted');
  await item.getByRole('button', { name: `Restore ${post.title}` }).click();
  await expect(page.getByRole('dialog')).toContainText('comes back as it was when it was deleted');
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(item).toHaveCount(0);
  expect((await admin.get(`/api/editor/blog_posts/${post.id}`)).status()).toBe(200);
});

test('a dealer user restores a used car’s price', async ({ page }) => {
  const cars = (
    await (await admin.get(`/api/editor/vehicles?dealer_slug=${WEST_RAND}&itemsPerPage=1`)).json()
  )['hydra:member'] as { id: number; price: number }[];
  const car = cars[0] as { id: number; price: number };
  await signIn(page, DEALER, SIGN_IN_MS);
  await setPrice(page, `vehicles/${car.id}`, 'Price (R)', car.price, car.price - 15_000);
  await page.goto(`/admin/#/vehicles/${car.id}`);
  const entries = history(page).locator('[data-revision]');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(DEALER.email);
  await entries.first().getByRole('button', { name: 'Restore the version before this change' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    `Price: ${(car.price - 15_000).toLocaleString('en-ZA')} → ${car.price.toLocaleString('en-ZA')}`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Price (R)')).toHaveValue(String(car.price));
  await expect(entries.first()).toContainText('Restored (current)');
  await shoot(page, 'revisions-dealer-car');
});

test('an editor undoes an applied CSV import', async ({ page }) => {
  await signIn(page, EDITOR, SIGN_IN_MS);
  await page.getByRole('menuitem', { name: 'Stock import' }).click();
  const csv = [
    'Stock No,Make,Model,Variant,Year,Mileage,Price,Colour,Fuel,Transmission,Body,Dealership',
    `E2E-UNDO-1,Subaru,XV,2.0i,2021,45000,389900,Blue,Petrol,Automatic,suv,${WEST_RAND}`,
    `E2E-UNDO-2,Subaru,Forester,2.5i,2020,61000,419900,White,Petrol,Automatic,suv,${WEST_RAND}`,
  ].join('\n');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const plan = page.getByTestId('import-plan');
  await expect(plan).toContainText('Dry run of an update: 2 rows');
  await page.getByRole('button', { name: 'Apply 2 changes' }).click();
  await expect(plan).toContainText('Applied an update: 2 rows');
  const imports = page.getByRole('region', { name: 'Recent imports' });
  await expect(imports.getByRole('listitem').first()).toContainText('2 cars added');
  expect((await (await admin.get('/api/editor/vehicles?q=E2E-UNDO')).json())['hydra:totalItems']).toBe(2);
  await shoot(page, 'revisions-imports');

  await imports.getByRole('button', { name: 'Undo this import' }).first().click();
  await expect(page.getByRole('dialog')).toContainText('2 cars it added will be removed');
  await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
  await expect(imports.getByRole('listitem').first()).toContainText('undone');
  expect((await (await admin.get('/api/editor/vehicles?q=E2E-UNDO')).json())['hydra:totalItems']).toBe(0);
});
