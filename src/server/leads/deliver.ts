/**
 * Sends one outbox job: the lead by e-mail to its dealership (vehicle leads with an ADF/XML attachment)
 * or as signed JSON to the CRM webhook. Both carry the job id so a receiver can drop a repeat
 * (Message-ID for mail, Idempotency-Key for the webhook): delivery is at least once, never concurrent.
 */
import { createHmac } from 'node:crypto';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import type { Transport } from '../mail/transport.ts';
import { type AdfLead, buildAdf } from './adf.ts';
import { type LeadCrypto, sensitiveFieldsOf } from './crypto.ts';
import type { OutboxJob } from './outbox.ts';

const VEHICLE_FORMS = new Set(['new', 'used', 'special', 'test-drive', 'finance', 'service', 'valuation']);
/** Forms about the customer's own car (ADF status "used"). */
const OWN_CAR_FORMS = new Set(['used', 'service', 'valuation']);
const INTEREST: Record<string, 'test-drive' | 'trade-in' | undefined> = {
  'test-drive': 'test-drive',
  valuation: 'trade-in',
  service: undefined,
};

export interface LoadedLead {
  id: string;
  kind: 'enquiry' | 'finance';
  form_name: string;
  lead_type: string;
  source_code: string;
  created_at: string;
  record: Record<string, unknown>;
  sensitive: Record<string, unknown>;
  dealer: { slug: string; dealer_name: string; email: string };
  vehicle?: { year: number; price: number; variant: string };
}

export async function loadLead(deps: Deps, crypto: LeadCrypto, leadId: string): Promise<LoadedLead> {
  const row = await withLeadTables(deps.db)
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', leadId)
    .executeTakeFirstOrThrow();
  const dealer = (await deps.db
    .selectFrom('dealers')
    .select(['slug', 'dealer_name', 'email'])
    .where('slug', '=', row.dealer_slug)
    .executeTakeFirst()) ?? { slug: row.dealer_slug, dealer_name: row.dealer_slug, email: '' };
  const record = JSON.parse(row.record) as Record<string, unknown>;
  const sensitive = sensitiveFieldsOf(crypto, row) ?? {};
  const vehicleId = typeof record.vehicle_id === 'number' ? record.vehicle_id : undefined;
  const vehicle = vehicleId
    ? await deps.db
        .selectFrom('vehicles')
        .select(['year', 'price', 'variant'])
        .where('id', '=', vehicleId)
        .executeTakeFirst()
    : undefined;
  return { ...row, record, sensitive, dealer, vehicle };
}

const str = (x: unknown) => (x === undefined || x === null ? undefined : String(x));
const num = (x: unknown) => (typeof x === 'number' ? x : undefined);

/** A booked visit as ADF's timeframe: the slot in SAST (UTC+2). */
function timeframe(r: Record<string, unknown>, form: string): AdfLead['customer']['timeframe'] {
  if (typeof r.preferred_date !== 'string' || typeof r.preferred_time !== 'string') return undefined;
  const what = form === 'service' ? 'Service' : 'Test drive';
  return {
    description: `${what} on ${r.preferred_date} at ${r.preferred_time}`,
    earliest: `${r.preferred_date}T${r.preferred_time}:00+02:00`,
  };
}

function vehicleComments(r: Record<string, unknown>): string | undefined {
  const parts = [
    r.service_type ? `Service: ${r.service_type}` : '',
    r.registration ? `Registration: ${r.registration}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}

function adfFor(lead: LoadedLead, source: string): AdfLead {
  const r = lead.record;
  const finance = lead.kind === 'finance';
  return {
    id: lead.id,
    requestDate: lead.created_at,
    source,
    serviceCode: lead.source_code,
    vehicle: VEHICLE_FORMS.has(lead.form_name)
      ? {
          interest: lead.form_name in INTEREST ? INTEREST[lead.form_name] : 'buy',
          status: (finance ? r.variant === 'used' : OWN_CAR_FORMS.has(lead.form_name)) ? 'used' : 'new',
          year: lead.vehicle?.year ?? num(r.year),
          make: str(r.make),
          model: str(r.model),
          trim: finance ? undefined : (str(r.variant) ?? lead.vehicle?.variant),
          vin: str(r.vinNo),
          stock: str(r.vehicle_id),
          price: lead.vehicle?.price,
          odometer: num(r.mileage),
          condition: str(r.condition)?.toLowerCase(),
          images: Array.isArray(r.photos) ? r.photos.map(String) : undefined,
          comments: vehicleComments(r),
        }
      : undefined,
    customer: {
      firstName: String(r.first_name ?? r.firstName ?? ''),
      lastName: String(r.last_name ?? r.surname ?? ''),
      email: String(r.email ?? ''),
      phone: String(r.cell_phone ?? r.phone ?? ''),
      comments: str(r.message),
      timeframe: timeframe(r, lead.form_name),
    },
    vendor: { name: lead.dealer.dealer_name, email: lead.dealer.email || undefined },
  };
}

/** The whole lead as the dealership and CRM need it, sensitive fields decrypted. */
function fullLead(lead: LoadedLead) {
  return { ...lead.record, ...lead.sensitive };
}

function textBody(lead: LoadedLead): string {
  const lines = Object.entries(fullLead(lead))
    .filter(([k, v]) => v !== null && v !== undefined && v !== '' && !k.startsWith('@'))
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return [
    `A new ${lead.lead_type} lead from the website for ${lead.dealer.dealer_name}.`,
    '',
    ...lines,
    '',
  ].join('\n');
}

export async function sendEmail(deps: Deps, transport: Transport, lead: LoadedLead, job: OutboxJob) {
  const { fromEmail, toEmailOverride } = deps.config.leads;
  const to = toEmailOverride ?? lead.dealer.email;
  if (!to) throw new Error(`dealer ${lead.dealer.slug} has no e-mail address`);
  const r = lead.record;
  const name = `${r.first_name ?? r.firstName ?? ''} ${r.last_name ?? r.surname ?? ''}`.trim();
  const source = `${deps.config.brandName} dealer group website`;
  await transport.sendMail({
    from: { name: source, address: fromEmail },
    to,
    replyTo: typeof r.email === 'string' ? r.email : undefined,
    subject: `${lead.lead_type}: ${name}`.replace(/\s+/g, ' '),
    messageId: `<${job.id}@leads.${new URL(deps.config.siteUrl).hostname}>`,
    headers: { 'X-Lead-Id': lead.id, 'X-Lead-Source-Code': lead.source_code },
    text: textBody(lead),
    attachments: VEHICLE_FORMS.has(lead.form_name)
      ? [
          {
            filename: `lead-${lead.id}.adf.xml`,
            content: buildAdf(adfFor(lead, source)),
            contentType: 'application/xml; charset=utf-8',
          },
        ]
      : [],
  });
}

/** `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe-style, replay-resistant). */
export function signWebhook(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export async function postWebhook(deps: Deps, lead: LoadedLead, job: OutboxJob) {
  const { webhookUrl, webhookSecret, sendTimeoutMs } = deps.config.leads;
  if (!webhookUrl) throw new Error('CRM_WEBHOOK_URL is not set');
  const body = JSON.stringify({
    event: 'lead.created',
    delivery_id: job.id,
    lead_id: lead.id,
    kind: lead.kind,
    dealer: { slug: lead.dealer.slug, name: lead.dealer.dealer_name, email: lead.dealer.email },
    lead: fullLead(lead),
  });
  const res = await fetch(webhookUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': job.id,
      'X-Lead-Id': lead.id,
      'X-Signature': signWebhook(webhookSecret, body),
    },
    body,
    signal: AbortSignal.timeout(sendTimeoutMs),
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
}
