import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run against the built site served by the real server (scripts/e2e-server.ts) on its own
 * data directory, in Debian's Chromium (no browser download).
 */
const PORT = Number(process.env.E2E_PORT ?? 4390);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };
/** Specs against servers of the admin tests' own, which start on data made once by `admin-data`. */
const ADMIN_SPECS = /tests\/e2e\/admin\/.*\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // One seeded and built data directory for every admin spec's server (tests/e2e/admin/server.ts).
    // First, so a worker makes it while the other starts on the desktop specs.
    { name: 'admin-data', use: desktop, testMatch: /tests\/e2e\/admin\/template\.setup\.ts$/ },
    { name: 'desktop', use: desktop, testIgnore: ADMIN_SPECS },
    { name: 'admin', use: desktop, testMatch: ADMIN_SPECS, dependencies: ['admin-data'] },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 800 } },
      grep: /@mobile/,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    // Ready when the home page is served, i.e. after the first build has been published.
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT) },
  },
});
