/**
 * GET /api/customer_enquiries/{id} and /api/finance_applications/{id}: where a lead's 201 `Location`
 * points. Staff with leads:read only: the public gets 401, so lead ids are no secret that protects personal
 * data; a dealer user gets 404 for another dealership's lead (leads/inbox.ts). Staff see the record as it was answered (sensitive finance fields were
 * never in it) with its current status and the state of each delivery channel.
 */
import type { Context } from 'hono';
import { principalOf } from '../auth/principal.ts';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import { item, notFound } from '../hydra.ts';
import { scoped } from './inbox.ts';
import type { LeadKind } from './records.ts';

export async function showLead(c: Context, deps: Deps, kind: LeadKind) {
  const id = c.req.param('id') ?? '';
  const db = withLeadTables(deps.db);
  const what = kind.collection === 'finance_applications' ? 'Finance application' : 'Enquiry';
  const lead = await scoped(db.selectFrom('leads'), principalOf(c))
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind.collection === 'finance_applications' ? 'finance' : 'enquiry')
    .executeTakeFirst();
  if (!lead) throw notFound(what, id);
  const jobs = await db
    .selectFrom('lead_outbox')
    .select(['channel', 'status', 'attempts', 'delivered_at'])
    .where('lead_id', '=', id)
    .orderBy('channel')
    .execute();
  const { '@context': _context, '@id': iri, '@type': type, ...record } = JSON.parse(lead.record);
  return item(c, String(type), String(iri), {
    ...record,
    status: lead.status,
    delivery: jobs.map((j) => ({
      channel: j.channel,
      status: j.status,
      attempts: j.attempts,
      delivered_at: j.delivered_at === null ? null : new Date(Number(j.delivered_at)).toISOString(),
    })),
  });
}
