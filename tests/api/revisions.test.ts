/**
 * Revisions and undo (docs/decisions/205-revisions.md) on both databases: every content and stock resource
 * records create, update and delete with who and through what; restoring a version brings its values back
 * and is a revision itself; a deleted item is listed under Recently deleted and comes back with its photo
 * files, until the purge after DELETED_RETENTION_DAYS removes it and them; a dealer user sees and restores
 * only their dealership's cars; a slug taken since is a 422 naming it; an applied CSV import is undone as
 * one batch; and the items changed since a build go back to how they were then.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStore } from '../../src/server/media/local-store.ts';
import { sweepOrphans } from '../../src/server/media/orphan-sweep.ts';
import { purgeRevisions } from '../../src/server/revisions/purge.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { form, picture } from './photo-files.ts';
import { signedIn } from './staff-helpers.ts';

type Snapshot = { fields: Record<string, unknown>; photos: { renditions: string }[] };
type Revision = {
  id: string;
  action: string;
  source: string;
  actor: { type: string; name: string | null };
  batch_id: string | null;
  restored_from: string | null;
  before: Snapshot | null;
  after: Snapshot | null;
};
type Body = Record<string, unknown> & {
  id: number;
  detail?: string;
  violations?: { propertyPath: string; message: string }[];
  'hydra:member': Record<string, unknown>[];
};
const OWN = 'motus-subaru-west-rand';
const OTHER = 'motus-subaru-durban';
const DAY = 24 * 60 * 60 * 1000;

/** What must differ in a copy of an item so it can be stored beside the original. */
const UNIQUE: Record<string, (x: Record<string, unknown>, tag: string) => Record<string, unknown>> = {
  blog_posts: (x, t) => ({ slug: `${x.slug}-${t}` }),
  specials: (x, t) => ({ slug: `${x.slug}-${t}` }),
  service_deals: (x, t) => ({ slug: `${x.slug}-${t}` }),
  banners: () => ({}),
  range_models: (x, t) => ({ model_slug: `${x.model_slug}-${t}` }),
  range_variants: (x, t) => ({ variant_slug: `${x.variant_slug}-${t}` }),
  dealers: (x, t) => ({ slug: `${x.slug}-${t}`, site_name: `${x.site_name}-${t}` }),
  vehicles: (_x, t) => ({ stock_number: `REV-${t}`, vin: null, dealer_slug: OWN }),
};
/** A field each resource can change, and its new value. */
const CHANGE: Record<string, [string, unknown]> = {
  blog_posts: ['title', 'A changed title'],
  specials: ['price', 123_456],
  service_deals: ['title', 'A changed deal'],
  banners: ['title', 'A changed banner'],
  range_models: ['tagline', 'A changed tagline'],
  range_variants: ['model_price', 499_900],
  dealers: ['address', '1 Changed Street'],
  vehicles: ['price', 333_333],
};
/** What an answer carries beyond the input: the server's keys, and a car's worked-out fields. */
const ANSWER_ONLY = ['@context', '@id', '@type', 'id'];
const CAR_ANSWER_ONLY = [
  'dealer_name',
  'make_slug',
  'model_slug',
  'installment',
  'photo_count',
  'uri',
  'created_at',
];

describe.each(ENGINES)('revisions and undo on %s', (engine) => {
  let api: TestApi;
  let dataDir: string;
  let editor: Record<string, string>;
  let dealer: Record<string, string>;
  const send = (method: string, path: string, body?: unknown, headers = editor) =>
    api.json<Body>(path, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const history = async (resource: string, id: number, headers = editor) =>
    (await send('GET', `/api/editor/${resource}/${id}/revisions`, undefined, headers)).body[
      'hydra:member'
    ] as unknown as Revision[];
  const copyOf = async (resource: string, tag: string) => {
    const list = await send('GET', `/api/editor/${resource}?itemsPerPage=1`);
    const first = list.body['hydra:member'][0] as Record<string, unknown>;
    const skip = resource === 'vehicles' ? [...ANSWER_ONLY, ...CAR_ANSWER_ONLY] : ANSWER_ONLY;
    const input = Object.fromEntries(Object.entries(first).filter(([k]) => !skip.includes(k)));
    return { ...input, ...UNIQUE[resource]?.(first, tag) };
  };

  beforeAll(async () => {
    dataDir = `data/test/revisions-${randomUUID().slice(0, 8)}`;
    api = await openTestApi(engine, { DATA_DIR: dataDir });
    editor = (await signedIn(api, 'editor')).headers;
    dealer = (await signedIn(api, 'dealer', { dealers: [OWN] })).headers;
  });
  afterAll(() => api.close());

  it('records create, update and delete of every resource, with who and through what', async () => {
    for (const resource of Object.keys(UNIQUE)) {
      const tag = randomUUID().slice(0, 6);
      const created = await send('POST', `/api/editor/${resource}`, await copyOf(resource, tag));
      expect(created.status, `${resource}: ${JSON.stringify(created.body)}`).toBe(201);
      const id = created.body.id;
      const [field, value] = CHANGE[resource] as [string, unknown];
      expect((await send('PATCH', `/api/editor/${resource}/${id}`, { [field]: value })).status).toBe(200);
      const revs = await history(resource, id);
      expect(
        revs.map((r) => r.action),
        resource,
      ).toEqual(['update', 'create']);
      expect(revs[0]).toMatchObject({
        source: 'admin',
        actor: { type: 'staff', name: expect.stringContaining('@') },
      });
      expect(revs[0]?.before?.fields[field]).not.toEqual(value);
      expect(revs[0]?.after?.fields[field]).toEqual(value);
      expect(revs[1]?.before).toBeNull();
      expect((await send('DELETE', `/api/editor/${resource}/${id}`)).status).toBe(204);
      expect((await history(resource, id)).map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    }
  }, 120_000);

  it('restores a version: two price changes, restoring the first brings its price back as a new revision', async () => {
    const special = (await send('GET', '/api/editor/specials?itemsPerPage=1')).body[
      'hydra:member'
    ][0] as Body;
    await send('PATCH', `/api/editor/specials/${special.id}`, { price: 111_111 });
    await send('PATCH', `/api/editor/specials/${special.id}`, { price: 222_222 });
    const [second, first] = await history('specials', special.id);
    expect(second?.after?.fields.price).toBe(222_222);
    const r = await send('POST', `/api/editor/specials/${special.id}/revisions/${first?.id}/restore`);
    expect(r.status).toBe(200);
    expect((await send('GET', `/api/editor/specials/${special.id}`)).body.price).toBe(111_111);
    const [restore] = await history('specials', special.id);
    expect(restore).toMatchObject({ action: 'restore', restored_from: first?.id });
    expect(restore?.before?.fields.price).toBe(222_222);
  });

  it('answers 404 for an unknown resource, item or revision, and 422 naming a revision of another item', async () => {
    expect((await send('GET', '/api/editor/leads/1/revisions')).status).toBe(404);
    expect((await send('GET', '/api/editor/specials/999999/revisions')).status).toBe(404);
    const special = (await send('GET', '/api/editor/specials?itemsPerPage=1')).body[
      'hydra:member'
    ][0] as Body;
    const unknown = await send(
      'POST',
      `/api/editor/specials/${special.id}/revisions/${randomUUID()}/restore`,
    );
    expect(unknown.status).toBe(404);
    const post = (await send('GET', '/api/editor/blog_posts?itemsPerPage=1')).body['hydra:member'][0] as Body;
    await send('PATCH', `/api/editor/blog_posts/${post.id}`, { title: 'Another item' });
    const [other] = await history('blog_posts', post.id);
    const wrong = await send('POST', `/api/editor/specials/${special.id}/revisions/${other?.id}/restore`);
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations?.[0]?.message).toMatch(/blog post/);
    expect((await send('GET', '/api/editor/deleted?resource=leads')).status).toBe(400);
  });

  it('lists a deleted blog post with its photo, restores it with the photo, and the purge then removes it for good', async () => {
    const created = await send('POST', '/api/editor/blog_posts', await copyOf('blog_posts', 'gone'));
    const id = created.body.id;
    const up = await api.fetch(`/api/editor/blog_posts/${id}/images`, {
      method: 'POST',
      headers: editor,
      body: form({ data: await picture(), name: 'a.jpg' }),
    });
    expect(up.status).toBe(201);
    const keys = (
      await api.db.db
        .selectFrom('content_images')
        .select('renditions')
        .where('owner_id', '=', id)
        .where('owner_type', '=', 'blog_post')
        .executeTakeFirstOrThrow()
    ).renditions;
    const files = (JSON.parse(keys) as { key: string }[]).map((k) => join(dataDir, 'uploads', k.key));
    expect((await send('DELETE', `/api/editor/blog_posts/${id}`)).status).toBe(204);
    expect((await send('GET', `/api/editor/blog_posts/${id}`)).status).toBe(404);
    for (const f of files) expect(existsSync(f)).toBe(true);

    const listed = (await send('GET', '/api/editor/deleted?resource=blog_posts')).body['hydra:member'];
    const entry = listed.find((d) => d.item_id === id) as Record<string, unknown>;
    expect(entry).toMatchObject({ resource: 'blog_posts', photo_count: 1, label: created.body.title });
    const back = await send('POST', `/api/editor/deleted/${entry.revision_id}/restore`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      restored: [{ resource: 'blog_posts', item_id: id }],
      missing_photos: 0,
    });
    expect((await send('GET', `/api/editor/blog_posts/${id}`)).body.title).toBe(created.body.title);
    const photos = await send('GET', `/api/editor/blog_posts/${id}/images`);
    expect(photos.body['hydra:member']).toHaveLength(1);
    expect(
      (await send('GET', '/api/editor/deleted?resource=blog_posts')).body['hydra:member'].map(
        (d) => d.item_id,
      ),
    ).not.toContain(id);
    expect((await send('POST', `/api/editor/deleted/${entry.revision_id}/restore`)).status).toBe(409);

    // Deleted again, and past the retention: gone from the list, and its files with the next sweep.
    expect((await send('DELETE', `/api/editor/blog_posts/${id}`)).status).toBe(204);
    const store = localStore(join(dataDir, 'uploads'));
    await sweepOrphans(api.db.db, store, 0, Date.now(), await purgeRevisions(api.db.db, 30));
    for (const f of files) expect(existsSync(f)).toBe(true);
    const later = Date.now() + 31 * DAY;
    await sweepOrphans(api.db.db, store, 0, later, await purgeRevisions(api.db.db, 30, later));
    for (const f of files) expect(existsSync(f)).toBe(false);
    expect(
      (await send('GET', '/api/editor/deleted?resource=blog_posts')).body['hydra:member'].map(
        (d) => d.item_id,
      ),
    ).not.toContain(id);
  });

  it('refuses to restore a deleted item whose slug another item took since, naming the clash', async () => {
    const input = await copyOf('specials', 'clash');
    const a = await send('POST', '/api/editor/specials', input);
    await send('DELETE', `/api/editor/specials/${a.body.id}`);
    const b = await send('POST', '/api/editor/specials', input);
    expect(b.status).toBe(201);
    const entry = (await send('GET', '/api/editor/deleted?resource=specials')).body['hydra:member'].find(
      (d) => d.item_id === a.body.id,
    ) as Record<string, unknown>;
    const r = await send('POST', `/api/editor/deleted/${entry.revision_id}/restore`);
    expect(r.status).toBe(422);
    expect(r.body.violations?.[0]).toMatchObject({
      propertyPath: 'slug',
      message: expect.stringMatching(/Web address is already used/),
    });
  });

  it('holds a dealer user to their dealership: another one’s car has no history, deletion or restore for them', async () => {
    const mine = await send(
      'POST',
      '/api/editor/vehicles',
      await copyOf('vehicles', `m${randomUUID().slice(0, 5)}`),
      dealer,
    );
    expect(mine.status).toBe(201);
    const theirs = await send('POST', '/api/editor/vehicles', {
      ...(await copyOf('vehicles', `t${randomUUID().slice(0, 5)}`)),
      dealer_slug: OTHER,
    });
    expect(theirs.status).toBe(201);
    await send('PATCH', `/api/editor/vehicles/${mine.body.id}`, { price: 200_000 }, dealer);
    await send('PATCH', `/api/editor/vehicles/${mine.body.id}`, { price: 210_000 }, dealer);
    const revs = await history('vehicles', mine.body.id, dealer);
    expect(revs.map((r) => r.action)).toEqual(['update', 'update', 'create']);
    const restore = await send(
      'POST',
      `/api/editor/vehicles/${mine.body.id}/revisions/${revs[1]?.id}/restore`,
      undefined,
      dealer,
    );
    expect(restore.status).toBe(200);
    expect((await send('GET', `/api/editor/vehicles/${mine.body.id}`, undefined, dealer)).body.price).toBe(
      200_000,
    );

    expect(
      (await send('GET', `/api/editor/vehicles/${theirs.body.id}/revisions`, undefined, dealer)).status,
    ).toBe(404);
    const [theirRev] = await history('vehicles', theirs.body.id);
    expect(
      (
        await send(
          'POST',
          `/api/editor/vehicles/${mine.body.id}/revisions/${theirRev?.id}/restore`,
          undefined,
          dealer,
        )
      ).status,
    ).toBe(404);
    await send('DELETE', `/api/editor/vehicles/${theirs.body.id}`);
    const seen = (await send('GET', '/api/editor/deleted', undefined, dealer)).body['hydra:member'];
    expect(seen.every((d) => d.resource === 'vehicles')).toBe(true);
    expect(seen.map((d) => d.item_id)).not.toContain(theirs.body.id);
    const entry = (await send('GET', '/api/editor/deleted?resource=vehicles')).body['hydra:member'].find(
      (d) => d.item_id === theirs.body.id,
    ) as Record<string, unknown>;
    expect(
      (await send('POST', `/api/editor/deleted/${entry.revision_id}/restore`, undefined, dealer)).status,
    ).toBe(404);
  });

  it('undoes an applied CSV import as one batch: added cars go, changed and sold ones come back', async () => {
    const car = (await send('GET', `/api/editor/vehicles?dealer_slug=${OWN}&status=available&itemsPerPage=1`))
      .body['hydra:member'][0] as Body;
    const csv = [
      'Stock No,Make,Model,Variant,Year,Mileage,Price,Colour,Fuel,Transmission,Body,Dealership',
      `UNDO-1,Subaru,XV,2.0i,2021,45000,389900,Blue,Petrol,Automatic,suv,${OWN}`,
      `${car.stock_number},${car.make},${car.model},${car.variant},${car.year},${car.mileage},123456,${car.exterior_color},${car.fuel_type},${car.transmission},${car.body_type},${OWN}`,
    ].join('\n');
    const plan = await api.json<Body & { id: string; removed: { id: number }[] }>(
      '/api/editor/stock_imports',
      {
        method: 'POST',
        headers: { ...editor, 'Content-Type': 'text/csv' },
        body: csv,
      },
    );
    expect(plan.status).toBe(201);
    const soldBefore = new Map<number, string>();
    for (const r of plan.body.removed)
      soldBefore.set(
        r.id,
        (
          await api.db.db
            .selectFrom('vehicles')
            .select('status')
            .where('id', '=', r.id)
            .executeTakeFirstOrThrow()
        ).status,
      );
    expect((await send('POST', `/api/editor/stock_imports/${plan.body.id}/apply`)).status).toBe(200);
    const added = await api.db.db
      .selectFrom('vehicles')
      .select('id')
      .where('stock_number', '=', 'UNDO-1')
      .executeTakeFirstOrThrow();
    const [rev] = await history('vehicles', added.id);
    expect(rev).toMatchObject({ source: 'csv_import', batch_id: plan.body.id });

    const listed = (await send('GET', '/api/editor/stock_imports')).body['hydra:member'];
    expect(listed.find((i) => i.id === plan.body.id)).toMatchObject({
      added: 1,
      changed: 1,
      undone_at: null,
    });
    const undo = await send('POST', `/api/editor/stock_imports/${plan.body.id}/undo`);
    expect(undo.status).toBe(200);
    expect(
      await api.db.db.selectFrom('vehicles').select('id').where('stock_number', '=', 'UNDO-1').execute(),
    ).toEqual([]);
    expect((await send('GET', `/api/editor/vehicles/${car.id}`)).body.price).toBe(car.price);
    for (const [id, status] of soldBefore)
      expect(
        (
          await api.db.db
            .selectFrom('vehicles')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe(status);
    expect((await send('POST', `/api/editor/stock_imports/${plan.body.id}/undo`)).status).toBe(409);
    // The car it added is under Recently deleted, so the undo itself can be undone.
    const deleted = (await send('GET', '/api/editor/deleted?resource=vehicles')).body['hydra:member'];
    expect(deleted.map((d) => d.item_id)).toContain(added.id);
  }, 120_000);

  it('puts the items changed since a build back as they were then, as one batch', async () => {
    const buildId = `rev-${randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    await api.db.db
      .insertInto('builds')
      .values({
        id: buildId,
        status: 'succeeded',
        trigger: 'manual',
        coalesced: 0,
        auto_publish: 1,
        queued_at: now,
        started_at: now,
        finished_at: now,
        duration_ms: 1,
        error: null,
        published_at: now,
        pruned_at: null,
        started_by: null,
        pages: 1,
      })
      .execute();
    const banner = (await send('GET', '/api/editor/banners?itemsPerPage=1')).body['hydra:member'][0] as Body;
    await send('PATCH', `/api/editor/banners/${banner.id}`, { title: 'Changed after the build' });
    const fresh = await send('POST', '/api/editor/blog_posts', await copyOf('blog_posts', 'after'));
    const changes = await send('GET', `/api/editor/changes_since/${buildId}`);
    expect(changes.status).toBe(200);
    const items = changes.body.items as { resource: string; item_id: number; change: string }[];
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ resource: 'banners', item_id: banner.id, change: 'changed' }),
        expect.objectContaining({ resource: 'blog_posts', item_id: fresh.body.id, change: 'created' }),
      ]),
    );
    // Each item carries its state at the build and now, for the build's field-level "Changes".
    const changed = (changes.body.items as Body[]).find((i) => i.resource === 'banners') as Body;
    expect((changed.before as Body).fields).toMatchObject({ title: banner.title });
    expect((changed.after as Body).fields).toMatchObject({ title: 'Changed after the build' });
    expect((changes.body.items as Body[]).find((i) => i.resource === 'blog_posts')?.before).toBeNull();
    const r = await send('POST', `/api/editor/changes_since/${buildId}/restore`);
    expect(r.status).toBe(200);
    expect((await send('GET', `/api/editor/banners/${banner.id}`)).body.title).toBe(banner.title);
    expect((await send('GET', `/api/editor/blog_posts/${fresh.body.id}`)).status).toBe(404);
    expect((await send('GET', '/api/editor/changes_since/no-such-build')).status).toBe(404);
  });
});
