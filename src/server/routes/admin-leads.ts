/**
 * The leads inbox for staff under /api/admin/leads: list with filters and search, the count of
 * new leads (the admin badge), CSV export of the filtered list, one lead, working it (status, assignee,
 * note), revealing a finance application's encrypted fields (admin and finance, audited) and retrying a
 * dead delivery. Every read is limited to the dealerships the caller may see (leads/inbox.ts).
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { collectionOf } from '../../contract/hydra.ts';
import {
  DeliveryHealth,
  LeadAssignee,
  LeadCollection,
  LeadDealership,
  LeadDetail,
  LeadUpdateInput,
  NewLeadCount,
  RevealedFields,
} from '../../contract/lead-inbox.ts';
import { audit } from '../auth/audit.ts';
import { principalOf, requireScope } from '../auth/principal.ts';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import { jsonInput } from '../http/json-body.ts';
import { listQuery } from '../http/list-query.ts';
import { checkPath, pathText } from '../http/params.ts';
import { clientAddress } from '../http/proxy.ts';
import { validate } from '../http/validate.ts';
import { ApiError, badRequest, collection, item } from '../hydra.ts';
import { leadCrypto, sensitiveFieldsOf } from '../leads/crypto.ts';
import { deliveryHealth } from '../leads/health.ts';
import {
  assigneesOf,
  filtered,
  findLead,
  leadScopeOf,
  matches,
  personOf,
  present,
  presentDetail,
  readFilters,
  SORTABLE,
  scoped,
  sortColumn,
} from '../leads/inbox.ts';
import { notifyOutbox } from '../leads/outbox.ts';
import { csvCell } from '../leads/report.ts';
import { workLead } from '../leads/work.ts';
import { jsonBody, ld, problems, staffGuard, staffOperations } from '../openapi/describe.ts';
import { FILTERS, PAGING } from './admin-leads-query.ts';
import { checkDealerSlugs } from './scope.ts';

const staffOnly = (scope: string) => staffGuard(`The role or key lacks ${scope}.`);
/** Every inbox route: its tag, staff security and the 401/403 of its scope. */
const op = staffOperations('Leads inbox', staffOnly('leads:read'));
const revealOp = staffOperations('Leads inbox', staffOnly('leads:reveal'));
const NOT_YOURS: [number, string] = [404, 'No such lead in your dealership(s).'];
const byId = checkPath(v.object({ id: pathText('Lead id (UUID)') }));
const Channel = v.object({
  id: pathText('Lead id (UUID)'),
  channel: v.picklist(['email', 'webhook'], "must be 'email' or 'webhook'"),
});

const SEARCH_CAP = 5000; // a free-text search reads at most this many of the filtered leads

export function adminLeadRoutes(deps: Deps) {
  const app = new Hono();
  const db = withLeadTables(deps.db);
  const crypto = leadCrypto(deps.config.leads.encryptionKey);
  const read = requireScope(deps, 'leads:read');
  /** The lead of the path's id, if the caller may see it (else a 404). */
  const leadOf = (c: Context) => findLead(db, principalOf(c), c.req.param('id') ?? '');

  /** The filtered, scoped leads, with the total; a search filters the decoded records. */
  async function select(
    c: Parameters<typeof readFilters>[0],
    paging: { page: number; perPage: number } | null,
  ) {
    const lq = listQuery(c, SORTABLE, 200);
    const f = readFilters(c, principalOf(c), deps.config.leads.retention.timezone);
    await checkDealerSlugs(deps, f.dealers);
    const base = filtered(scoped(db.selectFrom('leads'), principalOf(c)), f);
    const ordered = base
      .selectAll()
      .orderBy(sortColumn(lq.sort), lq.sort ? lq.dir : 'desc')
      .orderBy('id');
    if (f.q) {
      const all = (await ordered.limit(SEARCH_CAP).execute()).filter((l) =>
        matches(personOf(JSON.parse(l.record)), f.q as string),
      );
      const rows = paging ? all.slice((paging.page - 1) * paging.perPage, paging.page * paging.perPage) : all;
      return { rows, total: all.length };
    }
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = paging
      ? await ordered
          .limit(paging.perPage)
          .offset((paging.page - 1) * paging.perPage)
          .execute()
      : await ordered.limit(SEARCH_CAP).execute();
    return { rows, total: Number(n) };
  }

  app.get(
    '/admin/leads',
    op(
      'The leads inbox: enquiries and finance applications of your dealership(s), newest first.',
      { 200: ld(LeadCollection, 'A page of leads.'), ...problems(400) },
      { parameters: [...FILTERS, ...PAGING] },
    ),
    read,
    async (c) => {
      const lq = listQuery(c, SORTABLE, 200);
      const perPage = c.req.query('itemsPerPage') ? lq.perPage : 30;
      const { rows, total } = await select(c, { page: lq.page, perPage });
      return collection(c, 'Lead', await present(db, rows), total, { page: lq.page, pageSize: perPage });
    },
  );

  app.get(
    '/admin/leads/count',
    op('How many leads are still New (the admin badge).', { 200: ld(NewLeadCount, 'The count.') }),
    read,
    async (c) => {
      const { n } = await scoped(db.selectFrom('leads'), principalOf(c))
        .where('stage', '=', 'New')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return item(c, 'NewLeadCount', '/api/admin/leads/count', { new: Number(n) });
    },
  );

  app.get(
    '/admin/leads/delivery',
    op(
      'The health of lead delivery per channel: whether it is set up (SMTP_URL, CRM_WEBHOOK_URL), the ' +
        'oldest undelivered lead, dead letters and the last success, over the leads of your dealership(s).',
      { 200: ld(DeliveryHealth, 'Per channel: e-mail, then the CRM webhook.') },
    ),
    read,
    async (c) =>
      item(c, 'DeliveryHealth', '/api/admin/leads/delivery', {
        channels: await deliveryHealth(db, deps.config, principalOf(c)),
      }),
  );

  app.get(
    '/admin/leads/dealerships',
    op("The dealerships whose leads you may see, by name (the inbox's Dealership filter).", {
      200: ld(
        v.pipe(collectionOf(LeadDealership), v.metadata({ ref: 'LeadDealershipCollection' })),
        "A dealer user's own dealerships; every one for admin and finance.",
      ),
    }),
    read,
    async (c) => {
      const mine = leadScopeOf(principalOf(c));
      let query = deps.db.selectFrom('dealers').select(['slug', 'dealer_name']).orderBy('sort_order');
      if (mine) query = mine.length ? query.where('slug', 'in', mine) : query.where('slug', '=', '');
      const rows = await query.execute();
      return collection(
        c,
        'LeadDealership',
        rows.map((d) => ({
          '@id': `/api/dealers/${d.slug}`,
          '@type': 'LeadDealership',
          slug: d.slug,
          name: d.dealer_name,
        })),
        rows.length,
      );
    },
  );

  app.get(
    '/admin/leads/export.csv',
    op(
      'The filtered list as CSV (same filters as the inbox; sensitive finance fields never in it).',
      {
        200: { description: 'CSV, one lead a row.', content: { 'text/csv': { schema: { type: 'string' } } } },
        ...problems(400),
      },
      { parameters: FILTERS },
    ),
    read,
    async (c) => {
      const { rows } = await select(c, null);
      const leads = await present(db, rows);
      const header = [
        'created_at',
        'id',
        'kind',
        'form_name',
        'dealer_slug',
        'status',
        'name',
        'email',
        'phone',
        'subject',
        'assignee',
        'response_minutes',
        'email_delivery',
        'webhook_delivery',
      ];
      const lines = leads.map((l) =>
        [
          l.created_at,
          l.id,
          l.kind,
          l.form_name,
          l.dealer_slug,
          l.status,
          l.name,
          l.email,
          l.phone,
          l.subject,
          l.assignee?.name,
          l.response_minutes,
          l.delivery.find((d) => d.channel === 'email')?.status ?? 'not configured',
          l.delivery.find((d) => d.channel === 'webhook')?.status ?? 'not configured',
        ]
          .map(csvCell)
          .join(','),
      );
      return c.body(`${[header.join(','), ...lines].join('\r\n')}\r\n`, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      });
    },
  );

  app.get(
    '/admin/leads/:id',
    op('One lead: the record, the vehicle, notes, delivery state and the statuses it may move to.', {
      200: ld(LeadDetail, 'The lead.'),
      ...problems(NOT_YOURS),
    }),
    read,
    byId,
    async (c) => {
      const lead = await leadOf(c);
      return item(c, 'Lead', `/api/admin/leads/${lead.id}`, await presentDetail(db, lead));
    },
  );

  app.get(
    '/admin/leads/:id/assignees',
    op(
      "Who this lead may be assigned to: the staff members of its dealership (the assignee picker's choices).",
      {
        200: ld(
          v.pipe(collectionOf(LeadAssignee), v.metadata({ ref: 'LeadAssigneeCollection' })),
          'Staff of the dealership, by name.',
        ),
        ...problems(NOT_YOURS),
      },
    ),
    read,
    byId,
    async (c) => {
      const lead = await leadOf(c);
      const staff = await assigneesOf(db, lead.dealer_slug);
      return collection(
        c,
        'LeadAssignee',
        staff.map((s) => ({ '@id': `/api/admin/staff/${s.id}`, '@type': 'LeadAssignee', ...s })),
        staff.length,
      );
    },
  );

  app.patch(
    '/admin/leads/:id',
    op(
      'Work a lead: move its status, assign it to a staff member of its dealership, add a note.',
      {
        200: ld(LeadDetail, 'The lead after the change.'),
        ...problems(
          400,
          NOT_YOURS,
          [
            409,
            'That status move is not allowed from the current status (the detail lists the allowed ones).',
          ],
          413,
          415,
          422,
        ),
      },
      { requestBody: jsonBody(LeadUpdateInput) },
    ),
    read,
    byId,
    jsonInput,
    async (c) => {
      const p = principalOf(c);
      const lead = await leadOf(c);
      const input = validate(LeadUpdateInput, c.var.body);
      if (input.status === undefined && input.assignee_id === undefined && input.note === undefined)
        throw badRequest('Send a status, an assignee_id or a note.');
      await workLead(db, p, lead, input, clientAddress(c, deps.config.trustProxy));
      const after = await findLead(db, p, lead.id);
      return item(c, 'Lead', `/api/admin/leads/${lead.id}`, await presentDetail(db, after));
    },
  );

  app.post(
    '/admin/leads/:id/reveal',
    revealOp(
      "Reveal one finance application's ID number, bank details and amounts (recorded in the audit log).",
      {
        200: ld(RevealedFields, 'The decrypted fields.'),
        ...problems([404, 'No such lead in your dealership(s), or it has no encrypted fields (an enquiry).']),
      },
    ),
    requireScope(deps, 'leads:reveal'),
    byId,
    async (c) => {
      const lead = await leadOf(c);
      const fields = sensitiveFieldsOf(crypto, lead);
      if (!fields) throw new ApiError(404, `Lead '${lead.id}' has no encrypted fields to reveal.`);
      // Which fields were shown, never their values.
      await audit(c, deps.db, deps.config.trustProxy, {
        action: 'lead.reveal',
        resource: 'lead',
        resourceId: lead.id,
        after: { fields: Object.keys(fields) },
      });
      return item(c, 'RevealedFields', `/api/admin/leads/${lead.id}/reveal`, { id: lead.id, fields });
    },
  );

  app.post(
    '/admin/leads/:id/deliveries/:channel/retry',
    op('Retry a dead delivery now (e-mail or webhook): it gets a fresh retry window.', {
      200: ld(LeadDetail, 'The lead, its delivery pending again.'),
      ...problems(
        400,
        [404, 'No such lead in your dealership(s), or no delivery on that channel.'],
        [409, 'That delivery is not dead (it is delivered or still being retried).'],
      ),
    }),
    read,
    checkPath(Channel),
    async (c) => {
      const lead = await leadOf(c);
      const channel = c.req.param('channel') as 'email' | 'webhook';
      const job = await db
        .selectFrom('lead_outbox')
        .selectAll()
        .where('lead_id', '=', lead.id)
        .where('channel', '=', channel)
        .executeTakeFirst();
      if (!job) throw new ApiError(404, `Lead '${lead.id}' has no ${channel} delivery.`);
      const now = Date.now();
      const r = await db
        .updateTable('lead_outbox')
        .set({
          status: 'pending',
          next_attempt_at: now,
          created_at: now,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'dead')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1)
        throw new ApiError(
          409,
          `The ${channel} delivery is ${job.status}, not dead: there is nothing to retry.`,
        );
      await audit(c, deps.db, deps.config.trustProxy, {
        action: 'lead.retry',
        resource: 'lead',
        resourceId: lead.id,
        after: { channel },
      });
      notifyOutbox();
      return item(c, 'Lead', `/api/admin/leads/${lead.id}`, await presentDetail(db, lead));
    },
  );
  return app;
}
