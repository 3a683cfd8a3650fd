/**
 * Writes the idempotency answer, a lead, its consent record and its delivery jobs in ONE transaction:
 * once the 201 leaves, the lead is on disk and its delivery cannot be forgotten.
 */
import { randomUUID } from 'node:crypto';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import { completeKey } from './idempotency.ts';
import { notifyOutbox } from './outbox.ts';

export interface NewLead {
  id: string;
  kind: 'enquiry' | 'finance';
  form_name: string;
  lead_type: string;
  source_code: string;
  dealer_slug: string;
  record: Record<string, unknown>; // as answered: no sensitive field in clear
  sensitive: string | null; // already encrypted
  ip_hash: string;
  created_at: string;
  consent: { agreed: { name: string; label: string }[] };
}

export const newLeadId = () => randomUUID();

/** Channels a new lead is queued for: e-mail always (it waits for SMTP_URL), the CRM when configured. */
function channelsFor(deps: Deps): ('email' | 'webhook')[] {
  return deps.config.leads.webhookUrl ? ['email', 'webhook'] : ['email'];
}

export async function storeLead(
  deps: Deps,
  lead: NewLead,
  answer: { status: number; body: string },
  claim?: { key: string; owner: string },
) {
  const now = Date.now();
  await withLeadTables(deps.db)
    .transaction()
    .execute(async (trx) => {
      // First, so the claim is checked (fenced) and locked before the lead is written.
      if (claim) await completeKey(trx, claim.key, claim.owner, answer.status, answer.body);
      await trx
        .insertInto('leads')
        .values({
          id: lead.id,
          kind: lead.kind,
          form_name: lead.form_name,
          lead_type: lead.lead_type,
          source_code: lead.source_code,
          dealer_slug: lead.dealer_slug,
          status: 'Queued',
          record: JSON.stringify(lead.record),
          sensitive: lead.sensitive,
          ip_hash: lead.ip_hash,
          created_at: lead.created_at,
          stage: 'New',
          assignee_id: null,
          first_response_at: null,
          updated_at: null,
        })
        .execute();
      await trx
        .insertInto('lead_consents')
        .values({
          lead_id: lead.id,
          kind: lead.kind,
          agreed: JSON.stringify(lead.consent.agreed),
          notice_version: deps.config.leads.privacyNoticeVersion,
          agreed_at: lead.created_at,
          ip_hash: lead.ip_hash,
        })
        .execute();
      await trx
        .insertInto('lead_outbox')
        .values(
          channelsFor(deps).map((channel) => ({
            id: randomUUID(),
            lead_id: lead.id,
            channel,
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: now,
            lease_owner: null,
            lease_until: null,
            last_error: null,
            created_at: now,
            delivered_at: null,
          })),
        )
        .execute();
    });
  notifyOutbox();
}
