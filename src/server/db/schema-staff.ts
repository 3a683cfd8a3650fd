/** Staff accounts, API keys and the audit log (migration 006_staff). */

/** better-auth's user model (with the admin plugin's columns); better-auth writes it, we read it. */
interface StaffTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  role: string | null;
  banned: boolean | number | null;
  ban_reason: string | null;
  ban_expires: Date | string | null;
  two_factor_enabled: boolean | number | null;
}

/** better-auth's session and account models: only what our own code reads or clears. */
interface StaffSessionTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  ip_address: string | null;
  user_agent: string | null;
  /** ISO time of the session's last request through our API (ours, not better-auth's). */
  last_seen_at: string | null;
}

/** better-auth's two-factor plugin: one row per enrolled (or enrolling) staff member; we only read it. */
interface StaffTwoFactorTable {
  id: string;
  user_id: string;
  verified: boolean | number | null;
}
interface StaffAccountTable {
  id: string;
  user_id: string;
  provider_id: string;
  password: string | null;
}

interface StaffLockoutsTable {
  email: string; // lower case
  failures: number;
  locked_until: number; // epoch ms; 0 = not locked
}

interface StaffDealersTable {
  staff_id: string;
  dealer_slug: string;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  prefix: string;
  key_hash: string;
  scopes: string; // JSON array
  created_by: string | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_type: 'staff' | 'key' | 'token' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  resource: string | null;
  resource_id: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface StaffTables {
  staff: StaffTable;
  staff_session: StaffSessionTable;
  staff_two_factor: StaffTwoFactorTable;
  staff_account: StaffAccountTable;
  staff_lockouts: StaffLockoutsTable;
  staff_dealers: StaffDealersTable;
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
}
