/** Blog posts (SPEC §3): the list item and the full post. */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';
import { Image } from './media.ts';

const summaryEntries = {
  ...context,
  '@id': v.string(),
  '@type': v.literal('BlogPosting'),
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  image: v.pipe(
    Image,
    v.description("The post's uploaded image when there is one, else the drawn file it names."),
  ),
  publish_date: v.pipe(v.string(), v.isoDate()),
  author: v.string(),
};

export const BlogSummary = named('BlogSummary', v.object(summaryEntries));
export type BlogSummary = v.InferOutput<typeof BlogSummary>;

export const BlogPost = named(
  'BlogPost',
  v.object({
    ...summaryEntries,
    id: int,
    body: v.pipe(v.string(), v.description('HTML, reduced to a safe allow-list.')),
    meta_title: v.string(),
    meta_description: v.string(),
    keywords: v.string(),
  }),
);
export type BlogPost = v.InferOutput<typeof BlogPost>;
