import { Hono } from 'hono';
import * as v from 'valibot';
import { BlogPost, BlogSummary } from '../../contract/blog.ts';
import { collectionOf } from '../../contract/hydra.ts';
import type { Deps } from '../deps.ts';
import { checkPath, checkQuery, page, pathText } from '../http/params.ts';
import { collection, item, notFound } from '../hydra.ts';
import { photosOfContent } from '../media/photos.ts';
import { read } from '../openapi/describe.ts';
import { presentBlogPost, presentBlogSummary } from '../present.ts';

export const BLOG_PAGE_SIZE = 6;
const tags = ['Blog'];

export function blogRoutes({ db }: Deps) {
  const app = new Hono();
  app.get(
    '/blog',
    read('Blog posts, newest first, 6 a page.', tags, collectionOf(BlogSummary)),
    checkQuery(v.object({ page: page() })),
    async (c) => {
      const { page } = c.req.valid('query');
      const [{ total }] = (await db
        .selectFrom('blog_posts')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .execute()) as [{ total: number }];
      const rows = await db
        .selectFrom('blog_posts')
        .select(['id', 'slug', 'title', 'description', 'image', 'publish_date', 'author'])
        .orderBy('publish_date', 'desc')
        .orderBy('id', 'desc')
        .limit(BLOG_PAGE_SIZE)
        .offset((page - 1) * BLOG_PAGE_SIZE)
        .execute();
      const photos = await photosOfContent(
        db,
        'blog_post',
        rows.map((r) => r.id),
      );
      const members = rows.map(({ id, ...r }) => presentBlogSummary(r, photos.get(id)?.[0]));
      return collection(c, 'BlogPosting', members, Number(total), {
        page,
        pageSize: BLOG_PAGE_SIZE,
      });
    },
  );

  app.get(
    '/blog/:slug',
    read('One blog post with its HTML body.', tags, BlogPost, 404),
    checkPath(v.object({ slug: pathText('Post slug') })),
    async (c) => {
      const { slug } = c.req.valid('param');
      const row = await db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst();
      if (!row) throw notFound('Blog post', slug);
      const photo = (await photosOfContent(db, 'blog_post', [row.id])).get(row.id)?.[0];
      const p = presentBlogPost(row, photo);
      return item(c, 'BlogPosting', p['@id'], p);
    },
  );
  return app;
}
