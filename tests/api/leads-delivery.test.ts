/**
 * Delivery against a real SMTP server and a real HTTP receiver on loopback, on every engine: e-mail with
 * ADF to the dealership, signed webhook, retries through an outage (every lead arrives, exactly once),
 * dead letters, restart and lease recovery, and two workers on one database never sending a job twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHOWCASE } from '../../src/demo/fixtures.ts';
import { openDb } from '../../src/server/db/client.ts';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { type LeadWorker, startLeadWorker } from '../../src/server/leads/worker.ts';
import { createLogger } from '../../src/server/log.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, finance, LEAD_ENV, post, serviceFields } from './lead-fixtures.ts';
import { startReceiver, startSmtp, waitFor } from './lead-receivers.ts';

const SECRET = 'test-webhook-secret-0123456789';
const silent = createLogger('silent');
const FAST = {
  LEAD_WORKER_POLL: '20ms',
  LEAD_RETRY_BASE: '40ms',
  LEAD_RETRY_MAX_DELAY: '150ms',
  LEAD_LEASE: '5s',
  LEAD_SEND_TIMEOUT: '2s',
};

describe.each(ENGINES)('lead delivery on %s', (engine) => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let crm: Awaited<ReturnType<typeof startReceiver>>;
  const workers: LeadWorker[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    crm = await startReceiver(SECRET);
    api = await openTestApi(engine, {
      ...LEAD_ENV,
      ...FAST,
      SMTP_URL: smtp.url,
      CRM_WEBHOOK_URL: crm.url,
      CRM_WEBHOOK_SECRET: SECRET,
    });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await crm.start(); // a test that stopped the receiver leaves it running again
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
    await crm.stop();
  });

  const jobsOf = (leadId: string) =>
    leadDb(api).selectFrom('lead_outbox').selectAll().where('lead_id', '=', leadId).execute();
  const allDelivered = async (ids: string[]) => {
    const jobs = await leadDb(api)
      .selectFrom('lead_outbox')
      .select(['status'])
      .where('lead_id', 'in', ids)
      .execute();
    return jobs.length === ids.length * 2 && jobs.every((j) => j.status === 'delivered');
  };
  const worker = (deps = api.deps, id?: string, logger = silent) => {
    const w = startLeadWorker(deps, logger, { id });
    workers.push(w);
    return w;
  };

  it('e-mails each lead to its dealership with an ADF attachment for vehicle leads, and posts it signed to the CRM', async () => {
    const used = await post<{ id: string }>(
      api,
      '/api/customer_enquiries',
      enquiry({
        form_name: 'used',
        make: 'Subaru',
        model: 'Forester',
        vehicle_id: SHOWCASE.id,
        first_name: 'Zanele & Co',
      }),
    );
    const contact = await post<{ id: string }>(
      api,
      '/api/customer_enquiries',
      enquiry({ dealer_slug: 'motus-subaru-pretoria' }),
    );
    const fin = await post<{ id: string }>(api, '/api/finance_applications', finance());
    const booking = serviceFields();
    const svc = await post<{ id: string }>(
      api,
      '/api/customer_enquiries',
      enquiry({ form_name: 'service', dealer_slug: 'motus-subaru-pretoria', ...booking }),
    );
    expect(svc.status).toBe(201);
    const ids = [used.body.id, contact.body.id, fin.body.id, svc.body.id];
    worker();
    await waitFor(() => allDelivered(ids), 10_000, 'delivery');

    const mailFor = (id: string) => smtp.messages.find((m) => m.raw.includes(`X-Lead-ID: ${id}`));
    const usedMail = mailFor(used.body.id);
    expect(usedMail?.to).toEqual([await dealerEmail('motus-subaru-west-rand')]);
    expect(usedMail?.raw).toContain(`lead-${used.body.id}.adf.xml`);
    const adf = decodeAttachment(usedMail?.raw ?? '');
    expect(adf).toContain('<?adf version="1.0"?>');
    expect(adf).toContain('<vehicle interest="buy" status="used">');
    expect(adf).toContain(`<stock>${SHOWCASE.id}</stock>`);
    expect(adf).toContain('<name part="first">Zanele &amp; Co</name>');
    const contactMail = mailFor(contact.body.id);
    expect(contactMail?.to).toEqual([await dealerEmail('motus-subaru-pretoria')]);
    expect(contactMail?.raw).not.toContain('.adf.xml');
    // A service booking travels with its slot (ADF timeframe), car and service type.
    const svcAdf = decodeAttachment(mailFor(svc.body.id)?.raw ?? '');
    expect(svcAdf).toContain('<vehicle status="used">');
    expect(svcAdf).toContain('<odometer status="original" units="km">85000</odometer>');
    expect(svcAdf).toContain('<comments>Service: Major service; Registration: CA123456</comments>');
    expect(svcAdf).toContain(
      `<timeframe><description>Service on ${booking.preferred_date} at ${booking.preferred_time}</description><earliestdate>${booking.preferred_date}T${booking.preferred_time}:00+02:00</earliestdate></timeframe>`,
    );
    // The dealership gets the finance application in full: it is decrypted for delivery only.
    expect(mailFor(fin.body.id)?.raw).toContain('idNumber: 8001015009087');

    const hooks = crm.hooks.filter((h) => ids.includes(h.body.lead_id));
    expect(hooks).toHaveLength(4);
    expect(hooks.find((h) => h.body.lead_id === svc.body.id)?.body.lead).toMatchObject({
      preferred_date: booking.preferred_date,
      preferred_time: booking.preferred_time,
      service_type: 'Major service',
      registration: 'CA123456',
      mileage: 85000,
    });
    expect(hooks.every((h) => h.signatureValid)).toBe(true);
    for (const h of hooks) expect(h.headers['idempotency-key']).toBe(h.body.delivery_id);
    const finHook = hooks.find((h) => h.body.lead_id === fin.body.id);
    expect(finHook?.body.lead).toMatchObject({
      idNumber: '8001015009087',
      sourceCode: 'Group Website Subaru-Online Fin App',
    });
  });

  async function dealerEmail(slug: string) {
    return (
      await leadDb(api)
        .selectFrom('dealers')
        .select('email')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).email;
  }

  it('keeps retrying through a CRM outage and delivers every accepted lead exactly once when it is back', async () => {
    worker();
    const before = await Promise.all(
      Array.from({ length: 4 }, () => post<{ id: string }>(api, '/api/customer_enquiries', enquiry())),
    );
    await waitFor(() => allDelivered(before.map((r) => r.body.id)), 10_000, 'delivery before the outage');

    await crm.stop();
    const during = await Promise.all(
      Array.from({ length: 10 }, () => post<{ id: string }>(api, '/api/customer_enquiries', enquiry())),
    );
    const duringIds = during.map((r) => r.body.id);
    expect(during.every((r) => r.status === 201)).toBe(true);
    // The webhook jobs fail and are rescheduled with backoff (e-mail goes on regardless).
    await waitFor(
      async () => {
        const jobs = await leadDb(api)
          .selectFrom('lead_outbox')
          .selectAll()
          .where('lead_id', 'in', duringIds)
          .where('channel', '=', 'webhook')
          .execute();
        return jobs.every((j) => j.attempts >= 2 && j.status !== 'delivered' && (j.last_error ?? '') !== '');
      },
      10_000,
      'failed attempts',
    );
    await crm.start();
    const ids = [...before, ...during].map((r) => r.body.id);
    await waitFor(() => allDelivered(ids), 15_000, 'delivery after the outage');

    for (const id of ids) expect(crm.hooks.filter((h) => h.body.lead_id === id)).toHaveLength(1);
    for (const id of ids)
      expect(smtp.messages.filter((m) => m.raw.includes(`X-Lead-ID: ${id}`))).toHaveLength(1);
  });

  it('survives a restart: leads accepted while no worker runs, and a job left "sending" by a crashed worker, are delivered', async () => {
    const a = await post<{ id: string }>(api, '/api/customer_enquiries', enquiry());
    const b = await post<{ id: string }>(api, '/api/customer_enquiries', enquiry());
    // A worker claimed b's jobs and died: its lease has run out.
    await leadDb(api)
      .updateTable('lead_outbox')
      .set({ status: 'sending', lease_owner: 'crashed', lease_until: Date.now() - 1, attempts: 1 })
      .where('lead_id', '=', b.body.id)
      .execute();
    worker();
    await waitFor(() => allDelivered([a.body.id, b.body.id]), 10_000, 'delivery after restart');
    expect(crm.hooks.filter((h) => h.body.lead_id === b.body.id)).toHaveLength(1);
  });

  it('gives up after LEAD_RETRY_MAX_AGE and marks the job dead, with no personal data in the error', async () => {
    const r = await post<{ id: string }>(api, '/api/customer_enquiries', enquiry());
    await leadDb(api)
      .updateTable('lead_outbox')
      .set({ created_at: Date.now() - 100 * 3_600_000 })
      .where('lead_id', '=', r.body.id)
      .execute();
    await crm.stop();
    worker();
    await waitFor(
      async () => (await jobsOf(r.body.id)).some((j) => j.channel === 'webhook' && j.status === 'dead'),
      10_000,
      'dead letter',
    );
    const dead = (await jobsOf(r.body.id)).find((j) => j.channel === 'webhook');
    expect(dead?.attempts).toBe(1);
    expect(dead?.last_error).toBeTruthy();
    expect(dead?.last_error).not.toMatch(/@/);
  });

  it('two workers on separate connections to one database never deliver one job twice', async () => {
    const slow = await startReceiver(SECRET, { delayMs: 15 });
    const url = api.deps.config.databaseUrl;
    const second = await openDb(url);
    const third = await openDb(url);
    try {
      const config = { ...api.deps.config, leads: { ...api.deps.config.leads, webhookUrl: slow.url } };
      const depsA = { ...api.deps, db: second.db, config };
      const depsB = { ...api.deps, db: third.db, config };
      // Queue the leads first, then let both workers race for them.
      const posted = await Promise.all(
        Array.from({ length: 30 }, () => post<{ id: string }>(api, '/api/customer_enquiries', enquiry())),
      );
      const ids = posted.map((p) => p.body.id);
      const mailsBefore = smtp.messages.length;
      const sentBy: string[] = [];
      const recorder = {
        ...silent,
        info: (msg: string, f?: Record<string, unknown>) =>
          msg === 'lead delivered' && sentBy.push(String(f?.worker)),
      };
      worker(depsA, 'worker-a', recorder);
      worker(depsB, 'worker-b', recorder);
      await waitFor(() => allDelivered(ids), 20_000, 'delivery by two workers');
      const perLead = ids.map((id) => slow.hooks.filter((h) => h.body.lead_id === id).length);
      expect(perLead.every((n) => n === 1)).toBe(true);
      expect(new Set(slow.hooks.map((h) => h.headers['idempotency-key'])).size).toBe(slow.hooks.length);
      expect(smtp.messages.length - mailsBefore).toBe(30);
      // Both workers took part (each claims at most 10 jobs a pass, so neither can take all 60 at once).
      expect(new Set(sentBy)).toEqual(new Set(['worker-a', 'worker-b']));
      expect(sentBy).toHaveLength(60);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await second.destroy();
      await third.destroy();
      await slow.stop();
    }
  });
});

/** The base64 body of the ADF part of a raw MIME message. */
function decodeAttachment(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => p.includes('.adf.xml'));
  if (!part) return '';
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head ?? ''))
    return Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8');
  return content
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
}

function leadDb(api: TestApi) {
  return withLeadTables(api.deps.db);
}
