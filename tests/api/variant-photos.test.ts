/**
 * Photos of range variants and of each colour of a variant (issue 10 §3, docs/decisions/
 * 185-variant-colour-images.md) on both databases: upload, reorder, main and delete for a variant and for
 * a colour; the public variant answering them (falling back to the drawings); a bad file named; 401
 * anonymous and 403 for a dealer user; a colour's photos surviving its rename and reorder and going with it
 * when it is removed; deleting the variant or its model leaving no row (the files stay until the purge).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '../../src/contract/index.ts';
import { Variant } from '../../src/contract/range.ts';
import { localStore } from '../../src/server/media/local-store.ts';
import { sweepOrphans } from '../../src/server/media/orphan-sweep.ts';
import { revisionPhotoKeys } from '../../src/server/revisions/purge.ts';
import { ENGINES, openTestApi, type TestApi } from './harness.ts';
import { filesUnder, form, picture } from './photo-files.ts';
import { signedIn } from './staff-helpers.ts';

type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };
type Problem = { status: number; detail: string; violations?: { propertyPath: string; message: string }[] };
type Photos = Collection<Photo> & Problem;
type Colour = { name: string; hex_code: string; image: string; slug: string };
type VariantInput = Record<string, unknown> & { id: number; colors: Colour[]; variant_slug: string };

describe.each(ENGINES)('photos of range variants and their colours on %s', (engine) => {
  let api: TestApi;
  let dataDir: string;
  let uploads: string;
  let editor: Record<string, string>;
  let dealer: Record<string, string>;
  let variant: VariantInput;

  beforeAll(async () => {
    dataDir = `data/test/variant-photos-${randomUUID().slice(0, 8)}`;
    uploads = join(dataDir, 'uploads');
    api = await openTestApi(engine, { DATA_DIR: dataDir });
    editor = (await signedIn(api, 'editor')).headers;
    const dealerSlug = (await api.db.db.selectFrom('dealers').select('slug').executeTakeFirstOrThrow()).slug;
    dealer = (await signedIn(api, 'dealer', { dealers: [dealerSlug] })).headers;
    // A variant with at least three colours, as the editor API shows it (slugs derived for seeded rows).
    for (const row of await api.db.db
      .selectFrom('range_variants')
      .select(['id', 'colors'])
      .orderBy('id')
      .execute())
      if (JSON.parse(row.colors).length >= 3) {
        variant = (await api.json<VariantInput>(`/api/editor/range_variants/${row.id}`, { headers: editor }))
          .body;
        break;
      }
    expect(variant.colors.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (path: string, body: FormData, headers = editor) =>
    api.json<Photos>(`${path}`, { method: 'POST', headers, body });
  const send = <T = Photos>(method: string, path: string, body?: unknown, headers = editor) =>
    api.json<T & Problem>(path, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const variantBase = (id = variant.id) => `/api/editor/range_variants/${id}/images`;
  const colourBase = (slug: string, id = variant.id) =>
    `/api/editor/range_variants/${id}/colours/${slug}/images`;
  const publicVariant = async (id = variant.id) =>
    v.parse(Variant, (await api.json(`/api/vehicle_range/${id}`)).body);
  /** What the editor sends back: the answer without its id and JSON-LD keys. */
  const inputOf = (answer: VariantInput) =>
    Object.fromEntries(Object.entries(answer).filter(([k]) => k !== 'id' && !k.startsWith('@'))) as {
      colors: Colour[];
    };
  const store = (id: number) =>
    send<VariantInput>('PUT', `/api/editor/range_variants/${id}`, inputOf(variant));
  /**
   * Every stored file is referenced by a row, or kept for a deleted item that can still be restored (its
   * revision names it); and every file a row references exists.
   */
  async function expectConsistent() {
    const all = await api.db.db.selectFrom('content_images').select('renditions').execute();
    const kept = await revisionPhotoKeys(api.db.db, '');
    const keys = all.flatMap((r) => (JSON.parse(r.renditions) as { key: string }[]).map((x) => x.key));
    const files = filesUnder(uploads);
    expect(files.filter((f) => !keys.includes(f) && !kept.has(f))).toEqual([]);
    expect(keys.filter((k) => !files.includes(k))).toEqual([]);
  }
  const imageRows = (id: number) =>
    api.db.db
      .selectFrom('content_images')
      .selectAll()
      .where('owner_type', 'in', ['range_variant', 'range_variant_colour'])
      .where('owner_id', '=', id)
      .execute();

  it('answers 401 to anonymous requests and 403 to a dealer user, for the variant and a colour', async () => {
    const jpeg = await picture();
    for (const base of [variantBase(), colourBase(variant.colors[0]?.slug ?? '')]) {
      expect((await api.fetch(base)).status).toBe(401);
      expect(
        (await api.fetch(base, { method: 'POST', body: form({ data: jpeg, name: 'a.jpg' }) })).status,
      ).toBe(401);
      expect((await api.fetch(`${base}/order`, { method: 'PUT' })).status).toBe(401);
      expect((await api.fetch(`${base}/${randomUUID()}`, { method: 'PATCH' })).status).toBe(401);
      expect((await api.fetch(`${base}/${randomUUID()}`, { method: 'DELETE' })).status).toBe(401);
      expect((await upload(base, form({ data: jpeg, name: 'a.jpg' }), dealer)).status).toBe(403);
      expect((await send('GET', base, undefined, dealer)).status).toBe(403);
      expect((await send('PUT', `${base}/order`, { order: [] }, dealer)).status).toBe(403);
      expect((await send('DELETE', `${base}/${randomUUID()}`, undefined, dealer)).status).toBe(403);
    }
    expect(await imageRows(variant.id)).toEqual([]);
    expect(filesUnder(uploads)).toEqual([]);
  });

  it("keeps a variant's photos in order: the main one is its image, the others its photos", async () => {
    const before = await publicVariant();
    expect(before.image.uri).toBe(`/uploads/${variant.main_image}`);
    expect(before.photos).toEqual([]);
    const r = await upload(
      variantBase(),
      form(
        { data: await picture(1600, 1000, '#101010'), name: 'a.jpg' },
        { data: await picture(1600, 1000, '#202020'), name: 'b.jpg' },
        { data: await picture(1600, 1000, '#303030'), name: 'c.jpg' },
      ),
    );
    expect(r.status).toBe(201);
    const ids = r.body['hydra:member'].map((p) => p.id);
    expect(r.body['hydra:member'][0]?.['@id']).toBe(`${variantBase()}/${ids[0]}`);
    expect(r.body['hydra:member'].map((p) => p.is_main)).toEqual([true, false, false]);
    const reversed = [...ids].reverse();
    const order = await send('PUT', `${variantBase()}/order`, { order: reversed });
    expect(order.body['hydra:member'].map((p) => p.id)).toEqual(reversed);
    const main = await send('PATCH', `${variantBase()}/${ids[1]}`, { is_main: true });
    expect(main.body['hydra:member'].find((p) => p.is_main)?.id).toBe(ids[1]);

    const uriOf = (id?: string) => r.body['hydra:member'].find((p) => p.id === id)?.uri;
    const shown = await publicVariant();
    expect(shown.image.uri).toBe(uriOf(ids[1]));
    expect(shown.image.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(shown.photos.map((p) => p.uri)).toEqual([uriOf(ids[2]), uriOf(ids[0])]);
    // The list the site builds from answers the same.
    const list = await api.json<Collection<Variant>>('/api/renault_ranges?page=1');
    const listed = list.body['hydra:member'].find((x) => x.id === variant.id);
    if (listed) expect(listed.image.uri).toBe(uriOf(ids[1]));

    expect((await send('DELETE', `${variantBase()}/${ids[1]}`)).status).toBe(204);
    const after = (await send('GET', variantBase())).body['hydra:member'];
    expect(after.map((p) => p.id)).toEqual([ids[2], ids[0]]);
    expect(after[0]?.is_main).toBe(true);
    await expectConsistent();
  });

  it("shows a colour's main photo as its picture, and the drawing for colours without one", async () => {
    const [first, second] = variant.colors as [Colour, Colour];
    const base = colourBase(first.slug);
    const r = await upload(
      base,
      form(
        { data: await picture(1600, 1000, '#a01010'), name: 'red-1.jpg' },
        { data: await picture(1600, 1000, '#b02020'), name: 'red-2.jpg' },
      ),
    );
    expect(r.status).toBe(201);
    const ids = r.body['hydra:member'].map((p) => p.id);
    expect(r.body['hydra:member'][0]?.['@id']).toBe(`${base}/${ids[0]}`);
    // The variant's own photos are apart from its colours'.
    expect((await send('GET', variantBase())).body['hydra:member']).toHaveLength(2);

    const order = await send('PUT', `${base}/order`, { order: [ids[1], ids[0]] });
    expect(order.body['hydra:member'].map((p) => p.id)).toEqual([ids[1], ids[0]]);
    const main = await send('PATCH', `${base}/${ids[1]}`, { is_main: true });
    expect(main.body['hydra:member'].find((p) => p.is_main)?.id).toBe(ids[1]);
    const uriOf = (id?: string) => r.body['hydra:member'].find((p) => p.id === id)?.uri;

    const shown = await publicVariant();
    const colour = shown.color.find((c) => c.slug === first.slug);
    expect(colour?.picture?.uri).toBe(uriOf(ids[1]));
    expect(colour?.photos.map((p) => p.uri)).toEqual([uriOf(ids[0])]);
    const other = shown.color.find((c) => c.slug === second.slug);
    expect(other?.picture?.uri).toBe(second.image ? `/uploads/range/${second.image}` : undefined);
    expect(other?.photos).toEqual([]);

    expect((await send('DELETE', `${base}/${ids[0]}`)).status).toBe(204);
    expect((await send('GET', base)).body['hydra:member'].map((p) => p.id)).toEqual([ids[1]]);
    await expectConsistent();
  });

  it('names the bad file of an upload, stores nothing, and refuses a colour the variant does not have', async () => {
    const rows = (await imageRows(variant.id)).length;
    const files = filesUnder(uploads);
    const bad = await upload(
      colourBase(variant.colors[1]?.slug ?? ''),
      form(
        { data: await picture(1600, 1000), name: 'good.jpg' },
        { data: Buffer.from('not an image\n'.repeat(40)), name: 'notes.jpg' },
      ),
    );
    expect(bad.status).toBe(415);
    expect(bad.body.detail).toBe('notes.jpg: The file is not a JPEG, PNG, WebP or HEIC image.');
    const small = await upload(variantBase(), form({ data: await picture(640, 480), name: 'small.jpg' }));
    expect(small.status).toBe(422);
    expect(small.body.detail).toBe('The image must be at least 800 × 600 pixels; this one is 640 × 480.');
    const unknown = await upload(
      colourBase('no-such-colour'),
      form({ data: await picture(), name: 'a.jpg' }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(`Colour of range variant ${variant.id} 'no-such-colour' was not found.`);
    expect(
      (await upload(colourBase('x', 999999), form({ data: await picture(), name: 'a.jpg' }))).status,
    ).toBe(404);
    expect((await imageRows(variant.id)).length).toBe(rows);
    expect(filesUnder(uploads)).toEqual(files);
  });

  it("keeps a colour's photos when colours are renamed and reordered, and removes them with the colour", async () => {
    const [first, second, ...rest] = variant.colors as [Colour, Colour, ...Colour[]];
    const base = colourBase(first.slug);
    const uri = (await send('GET', base)).body['hydra:member'][0]?.uri;
    expect(uri).toBeTruthy();
    // Renamed and moved to the end: same slug, same photo.
    variant = { ...variant, colors: [second, ...rest, { ...first, name: `${first.name} Pearl` }] };
    const renamed = await store(variant.id);
    expect(renamed.status).toBe(200);
    expect(renamed.body.colors.at(-1)).toMatchObject({ name: `${first.name} Pearl`, slug: first.slug });
    const shown = await publicVariant();
    expect(shown.color.at(-1)).toMatchObject({ name: `${first.name} Pearl`, slug: first.slug });
    expect(shown.color.at(-1)?.picture?.uri).toBe(uri);

    // A new colour gets a slug from its name, distinct from the others'.
    variant = {
      ...variant,
      colors: [...variant.colors, { name: second.name, hex_code: '#123456', image: second.image } as Colour],
    };
    const added = await store(variant.id);
    expect(added.body.violations ?? []).toEqual([]);
    const slugs = added.body.colors.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(added.body.colors.at(-1)?.slug).toMatch(new RegExp(`^${second.slug}-\\d+$`));
    variant = added.body;

    // Removed from the variant: its rows and files go, the variant's own photos stay.
    const ownBefore = (await send('GET', variantBase())).body['hydra:member'].length;
    variant = { ...variant, colors: variant.colors.filter((c) => c.slug !== first.slug) };
    expect((await store(variant.id)).status).toBe(200);
    const left = await imageRows(variant.id);
    expect(left.filter((r) => r.owner_key === first.slug)).toEqual([]);
    expect(left.filter((r) => r.owner_type === 'range_variant')).toHaveLength(ownBefore);
    expect((await send('GET', base)).status).toBe(404);
    await expectConsistent();
  });

  it('refuses two colours with the same slug, naming the field', async () => {
    const [a, b] = variant.colors as [Colour, Colour];
    const r = await send('PUT', `/api/editor/range_variants/${variant.id}`, {
      ...inputOf(variant),
      colors: [a, { ...b, slug: a.slug }],
    });
    expect(r.status).toBe(422);
    expect(r.body.violations?.[0]).toMatchObject({
      propertyPath: 'colors',
      message: 'Two colours have the same colour slug',
    });
  });

  it('deletes the photo rows of a deleted variant, and of the variants of a deleted model', async () => {
    const jpeg = await picture();
    const model = await send<{ id: number }>('POST', '/api/editor/range_models', {
      make: 'Subaru',
      make_slug: 'subaru',
      model: 'Short-lived',
      model_slug: `short-lived-${engine}`,
      type: 'car',
      tagline: '',
      description: 'A model made for this test.',
      main_image: variant.main_image,
      sort_order: 99,
    });
    expect(model.status).toBe(201);
    const make = async (slug: string) => {
      const input = inputOf(variant);
      const r = await send<VariantInput>('POST', '/api/editor/range_variants', {
        ...input,
        model_id: model.body.id,
        variant_slug: slug,
        colors: input.colors.map(({ slug: _s, ...c }) => c),
      });
      expect(r.body.violations ?? []).toEqual([]);
      const colour = r.body.colors[0]?.slug ?? '';
      expect((await upload(variantBase(r.body.id), form({ data: jpeg, name: 'a.jpg' }))).status).toBe(201);
      expect((await upload(colourBase(colour, r.body.id), form({ data: jpeg, name: 'b.jpg' }))).status).toBe(
        201,
      );
      expect(await imageRows(r.body.id)).toHaveLength(2);
      return r.body.id;
    };
    const one = await make('one');
    const two = await make('two');
    await expectConsistent();

    expect((await send('DELETE', `/api/editor/range_variants/${one}`)).status).toBe(204);
    expect(await imageRows(one)).toEqual([]);
    await expectConsistent();

    expect((await send('DELETE', `/api/editor/range_models/${model.body.id}`)).status).toBe(204);
    expect(await api.db.db.selectFrom('range_variants').select('id').where('id', '=', two).execute()).toEqual(
      [],
    );
    expect(await imageRows(two)).toEqual([]);
    await expectConsistent();
  });

  it('sweeps the photos of a colour that is no longer on its variant (a crash before they were removed)', async () => {
    const slug = variant.colors[0]?.slug ?? '';
    const r = await upload(colourBase(slug), form({ data: await picture(), name: 'a.jpg' }));
    expect(r.status).toBe(201);
    // The colour goes from the row without its photos, as if the request had stopped half-way.
    await api.db.db
      .updateTable('range_variants')
      .set({ colors: JSON.stringify(variant.colors.slice(1)) })
      .where('id', '=', variant.id)
      .execute();
    await sweepOrphans(api.db.db, localStore(uploads));
    expect((await imageRows(variant.id)).filter((x) => x.owner_key === slug)).toEqual([]);
    await expectConsistent();
  });
});
