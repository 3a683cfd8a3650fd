/**
 * The fraud-warning page's text (issue 29): public for the build at GET /api/fraud-page, edited in
 * place by editors at /api/editor/fraud_page/1 (sanitised like blog bodies, a rebuild per change),
 * never created twice nor deleted. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './harness.ts';
import { jsonAuth, openPublishApi, type PublishApi } from './publish-helpers.ts';

type Rec = Record<string, unknown> & {
  violations?: { propertyPath: string; message: string }[];
  detail?: string;
};

describe.each(ENGINES)('fraud page on %s', (engine) => {
  let api: PublishApi;
  beforeAll(async () => {
    api = await openPublishApi(engine, { debounceMs: 50 });
  });
  afterAll(() => api.close());
  const send = (method: string, path: string, body?: unknown) =>
    api.json<Rec>(path, {
      method,
      headers: jsonAuth,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('answers its text publicly, with the real SAPS Crime Stop number and SABRIC address', async () => {
    const r = await api.json<Rec>('/api/fraud-page');
    expect(r.status).toBe(200);
    expect(r.body['@type']).toBe('FraudPage');
    expect(r.body.title).toBe('Avoid vehicle fraud');
    expect(String(r.body.never_do)).toContain('deposit');
    expect(String(r.body.report)).toContain('08600 10111');
    expect(String(r.body.report)).toContain('https://www.sabric.co.za/');
  });

  it('an editor changes a block: it is sanitised, the public answer shows it, and a rebuild follows', async () => {
    const before = api.fake.calls.length;
    const r = await send('PATCH', '/api/editor/fraud_page/1', {
      never_do:
        '<ul><li onclick="x()">We never ask for a deposit by <strong>WhatsApp</strong>.</li></ul><script>alert(1)</script>',
    });
    expect(r.status).toBe(200);
    expect(String(r.body.never_do)).toBe(
      '<ul><li>We never ask for a deposit by <strong>WhatsApp</strong>.</li></ul>',
    );
    const pub = await api.json<Rec>('/api/fraud-page');
    expect(pub.body.never_do).toBe(r.body.never_do);
    await api.coordinator.idle();
    expect(api.fake.calls.length).toBe(before + 1);
  });

  it('an empty block is a 422 naming it', async () => {
    const r = await send('PATCH', '/api/editor/fraud_page/1', { report: '<script>x</script>' });
    expect(r.status).toBe(422);
    expect(r.body.violations?.map((v) => v.propertyPath)).toEqual(['report']);
  });

  it('there is one page: a second is refused with 422, deleting it with 409', async () => {
    const page = (await api.json<Rec>('/api/fraud-page')).body;
    const { '@context': _c, '@id': _i, '@type': _t, ...text } = page;
    const created = await send('POST', '/api/editor/fraud_page', text);
    expect(created.status).toBe(422);
    expect(created.body.violations?.[0]?.message).toMatch(/one fraud warning page/);
    const deleted = await send('DELETE', '/api/editor/fraud_page/1');
    expect(deleted.status).toBe(409);
    expect((await api.json<Rec>('/api/fraud-page')).status).toBe(200);
  });
});
