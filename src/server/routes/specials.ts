/**
 * Special offers and service deals per dealer (SPEC §7). Lists are grouped by model, the shape the
 * specials page renders as bands; group-wide offers (no dealer) show for every dealer. An offer is shown up
 * to and including its valid_until day on the group's clock, and not from the day after (issue 25 §7,
 * domain/content-window.ts): the built site, which reads these lists, drops it at the next rebuild.
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { contentDay } from '../../config/clock.ts';
import { collectionOf } from '../../contract/hydra.ts';
import { Special, SpecialGroup } from '../../contract/specials.ts';
import { isLiveOn } from '../../domain/content-window.ts';
import { rewriteMotus } from '../../domain/format.ts';
import type { Deps } from '../deps.ts';
import { checkPath, checkQuery, optionalSlug, pathText } from '../http/params.ts';
import { collection, item, notFound } from '../hydra.ts';
import { read } from '../openapi/describe.ts';
import { presentSpecial } from '../present.ts';
import { resolveDealerScope } from './scope.ts';

const tags = ['Specials'];

export function specialRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono();
  const rewrite = (t: string) => rewriteMotus(t, config.brandName);

  const list = (kind: 'special' | 'service') => async (c: Context) => {
    const scope = await resolveDealerScope(deps, c.req.param('dealer') ?? '');
    const { deal } = c.req.valid('query' as never) as { deal?: string };
    let q = db.selectFrom('specials').selectAll().where('kind', '=', kind);
    if (scope.dealerSlug) {
      const slug = scope.dealerSlug;
      q = q.where((eb) => eb.or([eb('dealer_slug', 'is', null), eb('dealer_slug', '=', slug)]));
    }
    if (deal) q = q.where((eb) => eb.or([eb('slug', '=', deal), eb('model_slug', '=', deal)]));
    const today = contentDay(deps.clock);
    const rows = (await q.orderBy('sort_order').orderBy('id').execute()).filter((r) => isLiveOn(r, today));
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
  const dealer = checkPath(v.object({ dealer: pathText('Dealer slug, site name or group slug') }));
  const groups = (what: string) =>
    read(
      `${what} of a dealer (and of the whole group), grouped by model.`,
      tags,
      collectionOf(SpecialGroup),
      [404, 'No dealer has this slug or site name.'],
    );
  const deal = (what: string) =>
    checkQuery(v.object({ deal: optionalSlug(`Only this ${what} or model slug.`) }));
  app.get('/special-deals/:dealer', groups('Vehicle specials'), dealer, deal('special'), list('special'));
  app.get('/service-deals/:dealer', groups('Service deals'), dealer, deal('deal'), list('service'));

  const one = async (c: Context) => {
    const slug = c.req.param('id') ?? '';
    const row = await db.selectFrom('specials').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row || !isLiveOn(row, contentDay(deps.clock))) throw notFound('Special', slug);
    const s = presentSpecial(row, rewrite);
    return item(c, s['@type'], s['@id'], s);
  };
  const bySlug = checkPath(v.object({ id: pathText('Special or deal slug') }));
  app.get('/specials/:id', read('One special by slug.', tags, Special, 404), bySlug, one);
  app.get('/deals/:id', read('One special or service deal by slug.', tags, Special, 404), bySlug, one);
  return app;
}
