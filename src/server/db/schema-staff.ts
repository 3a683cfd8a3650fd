/** Staff accounts, API keys and the audit log (migration 006_staff). */

/** better-auth's user model (with the admin plugin's columns); better-auth writes it, we read it. */
export interface StaffTable {
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
}

/** better-auth's session and account models: only what our own code reads or clears. */
export interface StaffSessionTable {
  id: string;
  user_id: string;
  expires_at: Date | string;
}
export interface StaffAccountTable {
  id: string;
  user_id: string;
  provider_id: string;
  password: string | null;
}

export interface StaffLockoutsTable {
  email: string; // lower case
  failures: number;
  locked_until: number; // epoch ms; 0 = not locked
}

export interface StaffDealersTable {
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
}

export interface StaffTables {
  staff: StaffTable;
  staff_session: StaffSessionTable;
  staff_account: StaffAccountTable;
  staff_lockouts: StaffLockoutsTable;
  staff_dealers: StaffDealersTable;
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
}
