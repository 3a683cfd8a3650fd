/** What every route module needs: the database and the checked configuration. */
import type { Kysely } from 'kysely';
import type { Clock } from '../config/clock.ts';
import type { Config } from '../config/server.ts';
import type { StaffAuth } from './auth/staff-auth.ts';
import type { Dialect } from './db/client.ts';
import type { Database } from './db/schema.ts';
import type { Logger } from './log.ts';
import type { BlobStore } from './media/storage.ts';
import type { Coordinator } from './publish/coordinator.ts';
import type { LiveBuild } from './publish/live.ts';
import type { StockIndex } from './stock/stock-index.ts';

export interface Deps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  /** The rebuild coordinator, where this process builds (main.ts; tests inject one). Read per request. */
  publishing?: Coordinator;
  /**
   * The in-process caches of public API answers and of the stock (server.ts); cleared whenever content
   * or stock changes.
   */
  readCache?: { clear: () => void };
  /** Available used stock in memory for the listing (stock/stock-index.ts); unset: the database answers. */
  stockIndex?: StockIndex;
  /** Where public uploads are stored; unset: the configured store (media/stores.ts). */
  storage?: BlobStore;
  /** Where staff-only files (valuation photos) are stored; unset: the configured store. */
  privateStorage?: BlobStore;
  logger?: Logger;
  /** The live build this instance follows (main.ts): serves hashed assets of a build still being mirrored. */
  liveBuild?: LiveBuild;
  /** Why this instance should get no traffic now (starting, draining, no build yet), or null (main.ts). */
  readiness?: () => string | null;
  /** Staff sign-in (better-auth), made on first use by staffAuth(deps). */
  auth?: StaffAuth;
  /** What time it is for dated content (config/clock.ts); unset: the system clock. Tests set one. */
  clock?: Clock;
}
