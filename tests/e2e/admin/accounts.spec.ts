/**
 * Accounts that are hard to steal, as their people meet them (issue 25 §1, §5). The server runs with
 * STAFF_2FA=admins and no SMTP: the first admin is sent to set up two-factor sign-in right after the
 * password and can do nothing else until then, and cannot sign in again without the code (a wrong one is
 * refused, a recovery code works once). From the Staff screen the admin adds an editor and a dealer user,
 * whose invitation link is shown to pass on; each sets a password through it and lands in the admin with
 * their role's menu (at 1280 and 375 px). The editor sees their sessions, ends one from another browser,
 * and changes their password, which signs the other browser out.
 */
import type { ChildProcess } from 'node:child_process';
import { type Browser, type Page, test } from '@playwright/test';
import { TOTP } from 'otpauth';
import {
  ACCOUNTS_PORT,
  ADMIN,
  baseOf,
  slowExpect as expect,
  shoot,
  signIn,
  startAdminServer,
  stopServer,
} from './server.ts';

const BASE = baseOf(ACCOUNTS_PORT);
test.describe.configure({ mode: 'serial', timeout: 480_000 });
test.use({ baseURL: BASE });

let server: ChildProcess;
/** The admin's authenticator secret (typed from the set-up screen, as a person without a camera would). */
let secret = '';
let recoveryCodes: string[] = [];
const code = (offset = 0) =>
  new TOTP({ secret: secret.replace(/\s/g, '') }).generate({ timestamp: Date.now() + offset * 30_000 });

const EDITOR = {
  email: 'ayanda.editor@motus.example',
  name: 'Ayanda Editor',
  password: 'ayanda editor password',
};
const DEALER = {
  email: 'pieter.dealer@motus.example',
  name: 'Pieter Dealer',
  password: 'pieter dealer password',
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startAdminServer(ACCOUNTS_PORT, {
    STAFF_2FA: 'admins',
    RATE_LIMIT_SIGN_IN: '100/60s',
    SKIP_BUILD: '1',
  });
});
test.afterAll(async () => stopServer(server));

/** The password, then the code step: the app's code, or a recovery code. */
async function passwordStep(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}
async function adminSignIn(page: Page) {
  await passwordStep(page, ADMIN);
  await page.getByLabel('Code').fill(code());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
}
/** The menu, opened first on a phone (the sidebar is a drawer there). */
async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if ((page.viewportSize()?.width ?? 1280) < 600 && (await toggle.isVisible())) await toggle.click();
}

test('an admin who must use two-factor sign-in sets it up first, then cannot sign in without the code', async ({
  page,
}) => {
  await page.goto('/admin/');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Straight to set-up: no menu, and the API refuses the rest.
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Staff' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/staff')).status()).toBe(403);

  await page.getByLabel('Your password').fill('not the password at all');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('That password is wrong.');
  await page.getByLabel('Your password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await shoot(page, 'two-factor-setup');
  await page.getByLabel('Code from the app').fill(code(-30));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('That code is wrong');
  await page.getByLabel('Code from the app').fill(code());
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await shoot(page, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByRole('menuitem', { name: 'Staff' })).toBeVisible();
  await signOut(page);

  // The password alone no longer signs in: the code is asked, a wrong one refused, the right one works.
  await passwordStep(page, ADMIN);
  await shoot(page, 'two-factor-code-step');
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'That code is wrong. Enter the newest 6-digit code from your authenticator app.',
  );
  expect((await page.request.get('/api/admin/staff')).status()).toBe(401);
  await page.getByLabel('Code').fill(code());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('menuitem', { name: 'Staff' })).toBeVisible();
  await signOut(page);

  // A recovery code instead, once.
  await passwordStep(page, ADMIN);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('menuitem', { name: 'Staff' })).toBeVisible();
  await signOut(page);
  await passwordStep(page, ADMIN);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'That recovery code is wrong or has already been used. Each one works once.',
  );
  await page.getByRole('button', { name: 'Use a code from the app instead' }).click();
  await page.getByLabel('Code').fill(code());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('menuitem', { name: 'Staff' })).toBeVisible();

  // The audit log says so, in Johannesburg time, with address and browser.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  const row = page.getByRole('row').filter({ hasText: 'auth.recovery_code_used' }).first();
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(row).toContainText('127.0.0.1');
  await expect(row).toContainText(/Chrom/);
});

for (const [width, who, role] of [
  [1280, EDITOR, 'Editor'],
  [375, DEALER, 'Dealer'],
] as const)
  test(`an admin adds a${role === 'Editor' ? 'n editor' : ' dealer user'} from the Staff screen, who signs in through the invitation link (${width} px)`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await adminSignIn(page);
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Staff' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
    await page.getByRole('textbox', { name: 'Name' }).fill(who.name);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: new RegExp(`^${role}`) }).click();
    if (role === 'Dealer') {
      await page.getByLabel('Dealerships').fill('West Rand');
      await page.getByRole('option', { name: /West Rand/ }).click();
    }
    if (width === 1280) await shoot(page, 'staff-create');
    await page.getByRole('button', { name: 'Save' }).click();
    // No e-mail on this server: the link is shown, to pass on.
    const link = page.getByLabel('The invitation');
    await expect(link).toContainText('/admin/#/reset-password?token=');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    if (width === 1280) await shoot(page, 'staff-invited');
    const url = (await link.textContent()) ?? '';
    expect(url.startsWith(`http://localhost:${ACCOUNTS_PORT}/admin/`)).toBe(true);

    const invitee = await newPage(browser, width);
    await invitee.goto(url);
    await expect(invitee.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await invitee.getByLabel('New password').fill(who.password);
    await invitee.getByLabel('Repeat the password').fill(who.password);
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await expect(invitee.getByRole('status')).toHaveText('Your password is set. Sign in with it now.');
    await invitee.getByRole('link', { name: 'Back to sign-in' }).click();
    await signIn(invitee, who);
    await openMenu(invitee);
    if (role === 'Editor') {
      await expect(invitee.getByRole('menuitem', { name: 'Specials' })).toBeVisible();
      await expect(invitee.getByRole('menuitem', { name: 'Builds' })).toBeVisible();
    } else {
      await expect(invitee.getByRole('menuitem', { name: 'Used stock' })).toBeVisible();
      await expect(invitee.getByRole('menuitem', { name: 'Specials' })).toHaveCount(0);
    }
    await expect(invitee.getByRole('menuitem', { name: 'Staff' })).toHaveCount(0);
    await expect(invitee.getByRole('menuitem', { name: 'Your account' })).toBeVisible();
    await invitee.context().close();
  });

async function newPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width, height: 900 } });
  return context.newPage();
}

test('the editor sees where they are signed in and signs another browser out', async ({ page, browser }) => {
  const other = await newPage(browser);
  await signIn(other, EDITOR);
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Your account' }).click();
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(3); // the invitation test's sign-in too
  await expect(sessions.getByRole('listitem', { name: /\(this device\)$/ })).toHaveCount(1);
  await expect(sessions).toContainText(/Chrome \d+ on \w+/);
  await shoot(page, 'account-sessions');
  await sessions.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await page.getByRole('button', { name: 'Sign them out' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  // The other browser's next step finds itself signed out.
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await other.context().close();
});

test('the editor changes their password, which signs their other browser out', async ({ page, browser }) => {
  const other = await newPage(browser);
  await signIn(other, EDITOR);
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Your account' }).click();
  await page.getByLabel('Current password').fill('not my current password');
  await page.getByLabel(/^New password/).fill('ayanda has a new password');
  await page.getByLabel('Repeat the new password').fill('ayanda has a new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is wrong')).toBeVisible();
  await page.getByLabel('Current password').fill(EDITOR.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/^Password changed/)).toBeVisible();
  await shoot(page, 'account-password');
  // Still signed in here; the other browser is not.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await signIn(other, { email: EDITOR.email, password: 'ayanda has a new password' });
  await other.context().close();
});
