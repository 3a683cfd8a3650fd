/**
 * The leads inbox in the admin (issue 13 §5, "in Chromium"): two enquiries arrive through the public API,
 * one per dealership; a dealer user of West Rand signs in, sees the new-lead count, finds their lead (and
 * not Pretoria's), moves it New → Contacted with a note, and the workflow then offers only the next stages.
 */
import type { ChildProcess } from 'node:child_process';
import { type APIRequestContext, request, test } from '@playwright/test';
import { enquiry } from '../../api/lead-fixtures.ts';
import {
  ADMIN,
  baseOf,
  slowExpect as expect,
  LEADS_PORT,
  signIn,
  startAdminServer,
  stopServer,
} from './server.ts';

const BASE = baseOf(LEADS_PORT);

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: BASE });

const WEST = 'motus-subaru-west-rand';
const PTA = 'motus-subaru-pretoria';
const DEALER = {
  email: 'lerato.dealer@motus.example',
  password: 'dealer password 0123',
  name: 'Lerato Dealer',
};
const ours = enquiry({ dealer_slug: WEST, first_name: 'Westley', last_name: 'Mokoena' });
const theirs = enquiry({ dealer_slug: PTA, first_name: 'Pietie', last_name: 'Botha' });

let server: ChildProcess;
let admin: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startAdminServer(LEADS_PORT);
  admin = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const signedIn = await admin.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const added = await admin.post('/api/admin/staff', {
    data: { ...DEALER, role: 'dealer', dealers: [WEST] },
  });
  expect(added.status(), await added.text()).toBe(201);
  // Visitors send them, as the public forms do.
  for (const body of [ours, theirs]) {
    const visitor = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
    const res = await visitor.post('/api/customer_enquiries', {
      data: body,
      headers: { 'Content-Type': 'application/ld+json' },
    });
    expect(res.status(), await res.text()).toBe(201);
    await visitor.dispose();
  }
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

test('a dealer user works their lead from New to Contacted and never sees another dealership’s', async ({
  page,
}) => {
  await signIn(page, DEALER);

  const leadsItem = page.getByRole('menuitem', { name: /Leads/ });
  await expect(leadsItem).toBeVisible();
  await expect(leadsItem).toContainText('1'); // the new-lead badge: West Rand's one lead
  await leadsItem.click();

  const row = page.getByRole('row').filter({ hasText: 'Westley Mokoena' });
  await expect(row).toBeVisible();
  await expect(row.getByText('New')).toBeVisible();
  await expect(page.getByText('Pietie Botha')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('leads-list.png'), fullPage: true });

  // Searching for the other dealership's visitor finds nothing.
  await page.getByPlaceholder('Name, e-mail or phone').fill(theirs.email as string);
  await expect(page.getByText('No Leads found')).toBeVisible();
  await page.getByPlaceholder('Name, e-mail or phone').fill('');
  await row.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Westley Mokoena' })).toBeVisible();
  await expect(page.getByText(ours.message as string)).toBeVisible();
  await expect(page.getByText('Not yet answered')).toBeVisible();
  // From New only Contacted and Lost are offered.
  await expect(page.getByRole('button', { name: /^Move to / })).toHaveText([
    'Move to Contacted',
    'Move to Lost',
  ]);
  await page.screenshot({ path: test.info().outputPath('lead-detail.png'), fullPage: true });

  await page.getByLabel('Note').fill('Called back, will visit on Saturday.');
  await page.getByRole('button', { name: 'Move to Contacted' }).click();
  await expect(page.getByText('Moved to Contacted')).toBeVisible();
  await expect(page.getByText('Called back, will visit on Saturday.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Move to / })).toHaveText([
    'Move to Appointment',
    'Move to Sold',
    'Move to Lost',
  ]);
  await expect(page.getByText('Not yet answered')).toHaveCount(0);

  // The server agrees, and Pretoria's lead is not there for this user even by id.
  const list = await page.request.get('/api/admin/leads');
  const members = (await list.json())['hydra:member'] as { name: string; status: string; id: string }[];
  expect(members.map((l) => [l.name, l.status])).toEqual([['Westley Mokoena', 'Contacted']]);
  const all = (await (await admin.get('/api/admin/leads')).json())['hydra:member'] as {
    id: string;
    dealer_slug: string;
  }[];
  const pta = all.find((l) => l.dealer_slug === PTA);
  if (!pta) throw new Error('the Pretoria lead did not arrive');
  await page.goto(`/admin/#/leads/${pta.id}/show`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pietie Botha' })).toHaveCount(0);
  expect((await page.request.get(`/api/admin/leads/${pta.id}`)).status()).toBe(404);
});

for (const width of [1280, 375]) {
  test(`the inbox and a lead read at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, ADMIN);
    await page.goto('/admin/#/leads');
    await expect(page.getByText('Pietie Botha')).toBeVisible();
    // A phone gets one line per lead, not a table wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`leads-list-${width}.png`), fullPage: true });
    await page.getByText('Westley Mokoena').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Westley Mokoena' })).toBeVisible();
    await expect(page.getByText('Called back, will visit on Saturday.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`lead-detail-${width}.png`), fullPage: true });
  });
}
