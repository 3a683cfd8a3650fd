/**
 * Blog posts: authored as small blocks (heading, paragraph, list, quote) in blog-posts-*.ts and
 * rendered here to plain, safe HTML (no scripts, no inline styles), so the site can show the
 * body as-is and editors' real posts look the same.
 */
import type { Insertable } from 'kysely';
import type { BlogPostsTable } from '../../server/db/schema.ts';
import type { ImageJob, SceneName } from '../art/types.ts';
import { hashString } from '../random.ts';
import { POSTS_1 } from './blog-posts-1.ts';
import { POSTS_2 } from './blog-posts-2.ts';
import { POSTS_3 } from './blog-posts-3.ts';
import type { BodyType } from './common.ts';
import { escapeHtml } from './specials.ts';

type Block = readonly ['h2' | 'p' | 'quote', string] | readonly ['ul', readonly string[]];

export interface PostSpec {
  slug: string;
  title: string;
  description: string;
  date: string; // YYYY-MM-DD
  author: string;
  keywords: readonly string[];
  blocks: readonly Block[];
  art: { scene: SceneName; body: BodyType | null; color: string };
}

const ALL_POSTS: readonly PostSpec[] = [...POSTS_1, ...POSTS_2, ...POSTS_3];

function render(block: Block): string {
  const [tag, content] = block;
  if (tag === 'ul')
    return `<ul>${(content as readonly string[]).map((li) => `<li>${escapeHtml(li)}</li>`).join('')}</ul>`;
  const text = escapeHtml(content as string);
  return tag === 'quote' ? `<blockquote><p>${text}</p></blockquote>` : `<${tag}>${text}</${tag}>`;
}

const blogFile = (slug: string): string => `blog-${slug}.webp`;

/** Posts oldest first, so ids follow publication order. */
export function buildBlogPosts(): Insertable<BlogPostsTable>[] {
  return [...ALL_POSTS]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((p, i) => ({
      id: i + 1,
      slug: p.slug,
      title: p.title,
      description: p.description,
      image: blogFile(p.slug),
      publish_date: p.date,
      author: p.author,
      body: p.blocks.map(render).join('\n'),
      meta_title: `${p.title} | Subaru Blog`,
      meta_description: p.description,
      keywords: p.keywords.join(', '),
    }));
}

export function blogImages(): ImageJob[] {
  return ALL_POSTS.map((p) => {
    const file = blogFile(p.slug);
    return { kind: 'blog', file, art: { type: 'scene', ...p.art, seed: hashString(file) } };
  });
}
