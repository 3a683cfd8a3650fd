/**
 * The static paths of the pre-built routes with parameters, each for every site (route-kit.ts): a
 * route file under src/pages/[...site]/ exports `routes.X` as its getStaticPaths. Data comes from the
 * cached build-time client (data.ts).
 */
import type { BlogSummary, RangeModel, Special, Variant } from '../contract/index.ts';
import { paths } from '../domain/urls.ts';
import { BLOG_PAGE_SIZE, data } from './data.ts';
import { type Entry, eachSite } from './route-kit.ts';

export interface ShowroomProps {
  models: RangeModel[];
}
interface MakeProps extends ShowroomProps {
  makeSlug: string;
  makeName: string;
}
export interface ModelProps {
  model: RangeModel;
  variants: Variant[];
}
export interface VariantProps {
  model: RangeModel;
  variant: Variant;
}
export interface OfferProps {
  offer: Special;
}
export interface BlogPageProps {
  page: number;
  pages: number;
  total: number;
  posts: BlogSummary[];
}
export interface BlogPostProps {
  slug: string;
}

async function modelEntries(): Promise<ModelProps[]> {
  const models = await data.rangeModels();
  return Promise.all(
    models.map(async (model) => ({
      model,
      variants: await data.variantsOf(model.make_slug, model.model_slug),
    })),
  );
}

/** /showroom: the whole range. */
const showroom = eachSite<ShowroomProps>(async () => [
  { params: {}, props: { models: await data.rangeModels() } },
]);

const makes = eachSite<MakeProps>(async () => {
  const models = await data.rangeModels();
  const bySlug = new Map<string, RangeModel[]>();
  for (const m of models) bySlug.set(m.make_slug, [...(bySlug.get(m.make_slug) ?? []), m]);
  return [...bySlug].map(([makeSlug, list]) => ({
    params: { make: makeSlug },
    props: { makeSlug, makeName: list[0]?.make ?? makeSlug, models: list },
  }));
});

const models = eachSite<ModelProps>(async () =>
  (await modelEntries()).map((p) => ({
    params: { make: p.model.make_slug, model: p.model.model_slug },
    props: p,
  })),
);

const variants = eachSite<VariantProps>(async () => {
  const out: Entry<VariantProps>[] = [];
  for (const { model, variants: list } of await modelEntries()) {
    for (const variant of list) {
      out.push({
        params: { make: model.make_slug, model: model.model_slug, variant: variant.variant_slug },
        props: { model, variant },
      });
    }
  }
  return out;
});

const offers = eachSite<OfferProps>(async (ctx) =>
  (await data.offers(ctx.scope)).map((offer) => ({ params: { slug: offer.slug }, props: { offer } })),
);

/** Page `page` of the blog list (page 1 is /blog); ceil so every post is reachable (DESIGN §5). */
async function blogPage(page: number): Promise<BlogPageProps> {
  const { posts, total } = await data.blogAll();
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const start = (page - 1) * BLOG_PAGE_SIZE;
  return { page, pages, total, posts: posts.slice(start, start + BLOG_PAGE_SIZE) };
}

/** /blog and its later pages /blog/page/{n}: the rest parameter `page` is what paths.blog adds to /blog. */
const blogList = eachSite<BlogPageProps>(async () => {
  const first = await blogPage(1);
  const out: Entry<BlogPageProps>[] = [{ params: {}, props: first }];
  for (let n = 2; n <= first.pages; n++)
    out.push({ params: { page: paths.blog(n).slice('/blog/'.length) }, props: await blogPage(n) });
  return out;
});

const blogPosts = eachSite<BlogPostProps>(async () =>
  (await data.blogAll()).posts.map((p) => ({ params: { slug: p.slug }, props: { slug: p.slug } })),
);

export const routes = {
  showroom,
  make: makes,
  model: models,
  variant: variants,
  offer: offers,
  blogList,
  blogPost: blogPosts,
};
