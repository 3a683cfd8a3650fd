/**
 * The CSV stock import as a dealer user of Subaru West Rand meets it (issue 25 §2), at 1280 and 375 px,
 * on a server of this file's own: a 3-row update file (with "CVT" as the gearbox, as exports write it)
 * plans 3 changed and 0 marked sold, is applied, and the applied import is undone from "Recent imports"
 * after a confirmation that says what it will do; the cars' prices and statuses are back as they were.
 * The same file as a full stock list plans most of the dealership sold, and Apply stays disabled until
 * the user types that number.
 */
import type { ChildProcess } from 'node:child_process';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminWithStaff, baseOf, STOCK_IMPORT_PORT, signIn, startAdminServer, stopServer } from './server.ts';

const BASE = baseOf(STOCK_IMPORT_PORT);
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: BASE });

const WEST_RAND = 'motus-subaru-west-rand';
const DEALER = {
  email: 'lerato.dealer@motus.example',
  password: 'dealer password 2468',
  name: 'Lerato Dealer',
};
type Car = {
  id: number;
  stock_number: string;
  make: string;
  model: string;
  year: number;
  price: number;
  status: string;
  transmission: string;
};
let server: ChildProcess;
let admin: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startAdminServer(STOCK_IMPORT_PORT, { RATE_LIMIT_SIGN_IN: '100/60s', SKIP_BUILD: '1' });
  admin = await adminWithStaff(BASE, [{ ...DEALER, role: 'dealer', dealers: [WEST_RAND] }]);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopServer(server);
});

/** Every West Rand car, as the editor API lists them. */
async function westRand(): Promise<Car[]> {
  const res = await admin.get(`/api/editor/vehicles?dealer_slug=${WEST_RAND}&itemsPerPage=200&order[id]=asc`);
  expect(res.status()).toBe(200);
  return (await res.json())['hydra:member'] as Car[];
}

/** Three cars on sale with an automatic gearbox, written as a DMS export writes it: "CVT". */
async function threeRowFile(bump: number) {
  const cars = (await westRand()).filter((c) => c.status === 'available' && c.transmission === 'Automatic');
  const three = cars.slice(0, 3);
  expect(three).toHaveLength(3);
  const csv = [
    'Stock No,Make,Model,Year,Selling Price,Gearbox,Dealership',
    ...three.map(
      (c) => `${c.stock_number},${c.make},${c.model},${c.year},R ${c.price + bump},CVT,Subaru West Rand`,
    ),
  ].join('\n');
  return { three, csv };
}

async function openImport(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, DEALER);
  await page.goto('/admin/#/stock-import');
  await expect(page.getByRole('heading', { name: 'Import stock from a CSV file' })).toBeVisible();
}

const upload = (page: Page, csv: string) =>
  page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'west-rand-update.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

for (const [width, bump] of [
  [1280, 5000],
  [375, 7000],
] as const) {
  test(`a dealer user applies a 3-row update file that marks no car sold, then undoes it (${width} px)`, async ({
    page,
  }) => {
    const before = await westRand();
    const { three, csv } = await threeRowFile(bump);
    await openImport(page, width);
    await expect(page.getByRole('radio', { name: /^An update/ })).toBeChecked();
    await upload(page, csv);

    const plan = page.getByTestId('import-plan');
    await expect(plan).toContainText('Dry run of an update: 3 rows');
    await expect(plan).toContainText('3 changed');
    await expect(plan).toContainText('0 marked sold');
    await expect(plan).toContainText('0 rows rejected');
    await expect(plan).toContainText('An update marks no car sold');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`stock-import-plan-${width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Apply 3 changes' }).click();
    await expect(plan).toContainText('Applied an update: 3 rows');
    const after = await westRand();
    // Only the three prices changed; no car changed status.
    expect(after.map((c) => [c.stock_number, c.status])).toEqual(
      before.map((c) => [c.stock_number, c.status]),
    );
    for (const c of three)
      expect(after.find((a) => a.id === c.id)?.price, c.stock_number).toBe(c.price + bump);

    const imports = page.getByRole('region', { name: 'Recent imports' });
    const latest = imports.getByRole('listitem').first();
    await expect(latest).toContainText('0 cars added, 3 cars changed, 0 cars marked sold');
    await latest.getByRole('button', { name: 'Undo this import' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      '3 cars it changed go back to how they were before it. Changes made to those cars since the import are undone too.',
    );
    await expect(dialog).not.toContainText('added');
    await page.screenshot({ path: test.info().outputPath(`stock-import-undo-${width}.png`), fullPage: true });
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await expect(latest).toContainText('undone');
    await expect(latest.getByRole('button', { name: 'Undo this import' })).toHaveCount(0);
    const undone = await westRand();
    expect(undone.map((c) => [c.stock_number, c.status, c.price])).toEqual(
      before.map((c) => [c.stock_number, c.status, c.price]),
    );
  });
}

test('the same file as a full stock list needs the number of cars to be marked sold typed before it applies', async ({
  page,
}) => {
  const before = await westRand();
  const onSale = before.filter((c) => c.status !== 'sold').length;
  const { csv } = await threeRowFile(9000);
  await openImport(page, 1280);
  await page.getByRole('radio', { name: /^The full stock list/ }).check();
  await upload(page, csv);
  const plan = page.getByTestId('import-plan');
  const sold = onSale - 3;
  await expect(plan).toContainText('Dry run of the full stock list: 3 rows');
  await expect(plan).toContainText(`${sold} marked sold`);
  await expect(plan).toContainText(`of the ${onSale} cars`);
  const applyButton = page.getByRole('button', { name: /^Apply \d+ changes$/ });
  await expect(applyButton).toBeDisabled();
  const typed = page.getByLabel(`Type ${sold} to confirm`);
  await typed.fill(String(sold - 1));
  await expect(applyButton).toBeDisabled();
  await typed.fill(String(sold));
  await expect(applyButton).toBeEnabled();
  await page.screenshot({
    path: test.info().outputPath('stock-import-full-confirm-1280.png'),
    fullPage: true,
  });

  // Back to an update: the same file now marks nothing sold and needs no number.
  await page.getByRole('radio', { name: /^An update/ }).check();
  await expect(plan).toContainText('Dry run of an update: 3 rows');
  await expect(plan).toContainText('0 marked sold');
  await expect(page.getByRole('button', { name: 'Apply 3 changes' })).toBeEnabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(plan).toHaveCount(0);
  expect((await westRand()).map((c) => [c.stock_number, c.status, c.price])).toEqual(
    before.map((c) => [c.stock_number, c.status, c.price]),
  );
});
