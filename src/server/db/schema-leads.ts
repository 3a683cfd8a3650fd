import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Lead tables (migration 002): leads with their consent record, the delivery outbox, idempotency keys
 * and rate-limit windows. Times the worker compares are epoch milliseconds (bigint); shown times are ISO text.
 */
export interface LeadsTable {
  id: string; // UUID; the @id is /api/customer_enquiries/{id} or /api/finance_applications/{id}
  kind: 'enquiry' | 'finance';
  form_name: string;
  lead_type: string;
  source_code: string;
  dealer_slug: string;
  status: string; // 'Queued' (SPEC §4)
  record: string; // JSON: the stored record as answered (no sensitive fields)
  sensitive: string | null; // AES-256-GCM envelope of the finance ID number, bank details and amounts
  ip_hash: string; // HMAC of the client address: enough to spot abuse, not to identify a person
  created_at: string; // ISO date-time
  // The inbox workflow (migration 010, src/domain/lead-workflow.ts)
  stage: string; // 'New' | 'Contacted' | 'Appointment' | 'Sold' | 'Lost'
  assignee_id: string | null; // staff.id of a member of the lead's dealership
  first_response_at: string | null; // when staff first moved it on from New or wrote a note
  updated_at: string | null;
}

interface LeadNotesTable {
  id: string;
  lead_id: string;
  author_id: string | null;
  author_name: string | null;
  body: string;
  created_at: string;
}

/** That a POPIA data-subject request was honoured: no name, address or ID number, only what was done. */
interface PrivacyRequestsTable {
  id: string;
  action: 'export' | 'erasure' | 'retention';
  matched_by: 'email' | 'id_number' | 'age';
  leads: number;
  rows_removed: string; // JSON {table: count}
  actor: string; // the staff member's e-mail, 'cli' or 'scheduler'
  at: string;
}

interface LeadConsentsTable {
  lead_id: string;
  kind: string; // 'enquiry' | 'finance'
  agreed: string; // JSON: [{name, label}] of what was ticked
  notice_version: string; // PRIVACY_NOTICE_VERSION in force
  agreed_at: string; // ISO date-time
  ip_hash: string;
}

export interface LeadOutboxTable {
  id: string; // UUID; sent as the delivery's Idempotency-Key so receivers can drop a repeat
  lead_id: string;
  channel: 'email' | 'webhook';
  status: 'pending' | 'sending' | 'delivered' | 'dead';
  attempts: number;
  next_attempt_at: number; // epoch ms
  lease_owner: string | null;
  lease_until: number | null; // epoch ms; a 'sending' job whose lease ran out is claimable again
  last_error: string | null; // no personal data: addresses are masked
  created_at: number; // epoch ms
  delivered_at: number | null;
}

interface IdempotencyKeysTable {
  key: string; // "{endpoint} {Idempotency-Key}" or "{endpoint} auto:{fingerprint}" (duplicate window)
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: number; // epoch ms
  expires_at: number; // epoch ms
  owner: string | null; // random token of the claiming request (migration 005): the fence
}

interface RateLimitsTable {
  bucket: string; // "{name}:{ip hash}:{window start}"
  count: number;
  expires_at: number; // epoch ms
}

// A type alias, not an interface: Kysely's withTables needs an index-compatible record.
export type LeadTables = {
  leads: LeadsTable;
  lead_notes: LeadNotesTable;
  privacy_requests: PrivacyRequestsTable;
  lead_consents: LeadConsentsTable;
  lead_outbox: LeadOutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
};

/** Content tables plus lead tables. */
export type LeadDatabase = Database & LeadTables;

/**
 * The lead tables stay out of `Database` (the content schema the seed fills table by table); lead code
 * widens its handle with this. Same connection, same transactions.
 */
export const withLeadTables = (db: Kysely<Database>): Kysely<LeadDatabase> => db.withTables<LeadTables>();
