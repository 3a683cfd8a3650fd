/** One data-subject request, end to end: find, export or erase, record. Used by the admin API and the CLI. */
import type { Kysely } from 'kysely';
import type { LeadDatabase } from '../db/schema-leads.ts';
import type { BlobStore } from '../media/storage.ts';
import type { LeadCrypto } from './crypto.ts';
import {
  eraseLeads,
  exportCsv,
  exportLeads,
  findSubjectLeads,
  recordRequest,
  type Subject,
} from './privacy.ts';

export async function honourRequest(
  db: Kysely<LeadDatabase>,
  crypto: LeadCrypto,
  r: { action: 'export' | 'erasure'; subject: Subject; actor: string; files: BlobStore },
) {
  const found = await findSubjectLeads(db, crypto, r.subject);
  const matchedBy = r.subject.email ? ('email' as const) : ('id_number' as const);
  if (r.action === 'export') {
    const data = await exportLeads(db, crypto, found.leads);
    const record = await recordRequest(db, {
      action: 'export',
      matchedBy,
      leads: found.leads.length,
      removed: {},
      actor: r.actor,
    });
    return { record, data, csv: exportCsv(data) };
  }
  const removed = await eraseLeads(db, found.leads, found, r.files);
  const record = await recordRequest(db, {
    action: 'erasure',
    matchedBy,
    leads: found.leads.length,
    removed,
    actor: r.actor,
  });
  return { record, data: undefined, csv: undefined };
}
