import { Hono } from 'hono';
import * as v from 'valibot';
import { contentDay } from '../../config/clock.ts';
import { BlogPost, BlogSummary } from '../../contract/blog.ts';
import { collectionOf } from '../../contract/hydra.ts';
import { isLiveOn } from '../../domain/content-window.ts';
import type { Deps } from '../deps.ts';
import { checkPath, checkQuery, page, pathText } from '../http/params.ts';
import { collection, item, notFound } from '../hydra.ts';
import { photosOfContent } from '../media/photos.ts';
import { read } from '../openapi/describe.ts';
import { presentBlogPost, presentBlogSummary } from '../present.ts';

const BLOG_PAGE_SIZE = 6;
const tags = ['Blog'];

/**
 * A post scheduled for a later day (publish_from) is absent from the list and its own URL
 * until that day on the group's clock (domain/content-window.ts).
 */
export function blogRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono();
  app.get(
    '/blog',
    read('Blog posts, newest first, 6 a page.', tags, collectionOf(BlogSummary)),
    checkQuery(v.object({ page: page() })),
    async (c) => {
      const { page } = c.req.valid('query');
      const today = contentDay(deps.clock);
      const live = (
        await db
          .selectFrom('blog_posts')
          .select(['id', 'publish_from'])
          .orderBy('publish_date', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).filter((r) => isLiveOn(r, today));
      const ids = live.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE).map((r) => r.id);
      const total = live.length;
      const rows = ids.length
        ? await db
            .selectFrom('blog_posts')
            .select(['id', 'slug', 'title', 'description', 'image', 'publish_date', 'author'])
            .where('id', 'in', ids)
            .orderBy('publish_date', 'desc')
            .orderBy('id', 'desc')
            .execute()
        : [];
      const photos = await photosOfContent(
        db,
        'blog_post',
        rows.map((r) => r.id),
      );
      const members = rows.map(({ id, ...r }) => presentBlogSummary(r, photos.get(id)?.[0]));
      return collection(c, 'BlogPosting', members, total, {
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
      if (!row || !isLiveOn(row, contentDay(deps.clock))) throw notFound('Blog post', slug);
      const photo = (await photosOfContent(db, 'blog_post', [row.id])).get(row.id)?.[0];
      const p = presentBlogPost(row, photo);
      return item(c, 'BlogPosting', p['@id'], p);
    },
  );
  return app;
}
