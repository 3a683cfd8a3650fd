/**
 * For load balancers and orchestrators: /healthz says the process is alive; /readyz says it should get
 * traffic (the database answers, a complete live build is served, and it is not draining), else 503
 * with the reason. Neither is logged nor cached.
 */

import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Deps } from '../deps.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function healthRoutes(deps: Deps) {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'alive' }, 200, NO_STORE));
  app.get('/readyz', async (c) => {
    const notReady = (reason: string) => c.json({ status: 'not ready', reason }, 503, NO_STORE);
    try {
      await sql`select 1`.execute(deps.db);
    } catch (err) {
      return notReady(`the database does not answer: ${(err as Error).message}`);
    }
    const reason = deps.readiness?.();
    if (reason) return notReady(reason);
    return c.json({ status: 'ready', build: deps.publishing?.servedId() ?? null }, 200, NO_STORE);
  });
  return app;
}
