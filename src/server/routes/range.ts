/**
 * The new-vehicle range: variants under the historical /renault_ranges path (SPEC §7),
 * one variant by id, and a model-level list (/ranges) for the range grid and carousels.
 */
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { badRequest, collection, item, notFound } from '../hydra.ts';
import { presentRangeModel, presentVariant } from '../present.ts';
import { idParam, pageParam, slugParam } from './params.ts';

export const RANGE_PAGE_SIZE = 50;
const TYPES = ['car', 'motorcycle'] as const;

function typeParam(raw: string | undefined): (typeof TYPES)[number] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const t = TYPES.find((x) => x === raw.trim().toLowerCase());
  if (!t) throw badRequest(`type: '${raw}' is not one of car, motorcycle`, { parameter: 'type' });
  return t;
}

export function rangeRoutes({ db }: Deps) {
  const app = new Hono();

  app.get('/renault_ranges', async (c) => {
    const page = pageParam(c.req.query('page'));
    const make = slugParam(c.req.query('make_slug'), 'make_slug');
    const model = slugParam(c.req.query('model_slug') ?? c.req.query('model'), 'model_slug');
    const variant = slugParam(c.req.query('variant_slug') ?? c.req.query('variant'), 'variant_slug');
    const type = typeParam(c.req.query('type'));
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
    const members = rows.map((r) => presentVariant(r, r));
    return collection(c, 'Variant', members, Number(total), { page, pageSize: RANGE_PAGE_SIZE });
  });

  app.get('/vehicle_range/:id', async (c) => {
    const id = idParam(c.req.param('id'), 'Range variant');
    const v = await db.selectFrom('range_variants').selectAll().where('id', '=', id).executeTakeFirst();
    if (!v) throw notFound('Range variant', String(id));
    const m = await db
      .selectFrom('range_models')
      .selectAll()
      .where('id', '=', v.model_id)
      .executeTakeFirstOrThrow();
    const body = presentVariant(v, m);
    return item(c, 'Variant', body['@id'], body);
  });

  // Model-level range ("New-range car" of SPEC §3): one entry per model with its lowest price.
  const models = async (type?: (typeof TYPES)[number], make?: string, model?: string) => {
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
    return rows.map((r) => presentRangeModel(r, Number(r.min_price), Number(r.variants)));
  };

  app.get('/ranges', async (c) => {
    const list = await models(
      typeParam(c.req.query('type')),
      slugParam(c.req.query('make_slug'), 'make_slug'),
    );
    return collection(c, 'RangeModel', list, list.length);
  });

  app.get('/ranges/:make/:model', async (c) => {
    const [m] = await models(
      undefined,
      slugParam(c.req.param('make'), 'make'),
      slugParam(c.req.param('model'), 'model'),
    );
    if (!m) throw notFound('Range model', `${c.req.param('make')}/${c.req.param('model')}`);
    return item(c, 'RangeModel', m['@id'], m);
  });
  return app;
}
