/**
 * Working a lead: status moves along src/domain/lead-workflow.ts, the assignee (a staff member
 * of the lead's dealership), notes, and the first response time. Audited without the note's text, so the
 * audit log holds no personal data a note may carry.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type * as v from 'valibot';
import type { LeadUpdateInput } from '../../contract/lead-inbox.ts';
import { canMove, describeMoves, type LeadStage } from '../../domain/lead-workflow.ts';
import { actorOf, writeAudit } from '../auth/audit.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/schema.ts';
import type { LeadDatabase, LeadsTable } from '../db/schema-leads.ts';
import { ApiError, violationError } from '../hydra.ts';
import { assigneesOf } from './inbox.ts';

export async function workLead(
  db: Kysely<LeadDatabase>,
  p: Principal,
  lead: LeadsTable,
  input: v.InferOutput<typeof LeadUpdateInput>,
  ip: string | null,
) {
  const from = lead.stage as LeadStage;
  if (input.status && input.status !== from && !canMove(from, input.status))
    throw new ApiError(
      409,
      `status: a lead cannot move from ${from} to ${input.status}; ${describeMoves(from)}.`,
    );
  if (input.assignee_id && !(await assigneesOf(db, lead.dealer_slug)).some((a) => a.id === input.assignee_id))
    throw violationError([
      {
        propertyPath: 'assignee_id',
        message: `Assignee must be a staff member of ${lead.dealer_slug}`,
        code: 'not_dealership_staff',
      },
    ]);
  const now = new Date().toISOString();
  const moved = input.status !== undefined && input.status !== from;
  const responded = moved || input.note !== undefined;
  const set: Partial<LeadsTable> = { updated_at: now };
  if (moved) set.stage = input.status;
  if (input.assignee_id !== undefined) set.assignee_id = input.assignee_id;
  if (responded && !lead.first_response_at) set.first_response_at = now;
  await db.transaction().execute(async (trx) => {
    // The stage is re-checked in the UPDATE: two people moving the same lead cannot both win.
    const r = await trx
      .updateTable('leads')
      .set(set)
      .where('id', '=', lead.id)
      .where('stage', '=', from)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1)
      throw new ApiError(409, 'status: someone else changed this lead meanwhile; reload it and try again.');
    if (input.note !== undefined) {
      const author = p.type === 'staff' ? p.name : p.type === 'key' ? p.name : 'EDITOR_TOKEN';
      await trx
        .insertInto('lead_notes')
        .values({
          id: randomUUID(),
          lead_id: lead.id,
          author_id: p.type === 'token' ? null : p.id,
          author_name: author,
          body: input.note,
          created_at: now,
        })
        .execute();
    }
    await writeAudit(
      trx as unknown as Kysely<Database>,
      actorOf(p),
      {
        action: 'lead.update',
        resource: 'lead',
        resourceId: lead.id,
        before: { status: from, assignee_id: lead.assignee_id },
        after: {
          status: set.stage ?? from,
          assignee_id: set.assignee_id === undefined ? lead.assignee_id : set.assignee_id,
          ...(input.note !== undefined ? { note_added: true } : {}),
        },
      },
      ip,
    );
  });
}
