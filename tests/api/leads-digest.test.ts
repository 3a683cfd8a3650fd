/**
 * The daily digest (issue 13) on every engine, through a real SMTP server on loopback: one e-mail per
 * dealership listing its leads still New for over an hour; contacted leads and fresh ones are left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { sendDigests } from '../../src/server/leads/digest.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { enquiry, LEAD_ENV, post } from './lead-fixtures.ts';
import { startSmtp } from './lead-receivers.ts';

describe.each(ENGINES)('lead digest on %s', (engine) => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await openTestApi(engine, { ...LEAD_ENV, SMTP_URL: smtp.url, LEAD_WORKER: 'off' });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('mails each dealership its leads not yet contacted', async () => {
    const db = withLeadTables(api.deps.db);
    const ago = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const make = async (dealer: string, first: string) => {
      const r = await post(
        api,
        '/api/customer_enquiries',
        enquiry({ dealer_slug: dealer, first_name: first }),
      );
      await db.updateTable('leads').set({ created_at: ago }).where('id', '=', String(r.body.id)).execute();
      return String(r.body.id);
    };
    await make('motus-subaru-west-rand', 'Lerato');
    await make('motus-subaru-west-rand', 'Bongani');
    const contacted = await make('motus-subaru-pretoria', 'Contacted');
    await db.updateTable('leads').set({ stage: 'Contacted' }).where('id', '=', contacted).execute();
    await post(
      api,
      '/api/customer_enquiries',
      enquiry({ dealer_slug: 'motus-subaru-pretoria', first_name: 'Fresh' }),
    );

    const transport = smtpTransport(api.deps.config.leads);
    if (!transport) throw new Error('SMTP_URL is set');
    const sent = await sendDigests(api.deps, transport);
    expect(sent.map((d) => [d.dealer, d.leads])).toEqual([['motus-subaru-west-rand', 2]]);
    expect(smtp.messages).toHaveLength(1);
    const raw = smtp.messages[0]?.raw ?? '';
    expect(raw).toContain('2 leads not yet contacted');
    expect(raw).toContain('Lerato');
    expect(raw).toContain('Bongani');
    expect(raw).not.toContain('Fresh');
    expect(raw).not.toContain('@example.co.za'); // first names only, no addresses
    // Times on the dealership's clock, not UTC.
    const local = new Intl.DateTimeFormat('en-ZA', {
      timeZone: 'Africa/Johannesburg',
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(ago));
    expect(raw.replace(/=\r?\n/g, '')).toContain(local);
    expect(raw).not.toContain(' UTC');
  });
});
