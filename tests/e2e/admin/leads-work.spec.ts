/**
 * Working leads in the admin beyond New → Contacted (issue 13), in Chromium on a server of its own:
 * a dealer assigns a lead to a colleague, who finds it under "Assigned to me"; a dealer never gets the
 * reveal button, a finance user reveals one application and the reveal is in the audit log; an admin
 * retries a dead-lettered delivery; the filters, search and CSV export of the filtered list; and an admin's
 * POPIA export (JSON and CSV) and erasure, each one action, the erasure after a confirmation that says
 * what goes.
 */
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, type Page, request, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { dayIn } from '../../../src/domain/zoned-date.ts';
import { enquiry, finance } from '../../api/lead-fixtures.ts';
import {
  ADMIN,
  baseOf,
  dataOf,
  slowExpect as expect,
  LEADS_WORK_PORT,
  signIn,
  startAdminServer,
  stopServer,
} from './server.ts';

const BASE = baseOf(LEADS_WORK_PORT);

// 2 minutes a test on a loaded machine (no timing is asserted); the server's start has its own 5 minutes.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
// Staff read times and pick dates on the group's clock.
const ZONE = 'Africa/Johannesburg';
test.use({ baseURL: BASE, timezoneId: ZONE });

const WEST = 'motus-subaru-west-rand';
const PTA = 'motus-subaru-pretoria';
const PASSWORD = 'staff password 0123';
const DEALER = {
  email: 'lerato.dealer@motus.example',
  name: 'Lerato Dealer',
  role: 'dealer',
  dealers: [WEST],
};
const COLLEAGUE = {
  email: 'sam.colleague@motus.example',
  name: 'Sam Colleague',
  role: 'dealer',
  dealers: [WEST],
};
const OUTSIDER = {
  email: 'pieter.pta@motus.example',
  name: 'Pieter Pretoria',
  role: 'dealer',
  dealers: [PTA],
};
const FINANCE = {
  email: 'fatima.finance@motus.example',
  name: 'Fatima Finance',
  role: 'finance',
  dealers: [],
};

const ID_NUMBER = '8001015009087';
const westLead = enquiry({ dealer_slug: WEST, first_name: 'Westley', last_name: 'Mokoena' });
const ptaLead = enquiry({ dealer_slug: PTA, first_name: 'Pietie', last_name: 'Botha' });
const application = finance({ dealership: WEST, idNumber: ID_NUMBER });
const subjectEmail = 'naledi.subject@example.co.za';
const subjectLeads = [
  enquiry({ dealer_slug: WEST, first_name: 'Naledi', last_name: 'Subject', email: subjectEmail }),
  enquiry({
    dealer_slug: PTA,
    form_name: 'contact',
    first_name: 'Naledi',
    last_name: 'Subject',
    email: subjectEmail,
  }),
];

let server: ChildProcess;
let admin: APIRequestContext;
const ids: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // Seven staff sign-ins from one address in a few minutes: over the default 5 a minute, which the API
  // tests cover (staff-auth.test.ts); here it would only lock the next test out.
  server = await startAdminServer(LEADS_WORK_PORT, { RATE_LIMIT_SIGN_IN: '100/60s', SKIP_BUILD: '1' });
  admin = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const signedIn = await admin.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  for (const s of [DEALER, COLLEAGUE, OUTSIDER, FINANCE]) {
    const added = await admin.post('/api/admin/staff', { data: { ...s, password: PASSWORD } });
    expect(added.status(), await added.text()).toBe(201);
  }
  const send = async (path: string, body: Record<string, unknown>) => {
    const visitor = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
    const res = await visitor.post(path, { data: body, headers: { 'Content-Type': 'application/ld+json' } });
    expect(res.status(), await res.text()).toBe(201);
    const id = String((await res.json()).id);
    await visitor.dispose();
    return id;
  };
  ids.west = await send('/api/customer_enquiries', westLead);
  ids.pta = await send('/api/customer_enquiries', ptaLead);
  ids.finance = await send('/api/finance_applications', application);
  for (const [i, body] of subjectLeads.entries())
    ids[`subject${i}`] = await send('/api/customer_enquiries', body);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

const signInAs = (page: Page, email: string, password = PASSWORD) =>
  signIn(page, { email, password }, 30_000);

const openLead = async (page: Page, id: string, name: string) => {
  await page.goto(`/admin/#/leads/${id}/show`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

test('a dealer assigns a lead to a colleague, who finds it under "Assigned to me"', async ({
  page,
  browser,
}) => {
  await signInAs(page, DEALER.email);
  await openLead(page, ids.west as string, 'Westley Mokoena');
  // "As received" holds what the customer sent, not the record's delivery bookkeeping.
  await expect(page.getByRole('heading', { name: 'As received' })).toBeVisible();
  await expect(page.getByText('Queued')).toHaveCount(0);
  await expect(page.getByText('Sent from')).toContainText('/contact-us');

  await page.getByRole('combobox', { name: 'Assigned to' }).click();
  // Only staff of West Rand are offered, by name.
  await expect(page.getByRole('option')).toHaveText(['Nobody', 'Lerato Dealer', 'Sam Colleague']);
  await page.getByRole('option', { name: 'Sam Colleague' }).click();
  await expect(page.getByRole('alert')).toContainText('Assigned to Sam Colleague');
  await expect(page.getByRole('combobox', { name: 'Assigned to' })).toHaveText('Sam Colleague');
  // Assigning is not answering the customer: the response time still waits for a move or a note.
  await expect(page.getByText('Not yet answered')).toBeVisible();

  await page.goto('/admin/#/leads');
  const row = page.getByRole('row').filter({ hasText: 'Westley Mokoena' });
  await expect(row).toContainText('Sam Colleague');

  // The dealer has no reveal right: the finance details stay encrypted, with no button.
  await openLead(page, ids.finance as string, 'Sipho Dlamini');
  await expect(page.getByRole('heading', { name: 'As received' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reveal finance details' })).toHaveCount(0);
  await expect(page.getByText(ID_NUMBER)).toHaveCount(0);

  const colleague = await browser.newPage({ baseURL: BASE });
  await signInAs(colleague, COLLEAGUE.email);
  await colleague.goto('/admin/#/leads');
  await expect(colleague.getByRole('row').filter({ hasText: 'Sipho Dlamini' })).toBeVisible();
  await colleague.getByRole('combobox', { name: 'Assigned to' }).click();
  await colleague.getByRole('option', { name: 'Me' }).click();
  await expect(colleague.getByRole('row').filter({ hasText: 'Sipho Dlamini' })).toHaveCount(0);
  await expect(colleague.getByRole('row').filter({ hasText: 'Westley Mokoena' })).toBeVisible();
  await expect(colleague).toHaveURL(/assignee_id/);
  await colleague.close();
});

test('a finance user reveals one application, and the reveal is in the audit log', async ({ page }) => {
  await signInAs(page, FINANCE.email);
  await openLead(page, ids.finance as string, 'Sipho Dlamini');
  await expect(page.getByText(ID_NUMBER)).toHaveCount(0);
  await expect(page.getByText(/Encrypted: .*Each reveal is recorded in the audit log/)).toBeVisible();
  await page.getByRole('button', { name: 'Reveal finance details' }).click();
  await expect(page.getByText('Revealed (recorded in the audit log)')).toBeVisible();
  await expect(page.getByRole('cell', { name: ID_NUMBER })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'First National Bank' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('revealed.png'), fullPage: true });

  // The admin reads it in the audit log: who, what, which lead, and which fields (never their values).
  const adminPage = page;
  await adminPage.context().clearCookies();
  await signInAs(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/admin/#/audit_log');
  const entry = adminPage.getByRole('row').filter({ hasText: 'lead.reveal' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(FINANCE.email);
  await expect(entry).toContainText(ids.finance as string);
  await entry.click();
  await expect(adminPage.getByText('"idNumber"')).toBeVisible();
  await expect(adminPage.getByText(ID_NUMBER)).toHaveCount(0);
});

test('an admin retries a dead-lettered delivery now', async ({ page }) => {
  // The worker is off on this server; dead-letter the e-mail as it does when its retry window runs out.
  const db = new Database(join(dataOf(LEADS_WORK_PORT), 'site.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const r = db
      .prepare(
        "update lead_outbox set status = 'dead', attempts = 8, last_error = ? where lead_id = ? and channel = 'email'",
      )
      .run('SMTP 550: mailbox unavailable', ids.west);
    expect(r.changes).toBe(1);
  } finally {
    db.close();
  }
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/#/leads');
  await expect(page.getByRole('row').filter({ hasText: 'Westley Mokoena' })).toContainText('E-mail: dead');
  await openLead(page, ids.west as string, 'Westley Mokoena');
  const email = page.getByRole('row').filter({ hasText: 'E-mail' });
  await expect(email).toContainText('dead');
  await expect(email).toContainText('SMTP 550: mailbox unavailable');
  await expect(email.getByRole('cell').nth(2)).toHaveText('8');
  await email.getByRole('button', { name: 'Retry now' }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  // Queued again, but this server has no SMTP_URL: it says so instead of "pending" (issue 25 §4).
  await expect(email).toContainText('not sent: e-mail is not set up');
  await expect(email.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
  const audit = (await (await admin.get('/api/admin/audit_log?action=lead.retry')).json())['hydra:member'];
  expect(audit.map((a: { resource_id: string }) => a.resource_id)).toContain(ids.west);
});

test('the filters, search and CSV export of the filtered list work in the admin', async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/#/leads');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  const search = page.getByPlaceholder('Name, e-mail or phone');
  // By phone as people type it (stored as +27…), by e-mail, by name.
  await search.fill('082 555 0101');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sipho Dlamini');
  await search.fill(subjectEmail.toUpperCase());
  await expect(rows).toHaveCount(2);
  await search.fill('pietie');
  await expect(rows).toHaveCount(1);
  await search.fill('');
  await expect(rows).toHaveCount(5);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'New' }).click();
  await expect(rows).toHaveCount(5);

  await page.getByRole('button', { name: 'Add filter' }).click();
  // react-admin lists the hidden filters as checkable menu items.
  await page.getByRole('menuitemcheckbox', { name: 'Form' }).click();
  await page.getByRole('combobox', { name: 'Form' }).click();
  await page.getByRole('option', { name: 'finance' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sipho Dlamini');
  // The CSV is the filtered list, every page of it.
  const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(csvHref).toContain('form_name=finance');
  const csv = await (await page.request.get(csvHref as string)).text();
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Sipho Dlamini');
  expect(csv).not.toContain(ID_NUMBER);

  await page.getByRole('combobox', { name: 'Form' }).click();
  await page.getByRole('option', { name: 'contact' }).click();
  await expect(rows).toHaveCount(4);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Dealership' }).click();
  await page.getByRole('combobox', { name: 'Dealership' }).click();
  await page.getByRole('option', { name: /Pretoria/ }).click();
  await expect(rows).toHaveCount(2);
  const pta = await (
    await page.request.get(
      (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) as string,
    )
  ).text();
  expect(pta.trim().split('\r\n')).toHaveLength(3);
  expect(pta).toContain('Pietie Botha');

  // Dates, on the group's clock: received today is in; from tomorrow nothing is.
  const today = dayIn(new Date(), ZONE);
  const tomorrow = dayIn(new Date(Date.now() + 86_400_000), ZONE);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Received from' }).click();
  await page.getByLabel('Received from').fill(today);
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Received from').fill(tomorrow);
  await expect(page.getByText('No Leads found')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('filters.png'), fullPage: true });
});

test('an admin exports a person’s data as JSON and CSV, then erases it after a confirmation', async ({
  page,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.getByRole('menuitem', { name: 'Privacy requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeVisible();
  const who = page.getByLabel('E-mail address or ID number');
  await who.fill('not an address');
  await expect(page.getByText('An e-mail address (with @) or a 13-digit ID number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export JSON' })).toBeDisabled();
  await who.fill(subjectEmail);

  const [jsonFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(jsonFile.suggestedFilename()).toMatch(/^subject-export-.+\.json$/);
  const exported = JSON.parse(await readFile((await jsonFile.path()) as string, 'utf8'));
  expect(exported).toMatchObject({ action: 'export', matched_by: 'email', leads: 2 });
  expect(exported.data.map((d: { id: string }) => d.id).sort()).toEqual([ids.subject0, ids.subject1].sort());
  expect(exported.data[0].record.email).toBe(subjectEmail);
  expect(exported.data[0].consent).toBeTruthy();

  const [csvFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csvFile.suggestedFilename()).toMatch(/^subject-export-.+\.csv$/);
  const csv = await readFile((await csvFile.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('lead_id,section,field,value');
  expect(csv).toContain(subjectEmail);

  // The record of the two exports, without the person.
  const records = page.locator('tbody tr');
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText('Export');
  await expect(records.first()).toContainText('E-mail address');
  await expect(records.first()).toContainText(ADMIN.email);

  await page.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Erase everything about this person?');
  await expect(dialog.getByTestId('erasure-summary')).toContainText(
    'This deletes 2 leads (2 enquiries; forms: contact)',
  );
  await expect(dialog.getByTestId('erasure-summary')).toContainText('Pretoria');
  await expect(dialog.getByTestId('erasure-summary')).toContainText('2 consent records');
  await expect(dialog.getByTestId('erasure-summary')).toContainText('It cannot be undone.');
  await page.screenshot({ path: test.info().outputPath('erase-confirm.png'), fullPage: true });
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(records).toHaveCount(2);
  expect((await admin.get(`/api/admin/leads/${ids.subject0}`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Erase…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Erase 2 leads' }).click();
  await expect(page.getByText('Erased 2 leads and everything about them')).toBeVisible();
  await expect(records).toHaveCount(3);
  await expect(records.first()).toContainText('Erasure');
  await expect(records.first()).toContainText('leads 2');
  await expect(page.locator('main')).not.toContainText(subjectEmail);
  expect((await admin.get(`/api/admin/leads/${ids.subject0}`)).status()).toBe(404);
  expect((await admin.get(`/api/admin/leads/${ids.subject1}`)).status()).toBe(404);
  const after = (await (await admin.get(`/api/admin/leads?q=${subjectEmail}`)).json())['hydra:totalItems'];
  expect(after).toBe(0);
});

for (const width of [375, 1024, 1280]) {
  // It reads the privacy screen the erasure test above fills.
  test(`the lead detail and the privacy screen read at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/#/leads');
    await expect(page.getByText('Westley Mokoena')).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow(), `list at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`list-${width}.png`), fullPage: true });
    await openLead(page, ids.west as string, 'Westley Mokoena');
    await expect(page.getByRole('combobox', { name: 'Assigned to' })).toHaveText('Sam Colleague');
    expect(await overflow(), `detail at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`detail-${width}.png`), fullPage: true });
    await page.goto('/admin/#/privacy_requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeVisible();
    await expect(page.getByText(/Erasure/).first()).toBeVisible();
    expect(await overflow(), `privacy at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`privacy-${width}.png`), fullPage: true });
  });
}
