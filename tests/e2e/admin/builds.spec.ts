/**
 * The builds screen and the forgotten-password flow end to end (issue 10 §1, §5), on a server of this
 * file's own (BUILDS_PORT) with a capturing SMTP server: a special's price changes → the change shows as
 * pending → a preview build runs with live progress → its changes against live list /special-offers/ →
 * publishing makes it live and clears pending. Then a staff member who forgot their password asks for a
 * reset, follows the e-mailed link, sets a new password and signs in with it. Screenshots at 375, 1024
 * and 1280 px go to test-results/. Rolling the live site back shows what goes back first (the special
 * changed since that build) and, confirmed, restores it too, so the data and the site agree again.
 */
import type { ChildProcess } from 'node:child_process';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { startSmtp } from '../../api/lead-receivers.ts';
import {
  ADMIN,
  BUILDS_PORT,
  baseOf,
  shoot,
  signIn,
  startAdminServer,
  stopServer,
  waitFor,
} from './server.ts';

const BASE = baseOf(BUILDS_PORT);
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: BASE });

const EDITOR = {
  email: 'lindiwe.editor@motus.example',
  password: 'editor password 4567',
  name: 'Lindiwe Editor',
};
let server: ChildProcess;
let admin: APIRequestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** The special the first test changes and publishes; the roll back puts it back. */
let special: { id: number; slug: string; title: string; price: number | null } | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  smtp = await startSmtp();
  server = await startAdminServer(BUILDS_PORT, { SMTP_URL: smtp.url });
  admin = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const signedIn = await admin.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const added = await admin.post('/api/admin/staff', { data: { ...EDITOR, role: 'editor' } });
  expect(added.status(), await added.text()).toBe(201);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
  await smtp?.close();
});

async function signInToBuilds(page: Page, email: string, password: string) {
  await signIn(page, { email, password });
  await expect(page.getByRole('menuitem', { name: 'Builds' })).toBeVisible();
}

test('a changed special is pending, a preview build lists /special-offers/ as changed against live, and publishing clears pending', async ({
  page,
}) => {
  const specials = (await (await admin.get('/api/editor/specials')).json())['hydra:member'] as NonNullable<
    typeof special
  >[];
  special = specials.find((s) => s.price !== null);
  if (!special) throw new Error('the seed has no priced special');
  const changed = await admin.patch(`/api/editor/specials/${special.id}`, {
    data: { price: (special.price ?? 0) + 4_500 },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await signInToBuilds(page, EDITOR.email, EDITOR.password);
  await page.getByRole('menuitem', { name: 'Builds' }).click();
  const pending = page.getByRole('status', { name: 'Pending changes' });
  await expect(pending.getByText('1 change not yet live')).toBeVisible();
  await expect(pending.getByText(`Specials #${special.id} changed`)).toBeVisible();
  await expect(pending.getByText(/Not in any build yet/)).toBeVisible();
  // The build the server made at start names its starter and counts its pages.
  const live = page.locator('tr[data-status="published"]').first();
  await expect(live.getByText('server start')).toBeVisible();
  expect(Number(await live.locator('td').nth(5).textContent())).toBeGreaterThan(10);

  await page.getByRole('button', { name: 'Build preview' }).click();
  // Live progress without a reload: a progress bar while it runs, then the row turns into a preview.
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await shoot(page, 'builds-running');
  const ready = page.locator('tr[data-status="succeeded"]').first();
  await expect(ready).toBeVisible({ timeout: 240_000 });
  await expect(ready.getByText(EDITOR.name)).toBeVisible();
  await expect(pending.getByText(/waiting to be published/)).toBeVisible();
  await shoot(page, 'builds');

  await ready.getByRole('button', { name: 'Changes' }).click();
  const changes = page.getByRole('region', { name: 'Changes against live' });
  const changedPages = changes.getByRole('list', { name: 'Changed pages' });
  await expect(changedPages.getByText('/special-offers/', { exact: true })).toBeVisible();
  await expect(changedPages.getByText(`/special-offers/${special.slug}/`, { exact: true })).toBeVisible();
  // An unrelated page is not listed as changed.
  await expect(changedPages.getByText('/finance/', { exact: true })).toHaveCount(0);
  await changedPages.getByText(`/special-offers/${special.slug}/`, { exact: true }).click();
  const frame = page.frameLocator('iframe[title="Build preview"]');
  await expect(frame.locator('h1').first()).toBeVisible();
  expect(await page.locator('iframe[title="Build preview"]').getAttribute('src')).toContain(
    `/special-offers/${special.slug}/`,
  );
  await shoot(page, 'build-changes');

  const buildId = await ready.getAttribute('data-build');
  await page.getByRole('button', { name: 'Publish this build' }).click();
  // Publishing asks first, naming what changes (screens.spec.ts: Cancel publishes nothing).
  await page
    .getByRole('dialog', { name: /to the live site\?$/ })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.locator(`tr[data-build="${buildId}"]`).getByText('live')).toBeVisible();
  await expect(pending).toHaveCount(0);
});

test('rolling back the live site names the build it goes back to, lists the special changed since, and restores it with the site', async ({
  page,
}) => {
  if (!special) throw new Error('the first test did not run');
  const original = special.price;
  await signInToBuilds(page, EDITOR.email, EDITOR.password);
  await page.getByRole('menuitem', { name: 'Builds' }).click();
  // The build the server made at start is the one before the live one: the roll back serves it again.
  const started = page.locator('tr[data-build]').filter({ hasText: 'server start' }).first();
  const startBuild = await started.getAttribute('data-build');
  await page.getByRole('button', { name: 'Roll back live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back the live site?' });
  await expect(dialog).toContainText('The site goes back to the build published');
  const items = dialog.getByRole('list', { name: 'Items changed since that build' });
  await expect(items.getByRole('listitem').filter({ hasText: special.title })).toContainText(
    'Special · changed since',
  );
  const alsoRestore = dialog.getByRole('checkbox', { name: /^Also restore the 1 item changed since/ });
  await expect(alsoRestore).toBeChecked();
  await shoot(page, 'builds-rollback');
  await dialog.getByRole('button', { name: 'Roll back and restore' }).click();
  await expect(page.getByText('Rolled back, and 1 item put back as in that build')).toBeVisible();
  await expect(page.locator(`tr[data-build="${startBuild}"]`).getByText('live')).toBeVisible();
  const now = await (await admin.get(`/api/editor/specials/${special.id}`)).json();
  expect(now.price).toBe(original);
});

test('a staff member who forgot their password gets a reset e-mail, sets a new password from its link and signs in; an unknown address gets the same answer', async ({
  page,
}) => {
  await page.goto('/admin/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await shoot(page, 'forgot-password');
  await page.getByLabel('E-mail').fill('nobody.here@motus.example');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page.getByRole('status');
  await expect(answer).toContainText('If that address belongs to a staff account');
  const unknownAnswer = await answer.textContent();

  // A fresh form (the page now shows only the answer): the same address bar, loaded again.
  await page.reload();
  await page.getByLabel('E-mail').fill(EDITOR.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(unknownAnswer ?? '');
  const mail = await waitFor(
    'the reset e-mail',
    async () => smtp.messages.find((m) => m.to.includes(EDITOR.email)),
    20_000,
  );
  expect(smtp.messages.some((m) => m.to.includes('nobody.here@motus.example'))).toBe(false);
  const flat = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/\S+\/admin\/#\/reset-password\?token=[A-Za-z0-9_-]+/.exec(flat)?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link as string);

  await page.goto(`${path.pathname}${path.hash}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Repeat the password').fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('at least 12 characters');
  await shoot(page, 'reset-password');
  const fresh = 'a fresh and long password 2026';
  await page.getByLabel('New password').fill(fresh);
  await page.getByLabel('Repeat the password').fill(fresh);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await signInToBuilds(page, EDITOR.email, fresh);
});
