import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { collection, item, notFound } from '../hydra.ts';
import { presentBlogPost, presentBlogSummary } from '../present.ts';
import { pageParam } from './params.ts';

export const BLOG_PAGE_SIZE = 6;

export function blogRoutes({ db }: Deps) {
  const app = new Hono();
  app.get('/blog', async (c) => {
    const page = pageParam(c.req.query('page'));
    const [{ total }] = (await db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .execute()) as [{ total: number }];
    const rows = await db
      .selectFrom('blog_posts')
      .select(['slug', 'title', 'description', 'image', 'publish_date', 'author'])
      .orderBy('publish_date', 'desc')
      .orderBy('id', 'desc')
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE)
      .execute();
    return collection(c, 'BlogPosting', rows.map(presentBlogSummary), Number(total), {
      page,
      pageSize: BLOG_PAGE_SIZE,
    });
  });

  app.get('/blog/:slug', async (c) => {
    const slug = c.req.param('slug');
    const row = await db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row) throw notFound('Blog post', slug);
    const p = presentBlogPost(row);
    return item(c, 'BlogPosting', p['@id'], p);
  });
  return app;
}
