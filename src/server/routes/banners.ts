import { Hono } from 'hono';
import * as v from 'valibot';
import { contentDay } from '../../config/clock.ts';
import { BANNER_TYPES, Banner } from '../../contract/banners.ts';
import { collectionOf } from '../../contract/hydra.ts';
import { isLiveOn } from '../../domain/content-window.ts';
import type { Deps } from '../deps.ts';
import { checkQuery, optionalChoice } from '../http/params.ts';
import { collection } from '../hydra.ts';
import { photosOfContent } from '../media/photos.ts';
import { read } from '../openapi/describe.ts';
import { presentBanner } from '../present.ts';

/** A banner scheduled for a later day (publish_from, issue 25 §7) is left out until that day. */
export function bannerRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono();
  // ?type=Car | Motorcycle; empty means every banner (SPEC §7).
  app.get(
    '/banners',
    read('Home-page banners, optionally of one type.', ['Content'], collectionOf(Banner)),
    checkQuery(v.object({ type: optionalChoice(BANNER_TYPES, 'Car or Motorcycle; empty for all.') })),
    async (c) => {
      const { type } = c.req.valid('query');
      let q = db.selectFrom('banners').selectAll().orderBy('sort_order').orderBy('id');
      if (type) q = q.where('type', '=', type);
      const today = contentDay(deps.clock);
      const rows = (await q.execute()).filter((r) => isLiveOn(r, today));
      const photos = await photosOfContent(
        db,
        'banner',
        rows.map((r) => r.id),
      );
      return collection(
        c,
        'Banner',
        rows.map((r) => presentBanner(r, photos.get(r.id)?.[0])),
        rows.length,
      );
    },
  );
  return app;
}
