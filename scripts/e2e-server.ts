/**
 * The server the browser tests use: its own SQLite database and build under data/e2e, seeded with
 * the demo data, the site built from that API (always rebuilt on CI, reused locally when
 * E2E_REUSE_BUILD=1), then served like production.
 */
import { rmSync } from 'node:fs';
import { holdInstanceLock } from '../src/server/db/instance-lock.ts';
import { E2E_EDITOR_TOKEN, E2E_SECRETS } from './e2e-env.ts';

process.env.DATA_DIR ??= 'data/e2e';
process.env.DATABASE_URL ??= `sqlite:${process.env.DATA_DIR}/site.db`;
process.env.LOG_LEVEL ??= 'warn';
process.env.NODE_ENV ??= 'test';
// The lead-form browser tests send many leads from one address in a minute; the per-IP limit itself is
// covered by the API tests, and the form's 429 message by a routed response (tests/e2e/leads).
process.env.RATE_LIMIT_LEADS ??= '1000/60s';
// Specs that change content through the editor API (photos) use this token. Their changes are visible at
// once through the API-driven islands; the rebuild they queue waits a day, so no build runs mid-suite.
process.env.EDITOR_TOKEN ??= E2E_EDITOR_TOKEN;
process.env.REBUILD_DEBOUNCE_MS ??= '86400000';
// Not LEAD_ENCRYPTION_KEY: this database outlives a run locally, and its leads are sealed with the default key.
process.env.AUTH_SECRET ??= E2E_SECRETS.AUTH_SECRET;
process.env.REBUILD_SECRET ??= E2E_SECRETS.REBUILD_SECRET;
if (process.env.E2E_REUSE_BUILD !== '1') {
  // Only while no other server runs on this data: a second one must be refused before it deletes the
  // first one's live build, not after.
  const dbFile = process.env.DATABASE_URL.replace(/^sqlite:/, '');
  const release = process.env.DATABASE_URL.startsWith('sqlite:') ? await holdInstanceLock(dbFile) : () => {};
  rmSync(`${process.env.DATA_DIR}/builds`, { recursive: true, force: true });
  release();
}
await import('./start.mjs');
