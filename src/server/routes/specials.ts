/**
 * Special offers and service deals per dealer (SPEC §7). Lists are grouped by model, the shape the
 * specials page renders as bands; group-wide offers (no dealer) show for every dealer.
 */
import { Hono } from 'hono';
import type { SpecialGroup } from '../../lib/contract.ts';
import { rewriteMotus } from '../../lib/format.ts';
import type { Deps } from '../deps.ts';
import { collection, item, notFound } from '../hydra.ts';
import { presentSpecial } from '../present.ts';
import { slugParam } from './params.ts';
import { resolveDealerScope } from './scope.ts';

export function specialRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono();
  const rewrite = (t: string) => rewriteMotus(t, config.brandName);

  const list = (kind: 'special' | 'service') => async (c: import('hono').Context) => {
    const scope = await resolveDealerScope(deps, c.req.param('dealer') ?? '');
    const deal = slugParam(c.req.query('deal'), 'deal');
    let q = db.selectFrom('specials').selectAll().where('kind', '=', kind);
    if (scope.dealerSlug) {
      const slug = scope.dealerSlug;
      q = q.where((eb) => eb.or([eb('dealer_slug', 'is', null), eb('dealer_slug', '=', slug)]));
    }
    if (deal) q = q.where((eb) => eb.or([eb('slug', '=', deal), eb('model_slug', '=', deal)]));
    const rows = await q.orderBy('sort_order').orderBy('id').execute();
    const groups = new Map<string, SpecialGroup>();
    for (const row of rows) {
      const s = presentSpecial(row, rewrite);
      const g = groups.get(row.model_slug) ?? {
        '@type': 'SpecialGroup',
        model: row.model,
        slug: row.model_slug,
        thumbnail: row.thumbnail,
        specials: [],
      };
      g.specials.push(s);
      groups.set(row.model_slug, g);
    }
    const members = [...groups.values()];
    return collection(c, kind === 'service' ? 'ServiceDeal' : 'Special', members, members.length);
  };
  app.get('/special-deals/:dealer', list('special'));
  app.get('/service-deals/:dealer', list('service'));

  const one = async (c: import('hono').Context) => {
    const slug = c.req.param('id') ?? '';
    const row = await db.selectFrom('specials').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row) throw notFound('Special', slug);
    const s = presentSpecial(row, rewrite);
    return item(c, s['@type'], s['@id'], s);
  };
  app.get('/specials/:id', one);
  app.get('/deals/:id', one);
  return app;
}
