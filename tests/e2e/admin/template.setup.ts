/**
 * The `admin-data` project: the data every admin spec's server starts from (server.ts), made once per
 * run by a real server on empty data: migrations, the demo seed, the first admin, the first full build.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { PORT, startAdminServer, stopServer, TEMPLATE } from './server.ts';

setup('the admin specs’ starting data: seeded, first admin, one published build', async () => {
  setup.setTimeout(300_000);
  // On the admin specs' first port: it is free, as they start only after this project.
  const server = await startAdminServer(PORT, {}, TEMPLATE);
  await stopServer(server);
  expect(existsSync(join(TEMPLATE, 'site.db'))).toBe(true);
  expect(existsSync(join(TEMPLATE, 'builds', 'current'))).toBe(true);
});
