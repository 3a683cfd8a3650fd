import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { badRequest, collection } from '../hydra.ts';
import { presentBanner } from '../present.ts';

export const BANNER_TYPES = ['Car', 'Motorcycle'] as const;

export function bannerRoutes({ db }: Deps) {
  const app = new Hono();
  // ?type=Car | Motorcycle; empty means every banner (SPEC §7).
  app.get('/banners', async (c) => {
    const raw = c.req.query('type')?.trim() ?? '';
    const type = BANNER_TYPES.find((t) => t.toLowerCase() === raw.toLowerCase());
    if (raw && !type)
      throw badRequest(`type: '${raw}' is not one of ${BANNER_TYPES.join(', ')}`, { parameter: 'type' });
    let q = db.selectFrom('banners').selectAll().orderBy('sort_order').orderBy('id');
    if (type) q = q.where('type', '=', type);
    const rows = await q.execute();
    return collection(c, 'Banner', rows.map(presentBanner), rows.length);
  });
  return app;
}
