/**
 * Enquiry forms sent without JavaScript (src/server/forms/): a real form post to the page's own address
 * is stored through the JSON API's pipeline and answered with a 303 to the thank-you page, or the same
 * page again with the SPEC §5 messages under the fields and the typed values in place. The pages are
 * the enquiry island's own server rendering, as the build makes them. Both databases.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENQUIRY_MESSAGES } from '../../src/contract/forms/enquiry.ts';
import { SHOWCASE } from '../../src/demo/fixtures.ts';
import EnquiryForm, { type EnquiryFormProps } from '../../src/islands/enquiry-form/EnquiryForm.tsx';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';
import { leadCrypto } from '../../src/server/leads/crypto.ts';
import { createLogger } from '../../src/server/log.ts';
import { createAppServer, createServerApp } from '../../src/server/server.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { LEAD_ENV, slot, unique } from './lead-fixtures.ts';
import { filesUnder, picture } from './photo-files.ts';

const BUILD = '20261127-000000-000-form';
const DEALERS = [{ value: 'motus-subaru-west-rand', label: 'Motus Subaru West Rand', hours: [] }];

/** A page as the build writes it: the island's markup inside its <astro-island>. */
function page(title: string, props: EnquiryFormProps) {
  const form = renderToString(createElement(EnquiryForm, props));
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><astro-island uid="Z1" ssr client="painted">${form}</astro-island></main></body></html>`;
}

function writeSite(dir: string) {
  const build = join(dir, 'builds', BUILD);
  const at = (path: string, html: string) => {
    mkdirSync(join(build, path), { recursive: true });
    writeFileSync(join(build, path, 'index.html'), html);
  };
  const contact = page('Contact us', {
    form: 'contact',
    formId: 'contact',
    site: null,
    dealerOptions: DEALERS,
  });
  at('contact-us', contact);
  at(
    'dealer/west-rand/contact-us',
    page('Contact us', {
      form: 'contact',
      formId: 'contact',
      site: 'west-rand',
      dealerSlug: 'motus-subaru-west-rand',
    }),
  );
  at(
    'book-a-service',
    page('Book a service', { form: 'service', formId: 'service', site: null, dealerOptions: DEALERS }),
  );
  at('pre-owned/vehicle/enquire', page('Enquire', { form: 'used', formId: 'enquiry', site: null }));
  at(
    'sell-your-car',
    page('Sell your car', { form: 'valuation', formId: 'valuation', site: null, dealerOptions: DEALERS }),
  );
  at(
    'about-us',
    '<!DOCTYPE html><html lang="en"><head><title>About</title></head><body><p>About</p></body></html>',
  );
  mkdirSync(join(dir, 'uploads'), { recursive: true });
  symlinkSync(BUILD, join(dir, 'builds', 'current'));
}

const FORM = 'application/x-www-form-urlencoded';

function contactFields(over: Record<string, string | undefined> = {}) {
  const f: Record<string, string | undefined> = {
    first_name: 'Thandi',
    last_name: 'Nkosi',
    email: `thandi.${unique()}@example.co.za`,
    cell_phone: '082 123 4567',
    dealer_slug: 'motus-subaru-west-rand',
    message: 'Please call me after five.',
    contact: 'on',
    terms: 'on',
    website: '',
    form_name: 'contact',
    ...over,
  };
  return new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => e[1] !== undefined));
}

describe.each(ENGINES)('enquiry forms posted without JavaScript on %s', (engine) => {
  const dir = `data/test/form-posts-${engine}-${process.pid}`;
  let api: TestApi;
  let app: ReturnType<typeof createServerApp>;
  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    writeSite(dir);
    api = await openTestApi(engine, { ...LEAD_ENV, DATA_DIR: dir });
    app = createServerApp(api.deps, createLogger('silent'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => withLeadTables(api.deps.db);
  const leadsBy = async (email: string) =>
    (await db().selectFrom('leads').select(['id', 'form_name', 'dealer_slug', 'record']).execute()).filter(
      (l) => String(l.record).includes(email),
    );
  const post = (path: string, body: BodyInit, headers: Record<string, string> = { 'Content-Type': FORM }) =>
    app.request(path, {
      method: 'POST',
      body,
      headers: { 'X-Forwarded-For': `10.9.${unique().length}.1`, ...headers },
    });

  it('a complete contact form is stored with its consent and outbox row and answered 303 to the thank-you page', async () => {
    const fields = contactFields();
    const res = await post('/contact-us', fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/contact-us/thank-you');
    const [lead] = await leadsBy(fields.get('email') as string);
    expect(lead?.form_name).toBe('contact');
    const record = JSON.parse(String(lead?.record));
    expect(record).toMatchObject({ uri: '/contact-us', lead_type: 'General Enquiry', consent: true });
    const outbox = await db()
      .selectFrom('lead_outbox')
      .select('lead_id')
      .where('lead_id', '=', lead?.id as string)
      .execute();
    expect(outbox).toHaveLength(1);
    const consent = await db()
      .selectFrom('lead_consents')
      .select('lead_id')
      .where('lead_id', '=', lead?.id as string)
      .execute();
    expect(consent).toHaveLength(1);
  });

  it('the dealer twin thanks under its own prefix and the lead goes to the page dealer', async () => {
    const fields = contactFields({ dealer_slug: undefined });
    const res = await post('/dealer/west-rand/contact-us', fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/dealer/west-rand/contact-us/thank-you');
    expect(await leadsBy(fields.get('email') as string)).toHaveLength(1);
  });

  it('an empty form comes back 422 as the same page with the SPEC messages in order, a focused summary and nothing stored', async () => {
    const before = await db().selectFrom('leads').select('id').execute();
    const res = await post(
      '/contact-us',
      new URLSearchParams({ form_name: 'contact', dealer_slug: '', website: '' }),
    );
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const doc = parse(await res.text());
    expect(doc.querySelector('title')?.text).toBe('Error: Contact us');
    const summary = doc.querySelector('#contact-error-summary');
    expect(summary?.getAttribute('autofocus')).toBe('');
    expect(summary?.querySelectorAll('li').map((li) => li.text)).toEqual([
      ENQUIRY_MESSAGES.first_name,
      ENQUIRY_MESSAGES.last_name,
      ENQUIRY_MESSAGES.email,
      ENQUIRY_MESSAGES.cell_phone,
      ENQUIRY_MESSAGES.dealer_slug,
      ENQUIRY_MESSAGES.contact,
    ]);
    expect(summary?.querySelector('a')?.getAttribute('href')).toBe('#contact-first_name');
    const first = doc.querySelector('#contact-first_name');
    expect(first?.getAttribute('aria-invalid')).toBe('true');
    expect(first?.getAttribute('aria-describedby')).toContain('contact-first_name-error');
    expect(doc.querySelector('#contact-first_name-error')?.text).toBe(ENQUIRY_MESSAGES.first_name);
    // The form stays a plain form: its island is unwrapped so no script re-renders it.
    expect(doc.querySelector('astro-island')).toBeNull();
    expect(doc.querySelector('form[data-lead-form]')?.getAttribute('method')).toBe('post');
    expect(await db().selectFrom('leads').select('id').execute()).toHaveLength(before.length);
  });

  it('a bad phone number comes back with its message and every typed value in place, the honeypot empty', async () => {
    const fields = contactFields({
      cell_phone: '12345',
      message: 'Call me </textarea><b>"after" five</b> & not before',
      first_name: 'Thandi "TJ" <Nkosi>',
      terms: undefined,
      website: '',
    });
    const res = await post('/contact-us', fields);
    expect(res.status).toBe(422);
    const doc = parse(await res.text());
    const errors = doc.querySelectorAll('#contact-error-summary li').map((li) => li.text);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/phone/i);
    expect(errors[1]).toBe(ENQUIRY_MESSAGES.terms);
    expect(doc.querySelector('#contact-first_name')?.getAttribute('value')).toBe('Thandi "TJ" <Nkosi>');
    expect(doc.querySelector('#contact-cell_phone')?.getAttribute('value')).toBe('12345');
    expect(doc.querySelector('#contact-email')?.getAttribute('value')).toBe(fields.get('email'));
    expect(doc.querySelector('#contact-message')?.text).toBe(
      'Call me </textarea><b>"after" five</b> & not before',
    );
    expect(doc.querySelector('#contact-contact')?.hasAttribute('checked')).toBe(true);
    expect(doc.querySelector('#contact-terms')?.hasAttribute('checked')).toBe(false);
    expect(
      doc
        .querySelector('#contact-dealer_slug option[value="motus-subaru-west-rand"]')
        ?.hasAttribute('selected'),
    ).toBe(true);
    expect(doc.querySelector('#contact-website')?.getAttribute('value') ?? '').toBe('');
  });

  it('a double submit stores one lead: both answers go to the thank-you page', async () => {
    const fields = contactFields();
    const headers = { 'Content-Type': FORM, 'X-Forwarded-For': '10.77.0.1' };
    const [a, b] = await Promise.all([
      post('/contact-us', fields, headers),
      post('/contact-us', fields, headers),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(b.headers.get('Location')).toBe('/contact-us/thank-you');
    const again = await post('/contact-us', fields, headers);
    expect(again.status).toBe(303);
    expect(await leadsBy(fields.get('email') as string)).toHaveLength(1);
  });

  it('a double click whose first post the browser cancels stores one lead, keyed to its address', async () => {
    // Over a real socket, as a browser double-clicks Send without scripts: the page came over a
    // keep-alive connection, the first post goes on it, and the second submit cancels the first, which
    // resets that connection while the server still reads the post. A closed socket forgets its peer's
    // address: the first post was keyed to "unknown", and the second, not its twin, was stored too.
    const server = createAppServer(app);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      const fields = contactFields();
      const body = fields.toString();
      const cancelled = connect(port, '127.0.0.1');
      const answered = (text: string) =>
        new Promise<void>((done) => {
          let got = '';
          const read = (chunk: Buffer) => {
            got += chunk.toString('latin1');
            if (!got.includes(text)) return;
            cancelled.off('data', read);
            done();
          };
          cancelled.on('data', read);
        });
      const page = answered('</html>');
      cancelled.write(`GET /contact-us HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await page;
      cancelled.write(
        `POST /contact-us HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${FORM}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        () => cancelled.resetAndDestroy(),
      );
      const email = fields.get('email') as string;
      await vi.waitFor(async () => expect(await leadsBy(email)).toHaveLength(1), { timeout: 10_000 });
      const second = await fetch(`http://127.0.0.1:${port}/contact-us`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': FORM },
        redirect: 'manual',
      });
      expect(second.status).toBe(303);
      const leads = await leadsBy(email);
      expect(leads).toHaveLength(1);
      const [kept] = await db()
        .selectFrom('leads')
        .select('ip_hash')
        .where('id', '=', leads[0]?.id as string)
        .execute();
      expect(kept?.ip_hash).toBe(leadCrypto(api.deps.config.leads.encryptionKey).hashIp('127.0.0.1'));
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it('the static page carries an empty key field; an answered page carries a fresh key, which makes its double submit one lead', async () => {
    const empty = parse(
      renderToString(
        createElement(EnquiryForm, {
          form: 'contact',
          formId: 'contact',
          site: null,
          dealerOptions: DEALERS,
        }),
      ),
    );
    expect(empty.querySelector('input[name="idempotency_key"]')?.getAttribute('value')).toBe('');
    const headers = { 'Content-Type': FORM, 'X-Forwarded-For': '10.78.0.1' };
    const bad = await post('/contact-us', contactFields({ cell_phone: '12345' }), headers);
    expect(bad.status).toBe(422);
    const key = parse(await bad.text())
      .querySelector('input[name="idempotency_key"]')
      ?.getAttribute('value');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const again = await post('/contact-us', contactFields({ cell_phone: '12345' }), headers);
    const other = parse(await again.text())
      .querySelector('input[name="idempotency_key"]')
      ?.getAttribute('value');
    expect(other).not.toBe(key);

    const fields = contactFields({ idempotency_key: key });
    const [a, b] = await Promise.all([
      post('/contact-us', fields, headers),
      post('/contact-us', fields, headers),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(await leadsBy(fields.get('email') as string)).toHaveLength(1);
    // Back in the history after sending, the same page's key with changed fields is another enquiry.
    const changed = contactFields({ idempotency_key: key, message: 'And the roof racks, please.' });
    expect((await post('/contact-us', changed, headers)).status).toBe(303);
    expect(await leadsBy(changed.get('email') as string)).toHaveLength(1);
    // The same fields under a new key (a new visit to the page) are a new lead: the key is per page view.
    const twice = contactFields({
      email: fields.get('email') as string,
      idempotency_key: 'another-view-key',
    });
    twice.set('message', fields.get('message') as string);
    expect((await post('/contact-us', twice, headers)).status).toBe(303);
    expect(await leadsBy(fields.get('email') as string)).toHaveLength(2);
  });

  it('refuses a key that is not 1 to 200 visible characters, naming the field', async () => {
    const res = await post('/contact-us', contactFields({ idempotency_key: 'has space' }));
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain('idempotency_key');
  });

  it('a multipart form is read the same way', async () => {
    const fields = contactFields();
    const body = new FormData();
    for (const [k, v] of fields) body.append(k, v);
    const res = await app.request('/contact-us', { method: 'POST', body });
    expect(res.status).toBe(303);
    expect(await leadsBy(fields.get('email') as string)).toHaveLength(1);
  });

  /** A valuation sent as the browser sends it without scripts: multipart, with its photo files. */
  const valuation = (
    files: { data: Buffer; name: string; type?: string }[],
    over: Record<string, string> = {},
  ) => {
    const body = new FormData();
    const fields = contactFields({
      form_name: 'valuation',
      manufacturer: 'Toyota',
      model: 'Corolla 1.8',
      year: '2017',
      mileage: '123 400',
      condition: 'Good',
      ...over,
    });
    for (const [k, v] of fields) body.append(k, v);
    for (const f of files)
      body.append(
        'photo_files',
        new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }),
        f.name,
      );
    // An empty file input is sent as a part without a name or bytes.
    if (!files.length) body.append('photo_files', new Blob([], { type: 'application/octet-stream' }), '');
    return { body, email: fields.get('email') as string };
  };
  const photosOf = async (email: string) => {
    const [lead] = await leadsBy(email);
    return (JSON.parse(String(lead?.record)).photos ?? []) as string[];
  };

  it('the valuation page is a multipart form whose file input sends photos with it', () => {
    const html = renderToString(
      createElement(EnquiryForm, {
        form: 'valuation',
        formId: 'valuation',
        site: null,
        dealerOptions: DEALERS,
      }),
    );
    const form = parse(html).querySelector('form');
    expect(form?.getAttribute('enctype')).toBe('multipart/form-data');
    expect(form?.getAttribute('method')).toBe('post');
    const input = parse(html).querySelector('input[type="file"]');
    expect(input?.getAttribute('name')).toBe('photo_files');
    expect(input?.getAttribute('aria-label')).toBe('Photos of your car');
  });

  it('a valuation posted without scripts stores its photos privately, re-encoded, and links them in the lead', async () => {
    const photo = await picture(1800, 900);
    const { body, email } = valuation([
      { data: photo, name: 'front.jpg' },
      { data: await picture(1200, 900, '#c0392b'), name: 'side.jpg' },
    ]);
    const res = await app.request('/sell-your-car', { method: 'POST', body });
    expect(res.status, await res.clone().text()).toBe(303);
    expect(res.headers.get('Location')).toBe('/sell-your-car/thank-you');
    const photos = await photosOf(email);
    expect(photos).toHaveLength(2);
    for (const url of photos) expect(url).toMatch(/\/api\/lead_photos\/[0-9a-f-]{36}$/);
    const stored = filesUnder(join(dir, 'private')).filter((f) => f.includes('lead-photos'));
    for (const url of photos) expect(stored.some((f) => f.includes(url.slice(-36)))).toBe(true);
    // Kept as a JPEG without the phone's EXIF, as the JSON path keeps it.
    const id = photos[0]?.slice(-36) as string;
    const file = stored.find((f) => f.includes(id)) as string;
    const { default: sharp } = await import('sharp');
    const meta = await sharp(join(dir, 'private', file)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('a valuation without photos (an empty file input) is stored', async () => {
    const { body, email } = valuation([]);
    const res = await app.request('/sell-your-car', { method: 'POST', body });
    expect(res.status).toBe(303);
    expect(await photosOf(email)).toEqual([]);
    expect(await leadsBy(email)).toHaveLength(1);
  });

  it('a double submit of a valuation with photos stores one lead', async () => {
    const photo = await picture(1600, 1000, '#2e7d32');
    const one = valuation([{ data: photo, name: 'rear.jpg' }]);
    const two = valuation([{ data: photo, name: 'rear.jpg' }], { email: one.email });
    const headers = { 'X-Forwarded-For': '10.79.0.1' };
    const [a, b] = await Promise.all([
      app.request('/sell-your-car', { method: 'POST', body: one.body, headers }),
      app.request('/sell-your-car', { method: 'POST', body: two.body, headers }),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(await leadsBy(one.email)).toHaveLength(1);
  });

  it('a file that is no photo comes back under the photo field with its name and the other errors; a good photo is kept', async () => {
    const good = await picture(1600, 1000, '#6a1b9a');
    const { body, email } = valuation(
      [
        { data: good, name: 'front.jpg' },
        { data: Buffer.from('my notes, not a photo'), name: 'notes.jpg' },
      ],
      { year: '' },
    );
    const res = await app.request('/sell-your-car', { method: 'POST', body });
    expect(res.status).toBe(422);
    const doc = parse(await res.text());
    const errors = doc.querySelectorAll('#valuation-error-summary li').map((li) => li.text);
    expect(errors).toEqual([
      ENQUIRY_MESSAGES.year,
      expect.stringMatching(/^notes\.jpg: .*not a JPEG, PNG, WebP or HEIC/),
    ]);
    expect(doc.querySelector('#valuation-photos')?.getAttribute('aria-invalid')).toBe('true');
    expect(doc.querySelector('#valuation-manufacturer')?.getAttribute('value')).toBe('Toyota');
    const kept = doc
      .querySelectorAll('input[type="hidden"][name="photos"]')
      .map((i) => i.getAttribute('value'));
    expect(kept).toHaveLength(1);
    expect(doc.querySelector('.photo-kept')?.text).toContain('One photo you sent is kept');
    expect(await leadsBy(email)).toHaveLength(0);

    // Corrected: the kept photo goes with the lead, without choosing it again.
    const fixed = new FormData();
    for (const [k, v] of contactFields({
      email,
      form_name: 'valuation',
      manufacturer: 'Toyota',
      model: 'Corolla 1.8',
      year: '2017',
      mileage: '123 400',
      condition: 'Good',
    }))
      fixed.append(k, v);
    fixed.append('photos', kept[0] as string);
    const sent = await app.request('/sell-your-car', { method: 'POST', body: fixed });
    expect(sent.status).toBe(303);
    expect((await photosOf(email)).map((u) => u.slice(-36))).toEqual(kept);
  });

  it('more than 8 photos are refused with the schema’s words, and a photo form takes bodies larger than 64 KB', async () => {
    const small = await picture(400, 300);
    const many = Array.from({ length: 9 }, (_, i) => ({ data: small, name: `p${i}.jpg` }));
    const res = await app.request('/sell-your-car', { method: 'POST', body: valuation(many).body });
    expect(res.status).toBe(422);
    const doc = parse(await res.text());
    expect(doc.querySelector('#valuation-photos-error')?.text).toBe('Please send at most 8 photos');
    // A photo larger than 64 KB is no 413 on the valuation page, but is on a form without photos.
    const { default: sharp } = await import('sharp');
    const big = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(big.length).toBeGreaterThan(64 * 1024);
    const { body, email } = valuation([{ data: big, name: 'big.jpg' }]);
    expect((await app.request('/sell-your-car', { method: 'POST', body })).status).toBe(303);
    expect(await photosOf(email)).toHaveLength(1);
    const contact = new FormData();
    for (const [k, v] of contactFields()) contact.append(k, v);
    contact.append('photo_files', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), 'big.jpg');
    expect((await app.request('/contact-us', { method: 'POST', body: contact })).status).toBe(413);
  });

  it('a service booking keeps its date, time and choices and says which are missing in form order', async () => {
    const { preferred_date, preferred_time } = slot();
    const fields = contactFields({ form_name: 'service', preferred_date, preferred_time, dealer_slug: '' });
    const res = await post('/book-a-service', fields);
    expect(res.status).toBe(422);
    const doc = parse(await res.text());
    expect(doc.querySelectorAll('#service-error-summary li').map((li) => li.text)).toEqual([
      ENQUIRY_MESSAGES.dealer_slug,
      ENQUIRY_MESSAGES.service_type,
      ENQUIRY_MESSAGES.registration,
      ENQUIRY_MESSAGES.mileage,
    ]);
    expect(doc.querySelector('#service-preferred_date')?.getAttribute('value')).toBe(preferred_date);
    expect(
      doc
        .querySelector(`#service-preferred_time option[value="${preferred_time}"]`)
        ?.hasAttribute('selected'),
    ).toBe(true);
    const done = await post(
      '/book-a-service',
      contactFields({
        form_name: 'service',
        preferred_date,
        preferred_time,
        service_type: 'Major service',
        registration: 'CA 123-456',
        mileage: '85 000',
      }),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/book-a-service/thank-you');
  });

  it('a used-car enquiry names its car by the page address, also on the shell page of a car added after the build', async () => {
    const fields = contactFields({ form_name: 'used', dealer_slug: undefined });
    const res = await post(`${SHOWCASE.path}/enquire`, fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${SHOWCASE.path}/enquire/thank-you`);
    const [lead] = await leadsBy(fields.get('email') as string);
    expect(JSON.parse(String(lead?.record))).toMatchObject({
      vehicle_id: SHOWCASE.id,
      make: 'Subaru',
      model: 'Forester',
      lead_type: 'Used Vehicles',
    });
    expect(lead?.dealer_slug).toBe(SHOWCASE.dealer);
  });

  it('refuses what is not a form: 415 for JSON or text, 413 for too large a body, 400 for a NUL', async () => {
    const json = await post('/contact-us', '{"first_name":"x"}', { 'Content-Type': 'application/json' });
    expect(json.status).toBe(415);
    expect((await post('/contact-us', 'x', { 'Content-Type': 'text/plain' })).status).toBe(415);
    const big = await post('/contact-us', contactFields({ message: 'x'.repeat(70 * 1024) }));
    expect(big.status).toBe(413);
    expect((await post('/contact-us', contactFields({ first_name: 'a\u0000b' }))).status).toBe(400);
  });

  it('refuses a post from another site, and a post to a page without an enquiry form', async () => {
    const evil = await post('/contact-us', contactFields(), {
      'Content-Type': FORM,
      Origin: 'https://evil.example',
    });
    expect(evil.status).toBe(403);
    const fetched = await post('/contact-us', contactFields(), {
      'Content-Type': FORM,
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(fetched.status).toBe(403);
    const own = await post('/contact-us', contactFields(), {
      'Content-Type': FORM,
      Origin: 'http://localhost',
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(own.status).toBe(303);
    const about = await post('/about-us', contactFields());
    expect(about.status).toBe(405);
    expect(about.headers.get('Allow')).toBe('GET, HEAD');
    expect((await post('/nowhere', contactFields())).status).toBe(404);
  });
});

describe('enquiry forms posted without JavaScript, over the rate limit', () => {
  const dir = `data/test/form-posts-rate-${process.pid}`;
  let api: TestApi;
  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    writeSite(dir);
    api = await openTestApi('sqlite', { RATE_LIMIT_LEADS: '1/60s', TRUST_PROXY: '1', DATA_DIR: dir });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 429 with the page, a message that says when to try again, and the typed values kept', async () => {
    const app = createServerApp(api.deps, createLogger('silent'));
    const send = () =>
      app.request('/contact-us', {
        method: 'POST',
        body: contactFields({ email: 'same@example.co.za' }),
        headers: { 'Content-Type': FORM, 'X-Forwarded-For': '10.88.0.1' },
      });
    expect((await send()).status).toBe(303);
    const res = await send();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    const doc = parse(await res.text());
    expect(doc.querySelector('.form-alert[role="alert"]')?.text).toMatch(/try again in \d+ seconds/);
    expect(doc.querySelector('#contact-email')?.getAttribute('value')).toBe('same@example.co.za');
  });
});
