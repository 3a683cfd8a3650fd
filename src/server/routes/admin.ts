/** The admin's own API under /api/admin/*: staff, API keys and the audit log (admins only), your own account, the leads inbox. */
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { Logger } from '../log.ts';
import { adminAccountRoutes } from './admin-account.ts';
import { adminAuditRoutes } from './admin-audit.ts';
import { adminKeyRoutes } from './admin-keys.ts';
import { adminLeadRoutes } from './admin-leads.ts';
import { adminPrivacyRoutes } from './admin-privacy.ts';
import { adminStaffRoutes } from './admin-staff.ts';

export function adminRoutes(deps: Deps, logger?: Logger) {
  const app = new Hono();
  app.route('/', adminStaffRoutes(deps, logger));
  app.route('/', adminAccountRoutes(deps));
  app.route('/', adminKeyRoutes(deps));
  app.route('/', adminAuditRoutes(deps));
  app.route('/', adminLeadRoutes(deps));
  app.route('/', adminPrivacyRoutes(deps));
  return app;
}
