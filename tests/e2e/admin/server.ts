/**
 * A server of the admin tests' own (like tests/e2e/publish): its own port and DATA_DIR in the system
 * temp directory, started through `npm start`'s script (so the admin bundle is built when stale), with a
 * first admin from ADMIN_EMAIL/ADMIN_PASSWORD. Publishing here never changes the shared e2e server.
 *
 * Every admin spec starts from the same data: migrated, seeded, the first admin, one published build.
 * The `admin-data` project (template.setup.ts) makes that once per run in TEMPLATE, and each spec's
 * server starts on a copy of it, so the demo site is built once for all admin specs instead of once per
 * spec (a full build was a minute or more of both cores each). Builds are immutable directories behind a
 * relative `current` link, so a copy is a complete, independent data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { E2E_SECRETS } from '../../../scripts/e2e-env.ts';

// Away from the shared e2e server (E2E_PORT) and the publishing spec (PUBLISH_E2E_PORT).
export const PORT = Number(process.env.ADMIN_E2E_PORT ?? Number(process.env.PUBLISH_E2E_PORT ?? 4417) + 20);
/** Each spec file starts its own server, and files run in parallel on CI: the leads spec takes the next port. */
export const LEADS_PORT = PORT + 1;
/** The spec of assigning, reveal, retry and privacy requests (leads-work.spec.ts). */
export const LEADS_WORK_PORT = PORT + 2;
/** The builds-and-password spec (builds.spec.ts). */
export const BUILDS_PORT = PORT + 3;
/** The range photos spec (range-photos.spec.ts). */
export const RANGE_PORT = PORT + 4;
/** Range models in the editor's words: web addresses from names, drawn images from pickers (range-words.spec.ts). */
export const RANGE_WORDS_PORT = PORT + 5;
/** Scheduled and expired content, and lead delivery health (content-dates.spec.ts). */
export const DATES_PORT = PORT + 10;
/** Pickers, named notices, alt text, a dealer's own dealership and confirmations (screens.spec.ts). */
export const SCREENS_PORT = PORT + 11;
/** Staff onboarding, two-factor sign-in, sessions and passwords (accounts.spec.ts). */
export const ACCOUNTS_PORT = PORT + 8;
/** History, restore, recently deleted and roll back (revisions.spec.ts). */
export const REVISIONS_PORT = PORT + 9;
/** The CSV stock import as a dealer user meets it: update, full feed, apply and undo (stock-import.spec.ts). */
export const STOCK_IMPORT_PORT = PORT + 7;
export const baseOf = (port: number) => `http://127.0.0.1:${port}`;
export const BASE = baseOf(PORT);
export const ADMIN = { email: 'first.admin@motus.example', password: 'e2e admin password 0123' };
/**
 * `expect` with waits of up to 30 s, for specs whose every step is a page change on a shared, busy
 * machine: in CI runs the admin's bundle, a record with its history, or the inbox's first list took
 * more than the default 10 s to show while the other worker's specs built sites (on 2026-11-29 the
 * inbox's list request started 7 s after its page was asked for). No timing is asserted with it.
 */
export const slowExpect = expect.configure({ timeout: 30_000 });
/** The server's DATA_DIR (its SQLite file is site.db). */
export const dataOf = (port: number) => join(tmpdir(), `sdg-e2e-admin-${port}`);
/** The data every admin spec's server starts from (made by template.setup.ts). */
export const TEMPLATE = join(tmpdir(), `sdg-e2e-admin-template-${PORT}`);

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    let v: T | undefined;
    try {
      v = await fn();
    } catch (err) {
      if (String(err).includes('exited')) throw err;
    }
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 250));
  }
}

/**
 * Starts a server on `port` with a fresh copy of TEMPLATE (or, without one, on empty data that it
 * migrates, seeds and builds itself). `dataDir` is for the template itself.
 */
export async function startAdminServer(
  port = PORT,
  more: Record<string, string> = {},
  dataDir = dataOf(port),
): Promise<ChildProcess> {
  const base = baseOf(port);
  const reuse = process.env.E2E_REUSE_BUILD === '1' && existsSync(dataDir);
  if (!reuse) {
    rmSync(dataDir, { recursive: true, force: true });
    if (dataDir !== TEMPLATE && existsSync(join(TEMPLATE, 'builds', 'current')))
      cpSync(TEMPLATE, dataDir, { recursive: true, verbatimSymlinks: true });
  }
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...env,
      ...E2E_SECRETS,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Editors build previews by hand here; a content change never starts a build on its own.
      REBUILD_DEBOUNCE_MS: '86400000',
      REBUILD_SCHEDULE: 'off',
      LEAD_WORKER: 'off',
      DEMO_UPLOADS: 'off',
      ...more,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  server.once('exit', () => {
    exited = true;
  });
  await waitFor(
    more.SKIP_BUILD === '1' ? 'the admin e2e server' : 'the admin e2e server and its first build',
    async () => {
      if (exited) throw new Error('the admin e2e server exited (port taken?)');
      const admin = (await fetch(`${base}/admin/`)).status === 200;
      // SKIP_BUILD=1: a spec of the admin alone, which needs no public site (and saves its build).
      if (more.SKIP_BUILD === '1') return admin ? true : undefined;
      return admin && (await fetch(`${base}/`)).status === 200 ? true : undefined;
    },
    280_000,
  );
  return server;
}

export async function stopServer(server: ChildProcess | undefined) {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((ok) => server.once('exit', ok));
  server.kill('SIGTERM');
  await exited;
}

/** Full-page screenshots at 1280, 1024 and 375 px into test-results/admin-{name}-{width}.png. */
export async function shoot(page: Page, name: string) {
  for (const width of [1280, 1024, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // The screenshot waits for the page to lay out at the new width (two frames), not for a fixed time.
    await page.waitForFunction((w) => window.innerWidth === w, width);
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.screenshot({ path: `test-results/admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Signs in on the admin's sign-in screen and waits for the signed-in app (its Profile menu). */
export async function signIn(page: Page, who: { email: string; password: string }, timeout?: number) {
  await page.goto('/admin/');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible({ timeout });
}

/** The first admin signed in through the API of the server at `base`, after adding `staff` (each must be created). */
export async function adminWithStaff(
  base: string,
  staff: Record<string, unknown>[],
): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  const signedIn = await admin.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  for (const data of staff) {
    const added = await admin.post('/api/admin/staff', { data });
    expect(added.status(), await added.text()).toBe(201);
  }
  return admin;
}
