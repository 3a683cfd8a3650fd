/**
 * The health of lead delivery (issue 25 §4), for the admin's home and the leads screens: per channel,
 * whether it is configured at all, how many deliveries wait and since when, the dead letters and the
 * last success. Counted over the leads of the dealerships the caller may see.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../config/server.ts';
import type { ChannelHealth } from '../../contract/lead-inbox.ts';
import type { Principal } from '../auth/principal.ts';
import type { LeadDatabase } from '../db/schema-leads.ts';
import { leadScopeOf } from './inbox.ts';

const iso = (ms: number | string | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

export async function deliveryHealth(
  db: Kysely<LeadDatabase>,
  config: Config,
  p: Principal,
): Promise<ChannelHealth[]> {
  const dealers = leadScopeOf(p);
  let q = db
    .selectFrom('lead_outbox')
    .innerJoin('leads', 'leads.id', 'lead_outbox.lead_id')
    .select((eb) => [
      'lead_outbox.channel as channel',
      eb.fn
        .sum<number>(eb.case().when('lead_outbox.status', 'in', ['pending', 'sending']).then(1).else(0).end())
        .as('undelivered'),
      eb.fn
        .min<number>(
          eb
            .case()
            .when('lead_outbox.status', 'in', ['pending', 'sending'])
            .then(eb.ref('lead_outbox.created_at'))
            .else(null)
            .end(),
        )
        .as('oldest'),
      eb.fn.sum<number>(eb.case().when('lead_outbox.status', '=', 'dead').then(1).else(0).end()).as('dead'),
      eb.fn.max<number>('lead_outbox.delivered_at').as('last'),
    ])
    .groupBy('lead_outbox.channel');
  if (dealers)
    q = dealers.length ? q.where('leads.dealer_slug', 'in', dealers) : q.where('leads.id', '=', '');
  const rows = await q.execute();
  const configured = { email: Boolean(config.leads.smtpUrl), webhook: Boolean(config.leads.webhookUrl) };
  const setting = { email: 'SMTP_URL', webhook: 'CRM_WEBHOOK_URL' };
  return (['email', 'webhook'] as const).map((channel) => {
    const r = rows.find((x) => x.channel === channel);
    return {
      channel,
      configured: configured[channel],
      setting: setting[channel],
      undelivered: Number(r?.undelivered ?? 0),
      oldest_undelivered_at: iso(r?.oldest),
      dead: Number(r?.dead ?? 0),
      last_delivered_at: iso(r?.last),
    };
  });
}
