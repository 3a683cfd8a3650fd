/**
 * The new-vehicle range: variants under the historical /renault_ranges path (SPEC §7),
 * one variant by id, and a model-level list (/ranges) for the range grid and carousels.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { collectionOf } from '../../contract/hydra.ts';
import { RangeModel, Variant, VEHICLE_TYPES } from '../../contract/range.ts';
import { COLOUR_IMAGE_OWNER } from '../../domain/photos.ts';
import type { Deps } from '../deps.ts';
import {
  checkPath,
  checkQuery,
  optionalChoice,
  optionalSlug,
  page,
  pathId,
  pathSlug,
} from '../http/params.ts';
import { collection, item, notFound } from '../hydra.ts';
import { photosOfContent } from '../media/photos.ts';
import { read } from '../openapi/describe.ts';
import { presentRangeModel, presentVariant } from '../present.ts';

const RANGE_PAGE_SIZE = 50;
/** Uploads of variants and of their colours (docs/decisions/185-variant-colour-images.md). */
const variantPhotos = (db: Deps['db'], ids: number[]) =>
  photosOfContent(db, ['range_variant', COLOUR_IMAGE_OWNER], ids);
const tags = ['New range'];
const type = optionalChoice(VEHICLE_TYPES, 'car or motorcycle; empty for both.');

export function rangeRoutes({ db }: Deps) {
  const app = new Hono();

  app.get(
    '/renault_ranges',
    read('New-range variants (historical path name), 50 a page.', tags, collectionOf(Variant)),
    checkQuery(
      v.object({
        page: page('Page from 1 (50 a page).'),
        make_slug: optionalSlug('Make slug.'),
        model_slug: optionalSlug('Model slug.'),
        model: optionalSlug('Same as model_slug (SPEC §7 variant form).'),
        variant_slug: optionalSlug('Variant slug.'),
        variant: optionalSlug('Same as variant_slug.'),
        type,
      }),
    ),
    async (c) => {
      const query = c.req.valid('query');
      const { page, make_slug: make, type } = query;
      const model = query.model_slug ?? query.model;
      const variant = query.variant_slug ?? query.variant;
      let q = db.selectFrom('range_variants as v').innerJoin('range_models as m', 'm.id', 'v.model_id');
      if (make) q = q.where('m.make_slug', '=', make);
      if (model) q = q.where('m.model_slug', '=', model);
      if (variant) q = q.where('v.variant_slug', '=', variant);
      if (type) q = q.where('m.type', '=', type);
      const [{ total }] = (await q.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [
        { total: number },
      ];
      const rows = await q
        .selectAll('v')
        .select(['m.make', 'm.model', 'm.make_slug', 'm.model_slug', 'm.type', 'm.gallery'])
        .orderBy('m.sort_order')
        .orderBy('v.sort_order')
        .orderBy('v.id')
        .limit(RANGE_PAGE_SIZE)
        .offset((page - 1) * RANGE_PAGE_SIZE)
        .execute();
      const photos = await variantPhotos(
        db,
        rows.map((r) => r.id),
      );
      const members = rows.map((r) => presentVariant(r, r, photos.get(r.id)));
      return collection(c, 'Variant', members, Number(total), { page, pageSize: RANGE_PAGE_SIZE });
    },
  );

  app.get(
    '/vehicle_range/:id',
    read('One new-range variant by id.', tags, Variant, 404),
    checkPath(v.object({ id: pathId('Range variant') })),
    async (c) => {
      const { id } = c.req.valid('param');
      const v = await db.selectFrom('range_variants').selectAll().where('id', '=', id).executeTakeFirst();
      if (!v) throw notFound('Range variant', String(id));
      const m = await db
        .selectFrom('range_models')
        .selectAll()
        .where('id', '=', v.model_id)
        .executeTakeFirstOrThrow();
      const body = presentVariant(v, m, (await variantPhotos(db, [v.id])).get(v.id));
      return item(c, 'Variant', body['@id'], body);
    },
  );

  // Model-level range ("New-range car" of SPEC §3): one entry per model with its lowest price.
  const models = async (type?: (typeof VEHICLE_TYPES)[number], make?: string, model?: string) => {
    let q = db
      .selectFrom('range_models as m')
      .innerJoin('range_variants as v', 'v.model_id', 'm.id')
      .selectAll('m')
      .select((eb) => [
        eb.fn.min<number>('v.model_price').as('min_price'),
        eb.fn.count<number>('v.id').as('variants'),
      ])
      .groupBy([
        'm.id',
        'm.make',
        'm.make_slug',
        'm.model',
        'm.model_slug',
        'm.type',
        'm.tagline',
        'm.description',
        'm.main_image',
        'm.gallery',
        'm.sort_order',
      ])
      .orderBy('m.sort_order')
      .orderBy('m.id');
    if (type) q = q.where('m.type', '=', type);
    if (make) q = q.where('m.make_slug', '=', make);
    if (model) q = q.where('m.model_slug', '=', model);
    const rows = await q.execute();
    const photos = await photosOfContent(
      db,
      'range_model',
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentRangeModel(r, Number(r.min_price), Number(r.variants), photos.get(r.id)));
  };

  app.get(
    '/ranges',
    read('New-range models with their lowest price.', tags, collectionOf(RangeModel)),
    checkQuery(v.object({ type, make_slug: optionalSlug('Make slug.') })),
    async (c) => {
      const { type, make_slug } = c.req.valid('query');
      const list = await models(type, make_slug);
      return collection(c, 'RangeModel', list, list.length);
    },
  );

  app.get(
    '/ranges/:make/:model',
    read('One new-range model.', tags, RangeModel, 404),
    checkPath(v.object({ make: pathSlug('Make slug'), model: pathSlug('Model slug') })),
    async (c) => {
      const { make, model } = c.req.valid('param');
      const [m] = await models(undefined, make, model);
      if (!m) throw notFound('Range model', `${make}/${model}`);
      return item(c, 'RangeModel', m['@id'], m);
    },
  );
  return app;
}
