/**
 * Where each admin resource lives in our API and what its list endpoint does itself. A list that
 * `pages` takes page, itemsPerPage, order[field], q and filters (src/server/routes/list-query.ts);
 * the others answer every row and the data provider sorts, filters and pages them in the browser.
 */
import type { Scope } from '../domain/staff-access.ts';

export interface ApiResource {
  path: string;
  scope: Scope;
  pages?: boolean;
  /** Fields the server never takes back (shown, not sent). */
  readOnly?: string[];
  /** Fields set when the record is made and never changed after (sent on create, not on update). */
  createOnly?: string[];
  /** Filter names the admin uses → the query parameter the server reads (e.g. dealer → dealer[]). */
  filterParams?: Record<string, string>;
}

export const API_RESOURCES: Record<string, ApiResource> = {
  specials: { path: '/api/editor/specials', scope: 'content:write' },
  service_deals: { path: '/api/editor/service_deals', scope: 'content:write' },
  blog_posts: { path: '/api/editor/blog_posts', scope: 'content:write' },
  banners: { path: '/api/editor/banners', scope: 'content:write' },
  range_variants: { path: '/api/editor/range_variants', scope: 'content:write' },
  range_models: { path: '/api/editor/range_models', scope: 'content:write' },
  dealers: { path: '/api/editor/dealers', scope: 'content:write' },
  fraud_page: { path: '/api/editor/fraud_page', scope: 'content:write' },
  vehicles: {
    path: '/api/editor/vehicles',
    scope: 'stock:write',
    pages: true,
    readOnly: ['dealer_name', 'make_slug', 'model_slug', 'installment', 'photo_count', 'uri', 'created_at'],
  },
  builds: { path: '/api/builds', scope: 'builds:publish' },
  staff: {
    path: '/api/admin/staff',
    scope: 'staff:manage',
    readOnly: ['created_at', 'two_factor', 'invitation'],
    createOnly: ['email', 'password'],
  },
  api_keys: { path: '/api/admin/api_keys', scope: 'keys:manage' },
  leads: {
    path: '/api/admin/leads',
    scope: 'leads:read',
    pages: true,
    filterParams: { dealer: 'dealer[]', after: 'created_at[after]', before: 'created_at[before]' },
  },
  privacy_requests: { path: '/api/admin/privacy_requests', scope: 'privacy:manage', pages: true },
  audit_log: { path: '/api/admin/audit_log', scope: 'audit:read', pages: true },
};
