/**
 * Builds the admin bundle (vite.config.admin.ts) when its sources changed since the last build, so
 * `npm start`, `npm run build` and the browser tests always serve a current /admin without paying for a
 * rebuild each time. `node scripts/admin-build.ts --force` rebuilds regardless.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_DIST } from '../src/server/http/admin-app.ts';

/** Everything the bundle is made from: its sources, the shared contract, domain, config and client code it imports, config and lockfile. */
const INPUTS = [
  'src/admin',
  'src/contract',
  'src/domain',
  'src/config',
  'src/client',
  'vite.config.admin.ts',
  'package-lock.json',
];

function files(path: string): string[] {
  if (!statSync(path, { throwIfNoEntry: false })) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function sourceHash(): string {
  const h = createHash('sha256');
  for (const f of INPUTS.flatMap(files)) h.update(f).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

/** Whether the bundle is missing or was built from other sources than these. */
export function adminBuildStale(): boolean {
  try {
    statSync(join(ADMIN_DIST, 'index.html'));
    return readFileSync(join(ADMIN_DIST, '.source-hash'), 'utf8') !== sourceHash();
  } catch {
    return true;
  }
}

export async function ensureAdminBuilt(opts: { force?: boolean } = {}): Promise<void> {
  if (!opts.force && !adminBuildStale()) return;
  const hash = sourceHash();
  const started = Date.now();
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production in this process when it is unset; the server that starts next would then
  // demand production secrets (LEAD_ENCRYPTION_KEY, AUTH_SECRET) on a newcomer's first `npm start`.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: 'vite.config.admin.ts', mode: 'production', logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(join(ADMIN_DIST, '.source-hash'), hash);
  console.log(`admin app built into ${ADMIN_DIST} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.main) await ensureAdminBuilt({ force: process.argv.includes('--force') });
